"""The search's valuation where playouts stop (the end of the round): exact at the end of the
game, the score so far plus what the rounds left should bring before."""

from __future__ import annotations

import random

import pytest

from carson.games.card.ai.estimate import (
    ABILITIES,
    PACE,
    TOTAL_ROUNDS,
    WEIGHTS,
    features,
    position_value,
)
from carson.games.card.ai.playout import PlayoutPolicy
from carson.games.card.ai.search import CardSearch
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.match import play_game
from carson.games.card.scoring import city_points


def test_exact_once_the_game_is_over() -> None:
    state = play_game(["greedy", "expert", "greedy", "beginner"], 3)
    assert state.is_over
    for seat in range(4):
        assert position_value(state, seat) == state.score(seat)


def test_at_the_start_every_seat_is_worth_its_pace() -> None:
    """Nothing gathered, full hands: a player seat is worth the fitted pace of the whole
    game, a virtual seat its level's pace."""
    state = CardGameState(GameConfig.of(["player", "expert", "beginner", "advanced"]), 5)
    rounds = TOTAL_ROUNDS - state.round + 1
    assert features(state, 0) == {
        "pace": rounds,
        "pace_squared": rounds,
        "city_share": 0.0,
        "spare": 0.0,
    }
    assert position_value(state, 0) == pytest.approx(
        (WEIGHTS["pace"] + WEIGHTS["pace_squared"]) * rounds
    )
    for seat, kind in ((1, "expert"), (2, "beginner"), (3, "advanced")):
        assert position_value(state, seat) == PACE[kind] * rounds


def test_keeping_high_auction_cards_is_worth_more() -> None:
    state = CardGameState(GameConfig.of(["player", "expert", "player", "expert"]), 5)
    low, high = state.clone(), state.clone()
    low.seats[0].hand.remove(9)  # spent the highest card
    high.seats[0].hand.remove(1)  # spent the lowest
    assert WEIGHTS["spare"] > 0
    assert position_value(high, 0) - position_value(low, 0) == pytest.approx(WEIGHTS["spare"] * 8)


def test_mid_game_the_estimate_is_the_score_plus_the_weighted_features() -> None:
    state = CardGameState(GameConfig.of(["player", "expert", "player", "player"]), 11)
    policy = PlayoutPolicy(random.Random(3))
    while state.round < 8:
        seat = state.seats_to_act[0]
        state.apply_unchecked(seat, policy.choose(state, seat))
    for seat in (0, 2, 3):
        me = state.seats[seat]
        assert me.city is not None
        found = features(state, seat)
        rounds_left = TOTAL_ROUNDS - state.round + 1
        for personality in me.personalities:
            assert found["growth:" + personality] == rounds_left
            usable = personality in ABILITIES and personality not in me.turned
            assert ("unused:" + personality in found) == usable
        now = city_points(me.city, me.personalities, len(me.sold))
        assert found["city_share"] == pytest.approx(now * rounds_left / TOTAL_ROUNDS)
        weighted = sum(WEIGHTS.get(name, 0.0) * value for name, value in found.items())
        assert position_value(state, seat) == pytest.approx(now + weighted)


def test_every_weight_names_a_feature() -> None:
    known = {"pace", "pace_squared", "city_share", "spare"}
    for name in WEIGHTS:
        kind, _, personality = name.partition(":")
        assert name in known or (kind in ("growth", "unused") and personality)


def test_playouts_stop_at_the_next_round_with_the_estimate() -> None:
    state = CardGameState(GameConfig.of(["player", "expert", "player", "expert"]), 7)
    domain = CardSearch(SeatObservation(state, 0), 4, PlayoutPolicy(random.Random(1)))
    assert domain.result(state) is None  # the root's round: play on
    sample = domain.sample(random.Random(2))
    while sample.round == state.round:
        seat = sample.seats_to_act[0]
        sample.apply_unchecked(seat, domain.playout(sample, seat))
    result = domain.result(sample)
    assert result is not None and not sample.is_over
    assert result.scores == tuple(round(10 * position_value(sample, s)) for s in range(4))
    assert result.winners == {s for s in range(4) if result.scores[s] == max(result.scores)}
