"""High Dice's encoder for ``carson.rl`` (``adapters["rl"]``), built on its observer only.

Layout of the ``float32`` vector (all values in [−1, 1]); seats are listed from the
observer's point of view (itself first):

- the round, one-hot (3);
- per seat (4 × 3): present, score / 9, has staked this round;
- the die of every round so far, one-hot (3 × 6);
- the observer's own stake this round, one-hot (3) — nobody else's.

Actions are the stakes: index ``chips − 1``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces

from carson.rl.encoder import Mask, Vector, legal_action_at, mask_of

if TYPE_CHECKING:
    from carson_toy import Stake, ToyState

ROUNDS, MAX_SEATS, STAKES, FACES = 3, 4, 3, 6
SEAT_SIZE = 3
SIZE = ROUNDS + MAX_SEATS * SEAT_SIZE + ROUNDS * FACES + STAKES
MAX_SCORE = ROUNDS * STAKES


class ToyEncoder:
    @property
    def observation_space(self) -> spaces.Box:
        return spaces.Box(-1.0, 1.0, (SIZE,), np.float32)

    @property
    def action_space_size(self) -> int:
        return STAKES

    def encode(self, state: ToyState, seat: int) -> Vector:
        view: dict[str, Any] = state.view(seat)  # the game's observer
        out = np.zeros(SIZE, dtype=np.float32)
        out[view["round"] - 1] = 1.0
        seats = len(view["scores"])
        for position in range(seats):
            other = (seat + position) % seats
            at = ROUNDS + position * SEAT_SIZE
            out[at] = 1.0
            out[at + 1] = view["scores"][other] / MAX_SCORE
            out[at + 2] = float(other in view["staked"])
        at = ROUNDS + MAX_SEATS * SEAT_SIZE
        for played, die in enumerate(view["rolls"]):
            out[at + played * FACES + die - 1] = 1.0
        if view["my_stake"] is not None:
            out[at + ROUNDS * FACES + view["my_stake"] - 1] = 1.0
        return out

    def action_mask(self, state: ToyState, seat: int) -> Mask:
        return mask_of(state.legal_actions(seat), STAKES)

    def action_from_index(self, state: ToyState, seat: int, index: int) -> Stake:
        # Found among the legal actions: every stake is legal whenever the seat must act.
        return legal_action_at(state, seat, index)

    def summary(self, state: ToyState) -> str:
        return f"round {min(state.round, ROUNDS)}; scores {state.scores}"


ENCODER = ToyEncoder()
