"""Asking a human seat for its board-game decision, one decision kind at a time.

Each kind (see :mod:`carson.games.board.engine.state`) has its question and its parser:
parcels as on the board, ``C4`` (or ``x y``), spaces by number (BG-2.3 order, 1–23) or name,
road edges as a parcel's side, ``C4 top`` (or ``H x y`` / ``V x y``), menus as numbered
options with one line each. An answer that is not understood gets a message saying what is
wanted, one the rules refuse a message saying why (:mod:`~carson.games.board.tui.refusals`),
and the question again: nothing reaches the engine that it would refuse.
"""

from __future__ import annotations

from collections.abc import Callable

from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.state import BoardGameState
from carson.games.board.tui.ask import Ask
from carson.games.board.tui.building import (
    ask_buy_parcels,
    ask_construct,
    ask_grant,
    ask_house,
    ask_roads,
)
from carson.games.board.tui.choices import (
    ask_claim,
    ask_count,
    ask_personality,
    ask_purchase,
    ask_settler,
    ask_tile,
    ask_vote,
)
from carson.games.board.tui.menus import ask_menu, ask_stored
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.placing import ask_order, ask_place
from carson.games.board.tui.refusals import refusal
from carson.games.board.tui.sight import BoardSight
from carson.terminal.asker import Asker


def ask_board_action(
    asker: Asker, state: BoardGameState, seat: int, names: BoardNames
) -> BoardAction:
    """The seat's decision now, asked until it is a legal action."""
    return ask_seen_action(asker, BoardSight.of(state, seat), seat, names)


def ask_seen_action(asker: Asker, sight: BoardSight, seat: int, names: BoardNames) -> BoardAction:
    """The decision ``sight``'s seat is asked (its view and legal actions), asked until it
    is one of them: at a local game and online alike."""
    decision = sight.decision
    assert decision is not None and seat in decision.seats and seat == sight.seat
    ask = Ask(asker, sight, seat, names, decision, sight.legal, refusal)
    return ASKS[decision.kind](ask)


ASKS: dict[str, Callable[[Ask], BoardAction]] = {
    "vote": ask_vote,
    "purchase": ask_purchase,
    "claim": ask_claim,
    "personality": ask_personality,
    "settler": ask_settler,
    "menu": ask_menu,
    "place": ask_place,
    "order": ask_order,
    "tile": ask_tile,
    "buy_parcels": ask_buy_parcels,
    "construct": ask_construct,
    "house": ask_house,
    "grant": ask_grant,
    "stored": ask_stored,
    "count": ask_count,
    "roads": ask_roads,
}
