"""A board game waiting for an owner's answer to a builder (BG-9.4), for the page's and the
terminal's tests of "grant all" and the parcels with road access (issue 19)."""

from __future__ import annotations

from collections import deque

from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import Construction, DecisionKind, Origin
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import Town, h_edge, parcel

#: Seat 1's free parcels; a road at H(3, 3) gives (2, 2) and (2, 3) access, not (0, 0), (6, 6).
OFFERED = [(0, 0), (2, 2), (2, 3), (6, 6)]
ACCESS = [(2, 2), (2, 3)]


def asked_for_grant() -> BoardGameState:
    """Seat 0 builds a saloon on (3, 3) and has asked seat 1, who must answer now."""
    g = BoardGameState(BoardConfig.of(3, ()), 0)
    g.tasks = deque()
    g.town = Town()
    g.town.add_road(h_edge(3, 3))
    g.town.set_owner(parcel(3, 3), 0)
    for x, y in OFFERED:
        g.town.set_owner(parcel(x, y), 1)
    g.construction = Construction(0, "saloon", Origin.SPACE)
    g.ask(DecisionKind.CONSTRUCT, (0,))
    g.apply(0, BoardAction("ask", 1))
    assert g.decision is not None and g.decision.kind == "grant"
    return g
