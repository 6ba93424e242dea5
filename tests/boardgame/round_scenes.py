"""Scenario helpers shared by the test_board_round tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from board_helpers import ScriptedRng, new_game, target

from carson.core.game import Event
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.state import BoardGameState

#: Cards by seat for :func:`start`: Banker (+$9), Worker (+2 roads), Captain (buys nothing).
CARDS = ("banker", "worker", "captain")


def start(players: int = 3, seed: int = 0, cards: Sequence[str] = CARDS) -> BoardGameState:
    """A game at its first placement: each starting parcel is the lowest free one (row 0),
    seat s takes ``cards[s]``, menus are declined."""
    g = new_game(players, seed=seed)
    play_to(g, "place", cards)
    return g


def play_to(g: BoardGameState, kind: str, cards: Sequence[str] = CARDS) -> list[Event]:
    """Answer claims, personalities (``cards``) and menus until a ``kind`` decision opens."""
    events: list[Event] = []
    while g.decision is not None and g.decision.kind != kind:
        d = g.decision
        seat = d.seats[0]
        legal = g.legal_actions(seat)
        if d.kind == "personality":
            action = BoardAction("personality", PERSONALITY_IDS.index(cards[seat]))
        else:
            action = PASS if PASS in legal else legal[0]
        events += g.apply(seat, action)
    return events


def asked(g: BoardGameState) -> tuple[str, int]:
    assert g.decision is not None
    return g.decision.kind, g.decision.seats[0]


def place(g: BoardGameState, seat: int, where: str | tuple[int, int]) -> list[Event]:
    return g.apply(seat, BoardAction("cowboy", target(where)))


def passes(g: BoardGameState, seat: int) -> list[Event]:
    return g.apply(seat, PASS)


def put(g: BoardGameState, where: str | tuple[int, int], *seats: int) -> None:
    """Stand cowboys of ``seats`` on a target (taken from their supplies)."""
    for seat in seats:
        g.players[seat].cowboys -= 1
        g.cowboys_at.setdefault(target(where), []).append((seat, False))


def phase3(g: BoardGameState, pass_order: Sequence[int], dice: Sequence[int] = ()) -> None:
    """Make the scenario a phase-3 one: everyone passed in ``pass_order``; scripted dice."""
    g.decision = None
    g.round.pass_order = list(pass_order)
    g.rng = ScriptedRng(dice=dice)


def snapshot(g: BoardGameState) -> tuple[Any, ...]:
    return (
        [p.copy() for p in g.players],
        g.town.owners,
        {t: list(c) for t, c in g.cowboys_at.items()},
        g.decision,
        g.round.pass_order.copy(),
        len(g.actions),
    )


def duels(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == "duel"]


# === BG-4.1 Phase 1: personalities ========================================================


def answer_round(g: BoardGameState) -> list[int]:
    """Play to the next placement: first free card, menus declined; the choosing seats."""
    choosers = []
    while asked(g)[0] != "place":
        kind, seat = asked(g)
        legal = g.legal_actions(seat)
        if kind == "personality":
            choosers.append(seat)
            g.apply(seat, legal[0])
        else:
            g.apply(seat, PASS if PASS in legal else legal[0])
    return choosers
