"""Which step of the flow runs each task: a table from the task's class to its step (one
dictionary look-up instead of a ``match`` over 27 classes; a test checks it is complete)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

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

TaskT = TypeVar("TaskT", bound=Task)

#: The steps by the task's exact class (``BoardGameState._run`` looks each task's step up
#: here). ``Any`` only inside this table: ``_on`` types each step against its task class.
STEPS: dict[type, Callable[[BoardTable, Any], None]] = {}


def _on(kind: type[TaskT], step: Callable[[BoardTable, TaskT], None]) -> None:
    STEPS[kind] = step


_on(Space, lambda g, t: spaces.space(g, t.space))
_on(Placement, lambda g, t: rounds.placement(g))
_on(Won, lambda g, t: spaces.won(g, t.space))
_on(Fight, lambda g, t: duels.fight(g, t.target, t.seats))
_on(Choose, lambda g, t: rounds.choose(g, t.seat))
_on(Cash, lambda g, t: end.cash(g, t.seat))
_on(RedEffects, lambda g, t: end.red_effects(g, t.seat))
_on(Claim, lambda g, t: setup.claim(g, t.seat))
_on(BuildWindow, lambda g, t: buildings.build_window(g, t.index))
_on(Uncontested, lambda g, t: parcels.uncontested(g, t.index))
_on(Contested, lambda g, t: parcels.contested(g))
_on(ParcelWon, lambda g, t: parcels.parcel_won(g, t.parcel))
_on(Attacks, lambda g, t: buildings.attacks(g))
_on(AttackWon, lambda g, t: buildings.attack_won(g, t.parcel))
_on(Grocer, lambda g, t: buildings.grocer(g))
_on(BuildingIncome, lambda g, t: buildings.pay_buildings(g))
_on(RoundStart, lambda g, t: rounds.round_start(g))
_on(TurnOrder, lambda g, t: rounds.turn_order(g))
_on(EndRound, lambda g, t: end.end_round(g))
_on(NewCowboys, lambda g, t: end.new_cowboys(g))
_on(Refill, lambda g, t: end.refill(g))
_on(NextRound, lambda g, t: end.next_round(g))
_on(RoadStep, lambda g, t: end.road_step(g, t.seat))
_on(Final, lambda g, t: end.final(g))
_on(Setup, lambda g, t: setup.setup(g))
_on(Board, lambda g, t: setup.board(g))
_on(Claims, lambda g, t: setup.claims(g))
