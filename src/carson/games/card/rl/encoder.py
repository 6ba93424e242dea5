"""The card game's :class:`carson.rl.Encoder`: the vectors of :mod:`.encoding`, the engine's
fixed action space, and a one-line summary."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from carson.games.card.engine.actions import ACTION_SPACE_SIZE, CardAction, action_from_index
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.rl.encoding import (
    OBSERVATION_BOUND,
    OBSERVATION_SIZE,
    action_mask,
    encode,
)
from carson.rl.encoder import Encoder, Mask, Vector


class CardEncoder:
    """Observations from :class:`SeatObservation` only (so nothing hidden), the engine's own
    action numbering (``engine/actions.py``)."""

    @property
    def observation_space(self) -> spaces.Box:
        return spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (OBSERVATION_SIZE,), np.float32)

    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE_SIZE

    def encode(self, state: CardGameState, seat: int) -> Vector:
        return encode(SeatObservation(state, seat))

    def action_mask(self, state: CardGameState, seat: int) -> Mask:
        return action_mask(state.legal_actions(seat))

    def action_from_index(self, state: CardGameState, seat: int, index: int) -> CardAction:
        return action_from_index(index, state.personality_ids, state.offered_ability)

    def summary(self, state: CardGameState) -> str:
        scores = ", ".join(f"seat {seat}: {state.score(seat)}" for seat in range(len(state.seats)))
        return f"round {state.round}, phase {state.phase}; {scores}"


ENCODER: Encoder[CardGameState, CardAction] = CardEncoder()
