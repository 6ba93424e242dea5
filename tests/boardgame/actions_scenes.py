"""Scenario helpers shared by the test_board_actions tests."""

from __future__ import annotations

import pytest
from board_helpers import target

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.state import BoardGameState

# --- scenario helpers ------------------------------------------------------------------------


def events(g: BoardGameState, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in g._events if e.kind == kind]


def snapshot(g: BoardGameState) -> str:
    t = g.town
    pieces = (g.players, t.tiles, t.owners, sorted(t.roads), g.decision, g.tasks, g.cowboys_at)
    return repr((*pieces, g.build_spaces, g.round.pass_order))


def rejects(g: BoardGameState, seat: int, action: BoardAction) -> None:
    """The action raises IllegalActionError and leaves the state as it was."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(seat, action)
    assert snapshot(g) == before


def no_cowboys_left(g: BoardGameState, where: str | tuple[int, int]) -> None:
    assert target(where) not in g.cowboys_at
