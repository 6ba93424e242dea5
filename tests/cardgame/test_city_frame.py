"""The city's stable frame (:attr:`City.origin`): whatever the engine renumbers when a card
goes left of or above a city or a sale moves its corner, a placed card keeps its stable
coordinates for the whole game, and the placement event says them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from carson.games.card.city import City
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState
from carson.games.card.parcels import Parcel

E, H = Parcel.EMPTY, Parcel.HOUSE


def stable_cards(city: City) -> dict[int, tuple[int, int]]:
    origin_x, origin_y = city.origin
    return {card.card_id: (card.x + origin_x, card.y + origin_y) for card in city.cards}


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_placed_cards_keep_their_stable_coordinates_over_whole_random_games(seed: int) -> None:
    rng = random.Random(seed)
    others = [rng.choice(["player", "beginner", "expert"]) for _ in range(rng.randint(3, 5))]
    state = CardGameState(GameConfig.of(["player", *others]), seed)
    first_seen: dict[tuple[int, int], tuple[int, int]] = {}
    while not state.is_over:
        seat = rng.choice(state.seats_to_act)
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for index, me in enumerate(state.seats):
            if me.city is None:
                continue
            for card, place in stable_cards(me.city).items():
                assert first_seen.setdefault((index, card), place) == place
        for event in events:
            if event.kind == "card_placed":
                key = (int(event.data["seat"]), int(event.data["card"]))
                assert first_seen[key] == (event.data["column"], event.data["row"])
    assert first_seen  # cards were placed


def test_a_card_left_of_and_above_the_city_moves_the_origin_not_the_others() -> None:
    city = City()
    city.place(1, (H, E, E, E), 0, 0)
    city.place(2, (E, H, E, E), -2, -1)
    assert city.origin == (-2, -1)
    assert stable_cards(city) == {1: (0, 0), 2: (-2, -1)}
    copy = city.copy()
    assert copy.origin == city.origin
    city.sell(2)  # the corner moves back: card 1 stays at (0, 0)
    assert stable_cards(city) == {1: (0, 0)}
    assert copy.origin == (-2, -1)
