"""Issue 44: a city drawn on the page shows each card as a card (its outline where it ends,
the later card over the earlier) and names its cells by the city's stable columns and rows,
which do not shift when a card is placed left of or above the first."""

from __future__ import annotations

from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.web.present import grid

EMPTY = (Parcel.EMPTY,) * 4


def outlines(city: City) -> dict[tuple[int, int], str]:
    return {(cell.column, cell.row): cell.outline for row in grid(city) for cell in row}


def test_each_card_is_outlined_the_later_over_the_earlier() -> None:
    city = City()
    city.place_unchecked(1, EMPTY, 0, 0)
    city.place_unchecked(2, EMPTY, 1, 1)  # covers the first card's bottom-right cell
    drawn = outlines(city)
    assert drawn[(0, 0)] == "ot ol" and drawn[(1, 0)] == "ot or ob"
    assert drawn[(0, 1)] == "or ob ol" and drawn[(1, 1)] == "ot ol"  # the second card's corner
    assert drawn[(2, 0)] == "" and drawn[(0, 2)] == ""  # no card there


def test_the_labels_stay_when_the_city_grows_up_and_left() -> None:
    city = City()
    city.place_unchecked(1, EMPTY, 0, 0)
    before = {(cell.column, cell.row) for row in grid(city) for cell in row}
    city.place_unchecked(2, EMPTY, -1, -1)  # shifts the engine's frame; not the labels
    after = {(cell.column, cell.row) for row in grid(city) for cell in row}
    assert before <= after and (-1, -1) in after
