"""Scenario helpers shared by the test_board_variants tests."""

from __future__ import annotations

import random
from typing import Any

from board_helpers import act, new_game, run_tasks, target

from carson.core.game import Event
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, PURCHASES, BoardAction
from carson.games.board.engine.state import (
    BoardGameState,
    S,
)
from carson.games.board.engine.tasks import Space
from carson.games.board.town import parcel

#: BG-10.3 placeholder river (the data file's default).
RIVER_XY = [(5, 0), (5, 1), (4, 1), (4, 2), (4, 3), (3, 3), (3, 4), (3, 5), (2, 5), (2, 6), (2, 7)]
RIVER = {parcel(x, y) for x, y in RIVER_XY}
ALL = (1 << len(PERSONALITY_IDS)) - 1


# --- scenario helpers -------------------------------------------------------------------------


def buy(item: str) -> BoardAction:
    return BoardAction("purchase", PURCHASES.index(item))


def answer(g: BoardGameState, *kinds: str) -> list[Event]:
    """Answer decisions of these kinds (first legal action, pass where allowed) while open."""
    events: list[Event] = []
    while g.decision is not None and g.decision.kind in kinds:
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        events += g.apply(seat, PASS if PASS in legal else legal[0])
    return events


def at_placement(
    cards: dict[int, str], players: int = 3, variants: tuple[str, ...] = (), seed: int = 0
) -> BoardGameState:
    """A game at the first placement, seat ``s`` holding ``cards[s]`` (everything else answered
    with the first legal action or a pass)."""
    g = new_game(players, variants, seed)
    while g.decision is not None and g.decision.kind != "place":
        d = g.decision
        if d.kind == "personality":
            act(g, d.seats[0], "personality", PERSONALITY_IDS.index(cards[d.seats[0]]))
        elif d.kind == "vote":
            act(g, d.seats[0], "vote", 0)
        else:
            answer(g, d.kind)
    return g


def put(g: BoardGameState, t: str | tuple[int, int], *seats: int) -> None:
    """Move one cowboy of each seat from its supply onto a target."""
    cows = g.cowboys_at.setdefault(target(t), [])
    for seat in seats:
        g.players[seat].cowboys -= 1
        cows.append((seat, False))


def duels(events: list[Event]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == "duel"]


def rng_copy(g: BoardGameState) -> random.Random:
    """A generator that will draw what the game draws next."""
    r = random.Random()
    r.setstate(g.rng.getstate())
    return r


def private(events: list[Event], seat: int) -> bool:
    """No event is visible to anybody but ``seat``."""
    return all(not e.visible_to(None) and e.seats == frozenset({seat}) for e in events)


def tile_duel(
    tiles: tuple[list[int], list[int]], pool: list[int], pass_order: list[int] | None = None
) -> BoardGameState:
    """Seats 0 and 1 (strength 5 each) both on AMMUNITION, with these hands and pool."""
    g = at_placement({0: "banker", 1: "grocer", 2: "sheriff"}, variants=("duel-tiles",))
    g.cowboys_at.clear()
    for seat, hand in enumerate(tiles):
        g.players[seat].tiles = list(hand)
        g.players[seat].revolvers = 3
    g.players[2].tiles = []
    g.pool = list(pool)
    g.round.pass_order = pass_order or [0, 1, 2]
    put(g, "ammunition", 0, 1)
    assert g.strength(0) == g.strength(1) == 5
    run_tasks(g, Space(S["ammunition"]))
    return g
