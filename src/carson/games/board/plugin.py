"""*Carson City*, the board game as Yucata runs it, as a plug-in of the platform (entry point
``carson.games``: ``board``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.registry import HUMAN, GameKind
from carson.games.board import schema
from carson.games.board.chance import CHANCE
from carson.games.board.engine.actions import BoardAction, action_from_json
from carson.games.board.engine.config import VARIANTS, BoardConfig
from carson.games.board.engine.model import DecisionKind
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState
from carson.games.board.players import KINDS, make_player


def _config(kinds: Sequence[str], variants: Sequence[str]) -> JSON:
    return BoardConfig.of(len(kinds), variants).to_json()


def _state(data: JSON, seed: int) -> BoardGameState:
    return BoardGameState(BoardConfig.from_json(data), seed)


def _action(state: BoardGameState, data: Any) -> BoardAction:
    return action_from_json(data)


#: The steps whose moves a seat may take back until the step ends (issue 25): BG-11.4's
#: secret new-beginning purchases, and a construction's roads, building and house (BG-9.1,
#: BG-6.1.4) and the river roads at the end (BG-9.2), where nothing hidden or random is
#: revealed before the step ends (an ``ask`` for a parcel, BG-9.4, asks another seat: it
#: ends the draft there).
DRAFTED_STEPS = frozenset(
    {DecisionKind.PURCHASE, DecisionKind.CONSTRUCT, DecisionKind.HOUSE, DecisionKind.ROADS}
)


def _drafting(state: BoardGameState, seat: int) -> bool:
    """Whether ``seat``'s next move is a step of :data:`DRAFTED_STEPS`. Each seat's
    purchases depend on its own money only (BG-10.4); the other steps are one seat's."""
    decision = state.decision
    return decision is not None and decision.kind in DRAFTED_STEPS and seat in decision.seats


def _phase(state: BoardGameState) -> str:
    return "" if state.decision is None else str(state.decision.kind)


# The annotation is the static conformance check: mypy --strict verifies that the state
# satisfies the platform's GameState protocol and that the codec, observer and players agree
# on the action and observation types.
GAME: GameKind[BoardGameState, BoardAction, BoardObservation] = GameKind(
    name="board",
    title="Carson City",
    min_seats=2,
    max_seats=5,
    machine_kinds=tuple(KINDS),
    engine_kinds=(),
    variants=tuple(VARIANTS),
    default_seats=(HUMAN, "ai-medium", "ai-medium"),
    make_config=_config,
    state_factory=_state,
    action_codec=_action,
    player_factory=make_player,
    observer=BoardObservation,
    phase_of=_phase,
    drafting=_drafting,
    action_schema=schema.ACTION,
    view_schema=schema.VIEW,
    adapters={
        "terminal": "carson.games.board.tui:KIT",
        "web": "carson.games.board.web.adapter:WEB",
        "rl": "carson.games.board.rl:ENCODER",
        "analysis": "carson.games.board.ai.search:ANALYST",
    },
    chance=CHANCE,
    order=2,
)
