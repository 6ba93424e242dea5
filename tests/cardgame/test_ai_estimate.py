"""The search's valuation where playouts stop (the end of the round): exact at the end of the
game, the score so far plus what the rounds left should bring before."""

from __future__ import annotations

import random

from carson.games.card.ai.estimate import BID_WORTH, PACE, position_value
from carson.games.card.ai.playout import PlayoutPolicy
from carson.games.card.ai.search import CardSearch
from carson.games.card.ai.valuation import TOTAL_ROUNDS
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.match import play_game


def test_exact_once_the_game_is_over() -> None:
    state = play_game(["greedy", "expert", "greedy", "beginner"], 3)
    assert state.is_over
    for seat in range(4):
        assert position_value(state, seat) == state.score(seat)


def test_at_the_start_every_seat_is_worth_its_kinds_pace() -> None:
    """Nothing gathered, full hands: only the pace of the rounds to come differs."""
    state = CardGameState(GameConfig.of(["player", "expert", "beginner", "advanced"]), 5)
    rounds = TOTAL_ROUNDS - state.round + 1
    assert position_value(state, 0) == PACE["player"] * rounds
    for seat, kind in ((1, "expert"), (2, "beginner"), (3, "advanced")):
        assert position_value(state, seat) == PACE[kind] * rounds


def test_keeping_high_auction_cards_is_worth_more() -> None:
    state = CardGameState(GameConfig.of(["player", "expert", "player", "expert"]), 5)
    low, high = state.clone(), state.clone()
    low.seats[0].hand.remove(9)  # spent the highest card
    high.seats[0].hand.remove(1)  # spent the lowest
    assert position_value(high, 0) - position_value(low, 0) == BID_WORTH * 8


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
