"""The board game's :class:`carson.rl.Encoder`: the vectors of :mod:`.encoding` (from the
seat's view only), the engine's fixed action space and a one-line summary."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import ACTION_SPACE_SIZE, BoardAction
from carson.games.board.engine.state import BoardGameState
from carson.games.board.rl.encoding import OBSERVATION_BOUND, OBSERVATION_SIZE, encode
from carson.rl.encoder import Encoder, Mask, Vector, mask_of


class BoardEncoder:
    """Observations from the seat's view (the game's observer), the engine's own action
    numbering (``engine/actions.py``)."""

    @property
    def observation_space(self) -> spaces.Box:
        return spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (OBSERVATION_SIZE,), np.float32)

    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE_SIZE

    def encode(self, state: BoardGameState, seat: int) -> Vector:
        return encode(state.view(seat))

    def action_mask(self, state: BoardGameState, seat: int) -> Mask:
        return mask_of(state.legal_actions(seat), ACTION_SPACE_SIZE)

    def action_from_index(self, state: BoardGameState, seat: int, index: int) -> BoardAction:
        try:
            return BoardAction.from_index(index)
        except IllegalActionError as error:
            raise ValueError(str(error)) from None

    def summary(self, state: BoardGameState) -> str:
        vp = ", ".join(f"seat {seat}: {player.vp} VP" for seat, player in enumerate(state.players))
        decision = "over" if state.decision is None else state.decision.kind.value
        return f"round {state.round.number}, {decision}; {vp}"


ENCODER: Encoder[BoardGameState, BoardAction] = BoardEncoder()
