"""A spectator's (and a replay's) cities are labelled like a player's own: by the city's
stable columns and rows (a new player watching saw every row and column labelled 0)."""

from __future__ import annotations

from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.web.adapter import _replay_cities
from carson.games.card.web.present import grid

EMPTY = (Parcel.EMPTY,) * 4


def test_a_watched_city_has_the_players_labels() -> None:
    city = City()
    city.place_unchecked(1, EMPTY, 0, 0)
    city.place_unchecked(2, EMPTY, -1, -2)  # up and left: the engine's frame shifts
    drawn = grid(city)
    # the city as the view gives it to a spectator: its letters row by row, and its origin
    lines = ["".join(cell.letter or "-" for cell in row) for row in drawn]
    page = {"view": {"seats": [{"city": {"grid": lines, "origin": list(city.origin)}}]}}
    watched = _replay_cities(page)[0]
    labels = [[(cell.column, cell.row) for cell in row] for row in watched]
    assert labels == [[(cell.column, cell.row) for cell in row] for row in drawn]
    assert {column for column, _ in labels[0]} == {-1, 0, 1}  # not 0 everywhere
