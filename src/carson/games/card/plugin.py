"""*Carson City: The Card Game* as a plug-in of the platform (entry point ``carson.games``:
``card``): the one object through which servers, pages, the terminal and tools reach it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.registry import HUMAN, GameKind
from carson.games.card import schema
from carson.games.card.chance import CHANCE
from carson.games.card.engine.actions import CardAction, action_from_json
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS, VIRTUAL_LEVELS, GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.players import SEAT_CHOICES, engine_kind, make_player


def _config(kinds: Sequence[str], variants: Sequence[str]) -> JSON:
    return GameConfig.of([engine_kind(kind) for kind in kinds]).to_json()


def _state(data: JSON, seed: int) -> CardGameState:
    return CardGameState(GameConfig.from_json(data), seed)


def _action(state: CardGameState, data: Any) -> CardAction:
    return action_from_json(data, state.personality_ids)


# The annotation is the static conformance check: mypy --strict verifies that the state
# satisfies the platform's GameState protocol and that the codec, observer and players agree
# on the action and observation types.
GAME: GameKind[CardGameState, CardAction, SeatObservation] = GameKind(
    name="card",
    title="Carson City: The Card Game",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    machine_kinds=tuple(SEAT_CHOICES),
    engine_kinds=tuple(VIRTUAL_LEVELS),
    variants=(),
    default_seats=(HUMAN, "expert", "expert", "expert"),
    make_config=_config,
    state_factory=_state,
    action_codec=_action,
    player_factory=make_player,
    observer=SeatObservation,
    phase_of=lambda state: str(state.phase),
    action_schema=schema.ACTION,
    view_schema=schema.VIEW,
    adapters={
        "cli": "carson.games.card.cli:register",
        "terminal": "carson.games.card.tui:KIT",
        "web": "carson.games.card.web.adapter:WEB",
        "rl": "carson.games.card.rl:ENCODER",
        "analysis": "carson.games.card.ai.search:ANALYST",
        "train": "carson.games.card.rl.train:TRAINER",
    },
    chance=CHANCE,
    title_catalog=("carson.games.card", "web"),
    order=1,
)
