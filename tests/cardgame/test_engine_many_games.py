"""Thousands of random games over every seat count and kind: all finish, conserve every card,
and replay exactly from their records."""

from __future__ import annotations

import random

import pytest
from engine_helpers import assert_cards_conserved

from carson.games.card.match import play_game, record_of, replay_record

KINDS = ["random", "random", "beginner", "advanced", "expert"]


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("batch", range(4))
def test_many_random_games_finish_conserve_and_replay(batch: int) -> None:
    rng = random.Random(batch)
    for game in range(500):
        seats = [rng.choice(KINDS) for _ in range(rng.randint(4, 6))]
        state = play_game(seats, seed=batch * 10_000 + game)
        assert state.is_over and state.round == 18
        result = state.result()
        assert result is not None and result.winners
        assert_cards_conserved(state)
        if game % 25 == 0:
            rebuilt = replay_record(record_of(state))
            assert rebuilt.result() == result
            assert all(rebuilt.view(s) == state.view(s) for s in range(len(seats)))
