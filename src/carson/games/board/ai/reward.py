"""The board AI's reward for a playout's end: :func:`carson.ai.ismcts.outcome_reward`'s win
part, its margin part measured from the root position's own margin.

Measured from zero, the margin part clipped at half the margin scale either side: in a game
already won or lost by more, every playout of every candidate scored the same, so the search
chose by its prior alone however many iterations it ran. Measured from ``centre`` (the seat's
estimated margin at the root), it tells apart what the round can still change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from carson.ai import ismcts
from carson.core.game import Result
from carson.games.board.ai.valuation import VP, position_value
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState

#: Scores are in tenths of a VP, so that estimated positions keep their fractions.
TENTHS = 10
#: Margin (tenths of a VP) that spans the margin part of the reward: 30 VP.
MARGIN_SCALE = 30.0 * TENTHS


def estimated_scores(state: BoardGameState) -> tuple[int, ...]:
    """Every seat's :func:`position_value` in tenths of a VP."""
    seats = range(state.config.players)
    return tuple(round(TENTHS * position_value(state, seat) / VP) for seat in seats)


@dataclass(frozen=True)
class BoardReward:
    """½ for (estimated) first place, ¼ if shared; ½ × the margin over the best other seat
    less ``centre``, over :data:`MARGIN_SCALE`, clipped to [0, 1]."""

    centre: float

    @classmethod
    def at(cls, observation: BoardObservation, rng: random.Random) -> BoardReward:
        """The reward for a search from this observation (its centre from one sample)."""
        scores = estimated_scores(observation.sample(rng))
        seat = observation.seat
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        return cls(float(scores[seat] - best_other))

    def __call__(self, state: BoardGameState, outcome: Result, seat: int) -> float:
        return ismcts.outcome_reward(outcome, seat, MARGIN_SCALE, self.centre)
