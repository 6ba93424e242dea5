"""A spectator's (and a replay's) cities are labelled like a player's own: by the city's
stable columns and rows (a new player watching saw every row and column labelled 0); a
personality whose name has a word too long for its card is marked so."""

from __future__ import annotations

from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.web.adapter import _replay_cities
from carson.games.card.web.present import grid
from carson.web.kernel.templating import environment

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


def test_a_personality_with_a_word_too_long_for_its_card_is_marked_long() -> None:
    """The row's card makes such a name smaller and lets it break (carson.css)."""
    macros = environment().get_template("macros.html").make_module({"_": lambda text: text})
    card = {"id": "undertaker", "symbols": "", "does": "", "desirability": 6}
    long = str(macros.personality_card({**card, "name": "Begrafenisondernemer"}))
    short = str(macros.personality_card({**card, "name": "The Undertaker"}))
    assert '<div class="name long">' in long and '<div class="name">' in short
