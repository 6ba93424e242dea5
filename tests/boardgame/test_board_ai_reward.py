"""The board search's reward at a playout's end (:class:`BoardReward`): its margin part is
measured from the root position's own margin, so the search tells moves apart however far
behind or ahead the seat stands."""

from __future__ import annotations

import random

from board_helpers import new_game, play_until

from carson.ai.ismcts import outcome_reward
from carson.core.game import Result
from carson.games.board.ai.reward import MARGIN_SCALE, TENTHS, BoardReward, estimated_scores
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState


def at_margin(margin: int) -> Result:
    """Seat 0 ``margin`` tenths ahead of the best other seat (behind when negative)."""
    scores = (400 + margin, 400, 300)
    best = max(scores)
    return Result(scores, frozenset(seat for seat, score in enumerate(scores) if score == best))


def mid_game() -> BoardGameState:
    return play_until(new_game(3, (), 5), lambda g: g.round.number >= 3, random.Random(5))


def test_far_ahead_a_better_playout_still_scores_higher() -> None:
    """20 VP ahead at the root: a playout ending 22 VP ahead is worth more than one ending
    18 ahead, where a margin measured from zero had both at the ceiling (win and margin)."""
    reward, state = BoardReward(centre=200.0), new_game()
    assert reward(state, at_margin(220), 0) > reward(state, at_margin(200), 0)
    assert reward(state, at_margin(200), 0) > reward(state, at_margin(180), 0)
    assert outcome_reward(at_margin(220), 0, MARGIN_SCALE) == outcome_reward(
        at_margin(180), 0, MARGIN_SCALE
    )


def test_far_behind_a_better_playout_still_scores_higher() -> None:
    reward, state = BoardReward(centre=-250.0), new_game()
    assert reward(state, at_margin(-200), 0) > reward(state, at_margin(-250), 0)
    assert reward(state, at_margin(-250), 0) > reward(state, at_margin(-300), 0)


def test_rewards_rise_with_the_margin_and_stay_in_range() -> None:
    reward, state = BoardReward(centre=0.0), new_game()
    values = [reward(state, at_margin(margin), 0) for margin in range(-140, 141, 10)]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[0] >= 0.0 and values[-1] <= 1.0


def test_centred_on_zero_it_is_the_shared_outcome_reward() -> None:
    """Only the margin part moves: with the centre at zero both rewards agree."""
    reward, state = BoardReward(centre=0.0), new_game()
    for margin in (-400, -120, -5, 0, 5, 120, 400):
        for seat in (0, 1, 2):
            outcome = at_margin(margin)
            assert reward(state, outcome, seat) == outcome_reward(outcome, seat, MARGIN_SCALE)


def test_the_centre_is_the_root_positions_estimated_margin() -> None:
    state = mid_game()
    scores = estimated_scores(state)
    centre = BoardReward.at(BoardObservation(state, 1), random.Random(3)).centre
    # Hidden facts (bag draws, duel tiles) do not enter the estimate; scores are tenths.
    assert centre == scores[1] - max(scores[0], scores[2])
    assert abs(centre) < TENTHS * 100
