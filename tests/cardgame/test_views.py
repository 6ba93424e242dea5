"""Every view the engine builds is the plain reference's, as JSON text (key order included):
for every seat, a spectator and a seat out of range, at every step of random games."""

from __future__ import annotations

import json
import random

import pytest
import view_reference as reference
from engine_helpers import random_config, random_step

from carson.games.card.engine.state import CardGameState


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("game", range(12))
def test_views_are_the_reference_views(game: int) -> None:
    rng = random.Random(game)
    state = CardGameState(random_config(rng), seed=game)
    seats: list[int | None] = [None, *range(len(state.seats)), len(state.seats)]
    while True:
        for seat in seats:
            assert json.dumps(state.view(seat)) == json.dumps(reference.seat_view(state, seat))
        if state.is_over:
            break
        before = state.clone()  # a clone shares what the original kept (the cities' grids)
        random_step(state, rng)
        for seat in seats:
            assert json.dumps(before.view(seat)) == json.dumps(reference.seat_view(before, seat))
