"""The engine lists shared action values (issue 21): the same actions, in the same order, as
building them anew."""

from __future__ import annotations

import random

from engine_helpers import random_config, random_step

from carson.games.card.engine.actions import Bid, Place, Take
from carson.games.card.engine.state import CardGameState


def test_listed_actions_equal_new_ones_in_order() -> None:
    rng = random.Random(21)
    seen = set()
    for game in range(6):
        state = CardGameState(random_config(rng), game)
        while not state.is_over:
            seat = state.seats_to_act[0]
            me = state.seats[seat]
            legal = state.legal_actions(seat)
            if state.phase == "place":
                assert me.city is not None and state.pending is not None
                spots = me.city.legal_placements(state.pending.parcels)
                assert legal == [Place(x, y) for x, y in spots]
            elif state.phase == "bid":
                assert legal == [Bid(value) for value in me.hand]
            elif state.phase == "take":
                assert legal == [Take(s) for s, card in enumerate(state.row) if card is not None]
            seen.add(state.phase)
            random_step(state, rng)
    assert {"place", "bid", "take"} <= seen


def test_only_the_seats_asked_have_legal_actions() -> None:
    rng = random.Random(5)
    for game in range(4):
        state = CardGameState(random_config(rng), 100 + game)
        while True:
            asked = state.seats_to_act
            for seat in range(-1, len(state.seats) + 1):
                assert bool(state.legal_actions(seat)) == (seat in asked)
            if state.is_over:
                break
            random_step(state, rng)
