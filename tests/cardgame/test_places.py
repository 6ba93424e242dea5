"""The lazy sequence of legal places (issue 21) behaves as the list of the same places."""

from __future__ import annotations

import random

import pytest

from carson.games.card import board
from carson.games.card.catalog import load_catalog
from carson.games.card.city import City
from carson.games.card.engine.actions import Bid, Place
from carson.games.card.engine.places import Places


def _cases() -> list[tuple[Places, list[Place]]]:
    """Each deck card's places in cities grown by random legal placements."""
    rng = random.Random(21)
    deck = [card.parcels for card in load_catalog().terrain]
    rng.shuffle(deck)
    city = City(captain=True)
    cases = []
    for card_id, layout in enumerate(deck[:40]):
        spots = city.legal_placements(layout)
        cases.append((Places(city.legal_anchor_mask(layout)), [Place(x, y) for x, y in spots]))
        if spots:
            city.place(card_id, layout, *rng.choice(spots))
    return cases


def test_places_read_as_the_list_of_the_same_places() -> None:
    rng = random.Random(7)
    for places, spots in _cases():
        assert places == spots and spots == places  # either side of ==
        assert list(places) == spots and len(places) == len(spots)
        for index in range(-len(spots), len(spots)):
            assert places[index] == spots[index]
        start, stop = sorted((rng.randint(0, len(spots)), rng.randint(0, len(spots))))
        assert places[start:stop] == spots[start:stop]
        assert places[::-1] == spots[::-1]


def test_membership_is_exact() -> None:
    for places, spots in _cases():
        inside = set(spots)
        for x in range(-4, 12):
            for y in range(-4, 12):
                assert (Place(x, y) in places) == (Place(x, y) in inside)
        assert Bid(1) not in places and "place" not in places and None not in places


def test_an_index_out_of_range_is_an_index_error() -> None:
    places = Places(board.bit(0, 0) | board.bit(3, 1))
    assert places[0] == Place(0, 0) and places[-1] == Place(3, 1)
    for index in (2, -3):
        with pytest.raises(IndexError):
            places[index]
    assert list(Places(0)) == [] and len(Places(0)) == 0 and Places(0) == []


def test_an_anchor_outside_the_action_space_is_refused() -> None:
    with pytest.raises(ValueError, match="action space"):
        Places(board.bit(9, 0))  # x = 9: the card would reach beyond the frame
    with pytest.raises(ValueError, match="action space"):
        Places(1 << (board.STRIDE - 1))  # a guard column
