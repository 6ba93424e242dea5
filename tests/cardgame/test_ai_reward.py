"""The card search's reward at a playout's end (:class:`CardReward`): it tells moves apart
however far behind or ahead the seat stands, and is exact once the game is over."""

from __future__ import annotations

import random

from carson.core.game import Result
from carson.games.card.ai.estimate import position_value
from carson.games.card.ai.search import MARGIN_SCALE, TENTHS, CardReward
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.match import play_game


def fresh() -> CardGameState:
    return CardGameState(GameConfig.of(["player", "expert", "player", "advanced"]), 4)


def at_margin(margin: int) -> Result:
    """Seat 0 ``margin`` tenths ahead of the best other seat (behind when negative)."""
    scores = (1000 + margin, 1000, 900, 800)
    best = max(scores)
    return Result(scores, frozenset(seat for seat, score in enumerate(scores) if score == best))


def test_far_behind_a_better_playout_still_scores_higher() -> None:
    """30 points behind at the root: a playout ending 25 behind is worth more than one ending
    30 behind (a margin measured from zero had both at the floor, win and margin alike)."""
    reward, state = CardReward(centre=-300.0), fresh()
    assert reward(state, at_margin(-250), 0) > reward(state, at_margin(-300), 0)
    assert reward(state, at_margin(-300), 0) > reward(state, at_margin(-350), 0)


def test_rewards_rise_with_the_margin_and_stay_in_range() -> None:
    reward, state = CardReward(centre=0.0), fresh()
    values = [reward(state, at_margin(margin), 0) for margin in range(-900, 901, 50)]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[0] >= 0.0 and values[-1] <= 1.0


def test_the_chance_of_winning_narrows_as_rounds_run_out() -> None:
    """The same 5-point lead is likelier to hold with fewer rounds left."""
    reward, early, late = CardReward(centre=50.0), fresh(), fresh()
    late.round = 17
    assert reward(late, at_margin(50), 0) > reward(early, at_margin(50), 0) > 0.5


def test_over_the_win_is_exact() -> None:
    state = play_game(["greedy", "expert", "greedy", "advanced"], 3)
    points = state.result()
    assert points is not None
    # As the search backs it up: scores in tenths of a point.
    result = Result(tuple(TENTHS * score for score in points.scores), points.winners)
    reward = CardReward(centre=0.0)
    for seat in (0, 2):
        margin = result.scores[seat] - max(s for o, s in enumerate(result.scores) if o != seat)
        relative = min(1.0, max(0.0, 0.5 + margin / MARGIN_SCALE))
        won = 1.0 if result.winners == frozenset({seat}) else 0.0
        assert reward(state, result, seat) == 0.5 * won + 0.5 * relative


def test_the_centre_is_the_root_positions_estimated_margin() -> None:
    state = fresh()
    for _ in range(30):
        seat = state.seats_to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    observation = SeatObservation(state, 0)
    values = [position_value(state, seat) for seat in range(4)]
    centre = CardReward.at(observation, random.Random(3)).centre
    # Hidden facts (other hands) sway the sample a little; the cities and scores do not.
    assert abs(centre - TENTHS * (values[0] - max(values[1:]))) <= TENTHS * 20
    assert CardReward.at(observation, random.Random(3)) == CardReward.at(
        observation, random.Random(3)
    )
