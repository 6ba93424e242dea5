"""Scenario helpers shared by the test_board_buildings tests."""

from __future__ import annotations

import pytest
from board_helpers import act, put, run_tasks

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import BoardAction, option
from carson.games.board.engine.state import BoardGameState, S
from carson.games.board.engine.tasks import Space
from carson.games.board.town import (
    h_edge,
    parcel,
)

# --- scenario helpers ------------------------------------------------------------------------


def tile(g: BoardGameState, kind: str, *cells: tuple[int, int]) -> None:
    for x, y in cells:
        g.town.tiles[parcel(x, y)] = kind


def events(g: BoardGameState, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in g._events if e.kind == kind]


def snapshot(g: BoardGameState) -> str:
    t = g.town
    pieces = (g.players, t.tiles, t.owners, sorted(t.roads), g.decision, g.tasks, g.cowboys_at)
    return repr((*pieces, g.build_spaces, g.construction, g.round.given_up))


def rejects(g: BoardGameState, seat: int, action: BoardAction) -> None:
    """The action raises IllegalActionError and leaves the state as it was."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(seat, action)
    assert snapshot(g) == before


def P(x: int, y: int) -> int:  # a parcel, short for the many scenario cells
    return parcel(x, y)


def kinds(g: BoardGameState, seat: int, kind: str) -> set[int]:
    """The args of the legal actions of this kind."""
    return {a.arg for a in g.legal_actions(seat) if a.kind == kind}


def buy(g: BoardGameState, seat: int, building: str, price: int = 6) -> None:
    """``seat`` wins BUILD_price holding ``building`` and takes it: the construction opens."""
    g.build_spaces[price] = building
    put(g, seat, f"build_{price}")
    run_tasks(g, Space(S[f"build_{price}"]))
    act(g, seat, "option", option("take").arg)
    assert g.decision is not None and g.decision.kind == "construct"
    assert g.decision.seats == (seat,)


def centre_road(g: BoardGameState) -> None:
    """One road H(3,3): access for (2,2), (3,2), (4,2), (2,3), (3,3), (4,3) only."""
    g.town.add_road(h_edge(3, 3))


ACCESS = {P(2, 2), P(3, 2), P(4, 2), P(2, 3), P(3, 3), P(4, 3)}
