"""The end of a round (BG-4.4) and of the game (BG-4.4.7, BG-8, BG-9.2)."""

from __future__ import annotations

from carson.games.board.engine import tasks
from carson.games.board.engine.flow.gains import gain_vp, pay_excess
from carson.games.board.engine.model import BANKER_VP, DecisionKind, Menu, MenuAsk
from carson.games.board.engine.options import Pick
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import (
    Final,
    RoadStep,
    Task,
)
from carson.games.board.town import HOUSE, MOUNTAIN


def end_round(g: BoardTable) -> None:
    last = g.round.number == g.catalog.rounds
    order = g.round.turn_order
    players = g.players
    # BG-4.4.0, for the red sides only: the others' red effects did nothing (no side turns
    # before the next round).
    queue: list[Task] = [tasks.red_effects(seat) for seat in order if players[seat].side == "red"]
    if not last:
        queue.append(tasks.NEW_COWBOYS)  # BG-4.4.1, BG-4.4.2
    queue += [tasks.cash(seat) for seat in order]  # BG-4.4.3
    if not last:
        queue += [tasks.REFILL, tasks.NEXT_ROUND]
    else:  # BG-4.4.7
        if g.town.river:
            queue += [RoadStep(seat) for seat in order]  # BG-9.2
        queue.append(Final())
    g.then(*queue)


def red_effects(g: BoardTable, seat: int) -> None:
    player = g.players[seat]
    if player.side != "red":
        return
    town = g.town
    if player.personality == "banker":
        if player.money >= min(BANKER_VP.values()):
            g.ask(DecisionKind.MENU, (seat,), MenuAsk(Menu.BANKER))
    elif player.personality == "settler" and player.choice == Pick.VP:
        gain_vp(g, seat, sum(town.tiles[p] == MOUNTAIN for p in town.owned_by(seat)), "settler")
    elif player.personality == "grocer" and player.choice == Pick.VP:
        gain_vp(g, seat, sum(town.tiles[p] == HOUSE for p in town.owned_by(seat)), "grocer")


def new_cowboys(g: BoardTable) -> None:
    gain = g.catalog.new_cowboys[g.round.number - 1]
    for seat, player in enumerate(g.players):
        got = min(gain, g.general_cowboys(seat))  # BG-4.4.2: the colour's 10 at most
        player.cowboys += got
    g.emit("new_cowboys", count=gain)


def cash(g: BoardTable, seat: int) -> None:
    player = g.players[seat]
    excess = player.money - g.cash_limit(seat)
    if excess <= 0:
        return
    if excess % 10:
        g.ask(DecisionKind.MENU, (seat,), MenuAsk(Menu.CASH, excess=excess))
    else:
        pay_excess(g, seat, excess, excess // 10)


def refill(g: BoardTable) -> None:
    g.pack_and_refill()


def next_round(g: BoardTable) -> None:
    """BG-4.4.1, BG-4.4.5, BG-4.4.6: marker, cards, white cowboy and AMMUNITION tile back."""
    for player in g.players:
        player.personality = None
        player.choice = None
        player.white = False
        player.three_revolvers = False
        player.side = "yellow"
    g.round.number += 1
    g.then(tasks.ROUND_START)


def road_step(g: BoardTable, seat: int) -> None:
    if g.road_choices(seat):
        g.ask(DecisionKind.ROADS, (seat,))


def final(g: BoardTable) -> None:
    for seat, player in enumerate(g.players):
        parcels = g.town.final_vp(seat)
        money = player.money // 6
        player.vp += parcels + money
        g.emit("final", seat=seat, parcels=parcels, money=money, total=player.vp)
    g.finished = True
