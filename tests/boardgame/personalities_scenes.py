"""Scenario helpers shared by the test_board_personalities tests."""

from __future__ import annotations

from board_helpers import act, new_game, target

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import OPTIONS, PASS, BoardAction
from carson.games.board.engine.state import (
    BoardGameState,
    Decision,
)
from carson.games.board.town import Town, parcel

RED = ("red-sides",)


# --- scenario helpers -------------------------------------------------------------------------


def after_claims(players: int = 3, variants: tuple[str, ...] = (), seed: int = 0) -> BoardGameState:
    """A new game with the starting parcels placed (first legal parcel each time)."""
    g = new_game(players, variants, seed)
    while g.decision is not None and g.decision.kind == "claim":
        seat = g.decision.seats[0]
        g.apply(seat, g.legal_actions(seat)[0])
    assert g.decision is not None and g.decision.kind == "personality"
    return g


def choose(g: BoardGameState, card: str) -> int:
    """The seat choosing now takes ``card``; returns that seat."""
    d = g.decision
    assert d is not None and d.kind == "personality", d
    seat = d.seats[0]
    act(g, seat, "personality", PERSONALITY_IDS.index(card))
    return seat


def settle(g: BoardGameState) -> None:
    """Answer the open follow-up decisions (forced menus: first option; else pass)."""
    while g.decision is not None and g.decision.kind not in ("personality", "place"):
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        g.apply(seat, PASS if PASS in legal else legal[0])


def with_cards(
    cards: dict[int, str], players: int = 3, variants: tuple[str, ...] = (), seed: int = 0
) -> BoardGameState:
    """A game at the first placement, seat ``s`` holding ``cards[s]`` (follow-ups settled)."""
    g = after_claims(players, variants, seed)
    while g.decision is not None and g.decision.kind != "place":
        if g.decision.kind == "personality":
            act(
                g,
                g.decision.seats[0],
                "personality",
                PERSONALITY_IDS.index(cards[g.decision.seats[0]]),
            )
        settle(g)
    return g


def placing(g: BoardGameState, seat: int) -> list[BoardAction]:
    """``seat``'s legal placements if it were his turn now."""
    g.decision = Decision("place", (seat,))
    return g.legal_actions(seat)


def cowboy(t: str | tuple[int, int]) -> BoardAction:
    return BoardAction("cowboy", target(t))


def white(t: str | tuple[int, int]) -> BoardAction:
    return BoardAction("white", target(t))


def options(g: BoardGameState, seat: int) -> list[str]:
    """The named options of the open menu (``pass`` if passing is allowed)."""
    return ["pass" if a == PASS else OPTIONS[a.arg] for a in g.legal_actions(seat)]


def put(
    g: BoardGameState, t: str | tuple[int, int], *seats: int, white_seat: int | None = None
) -> None:
    """Move cowboys of ``seats`` (and the white one of ``white_seat``) from their supplies
    onto a target, as placements would."""
    cows = g.cowboys_at.setdefault(target(t), [])
    for seat in seats:
        g.players[seat].cowboys -= 1
        cows.append((seat, False))
    if white_seat is not None:
        g.players[white_seat].white = False
        cows.append((white_seat, True))


def own(g: BoardGameState, xy: tuple[int, int], seat: int, tile: str | None = None) -> int:
    p = parcel(*xy)
    g.town.set_owner(p, seat)
    g.town.tiles[p] = tile
    return p


def empty_town(g: BoardGameState) -> None:
    g.town = Town()
    g.cowboys_at.clear()


def duel_events(g: BoardGameState) -> list[dict[str, object]]:
    return [dict(e.data) for e in g._events if e.kind == "duel"]


# --- BG-7.1 numbers and cash limits ----------------------------------------------------------

NUMBERS = {
    "sheriff": 1, "banker": 2, "grocer": 3, "worker": 4, "settler": 5, "captain": 6,
    "gunslinger": 7,
}  # fmt: skip
CASH_LIMITS = {
    ("sheriff", "yellow"): 20, ("sheriff", "red"): 20,
    ("banker", "yellow"): 120, ("banker", "red"): 60,
    ("grocer", "yellow"): 60, ("grocer", "red"): 60,
    ("worker", "yellow"): 30, ("worker", "red"): 30,
    ("settler", "yellow"): 30, ("settler", "red"): 20,
    ("captain", "yellow"): 25, ("captain", "red"): 20,
    ("gunslinger", "yellow"): 20, ("gunslinger", "red"): 30,
}  # fmt: skip
