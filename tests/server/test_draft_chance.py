"""A move that draws anything random ends a draft (issue 25): :func:`draws_chance` says so
exactly for the moves whose play moves the game's generator on."""

from __future__ import annotations

import random

from carson.core.registry import games
from carson.server.play.drafts import draws_chance


def test_draws_chance_is_true_exactly_for_the_moves_that_draw() -> None:
    board = games()["board"]
    state = board.new_state(board.config(["human", "human", "human"]), 5)
    rng = random.Random(2)
    drawing = quiet = 0
    while not state.is_over and drawing + quiet < 600:
        seat = state.seats_to_act[0]
        action = rng.choice(state.legal_actions(seat))
        before = state.rng.getstate()
        drew = draws_chance(board, state, seat, action)
        state.apply(seat, action)
        assert drew == (state.rng.getstate() != before), action
        drawing, quiet = drawing + drew, quiet + (not drew)
    assert drawing and quiet  # both kinds of move were seen


def test_a_game_without_a_chance_hook_never_ends_a_draft_on_a_draw(toy_game: None) -> None:
    toy = games()["toy"]
    assert toy.chance is None
    state = toy.new_state(toy.config(["human", "human"]), 1)
    seat = state.seats_to_act[0]
    assert not draws_chance(toy, state, seat, state.legal_actions(seat)[0])
