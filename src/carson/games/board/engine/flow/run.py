"""Which step of the flow runs each task: one explicit dispatch, checked complete by mypy."""

from __future__ import annotations

from typing import assert_never

from carson.games.board.engine.flow import buildings, duels, end, parcels, rounds, setup, spaces
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import (
    Attacks,
    AttackWon,
    Board,
    BuildingIncome,
    BuildWindow,
    Cash,
    Choose,
    Claim,
    Claims,
    Contested,
    EndRound,
    Fight,
    Final,
    Grocer,
    NewCowboys,
    NextRound,
    ParcelWon,
    Placement,
    RedEffects,
    Refill,
    RoadStep,
    RoundStart,
    Setup,
    Space,
    Task,
    TurnOrder,
    Uncontested,
    Won,
)

#: Tasks that settle the town: parcels, buildings, attacks, incomes.
TownTask = (
    BuildWindow | Uncontested | Contested | ParcelWon | Attacks | AttackWon | Grocer
    | BuildingIncome
)  # fmt: skip
#: Tasks that run once a round or once a game (dispatched after the frequent ones).
RareTask = (
    RoundStart | TurnOrder | EndRound | NewCowboys | Refill | NextRound | RoadStep | Final
    | Setup | Board | Claims
)  # fmt: skip


def run_task(g: BoardTable, task: Task) -> None:
    match task:
        case Space(space):  # the most frequent first
            spaces.space(g, space)
        case Placement():
            rounds.placement(g)
        case Won(space):
            spaces.won(g, space)
        case Fight(target, seats):
            duels.fight(g, target, seats)
        case Choose(seat):
            rounds.choose(g, seat)
        case Cash(seat):
            end.cash(g, seat)
        case RedEffects(seat):
            end.red_effects(g, seat)
        case Claim(seat):
            setup.claim(g, seat)
        case _:
            _run_town(g, task)


def _run_town(g: BoardTable, task: TownTask | RareTask) -> None:
    """The steps of a round that change the town: parcels, buildings, attacks, incomes."""
    match task:
        case BuildWindow(index):
            buildings.build_window(g, index)
        case Uncontested(index):
            parcels.uncontested(g, index)
        case Contested():
            parcels.contested(g)
        case ParcelWon(p):
            parcels.parcel_won(g, p)
        case Attacks():
            buildings.attacks(g)
        case AttackWon(p):
            buildings.attack_won(g, p)
        case Grocer():
            buildings.grocer(g)
        case BuildingIncome():
            buildings.pay_buildings(g)
        case _:
            _run_rare(g, task)


def _run_rare(g: BoardTable, task: RareTask) -> None:
    """Tasks that run once a round or once a game."""
    match task:
        case RoundStart():
            rounds.round_start(g)
        case TurnOrder():
            rounds.turn_order(g)
        case EndRound():
            end.end_round(g)
        case NewCowboys():
            end.new_cowboys(g)
        case Refill():
            end.refill(g)
        case NextRound():
            end.next_round(g)
        case RoadStep(seat):
            end.road_step(g, seat)
        case Final():
            end.final(g)
        case Setup():
            setup.setup(g)
        case Board():
            setup.board(g)
        case Claims():
            setup.claims(g)
        case _:
            assert_never(task)
