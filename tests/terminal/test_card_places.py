"""Placing a card at the terminal: one stable frame of columns and rows for the whole game,
the card drawn, legal places listed without cutting an entry, refusals in words."""

from __future__ import annotations

import io
import re

from keyboard import BotKeyboard
from rich.console import Console

from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.places import refusal, to_current
from carson.games.card.tui.prompts import wrap_entries
from carson.games.card.tui.render import city_grid
from carson.games.card.tui.texts import texts
from carson.terminal.game import TerminalGame

E, H, M = Parcel.EMPTY, Parcel.HOUSE, Parcel.MOUNTAIN


def text_of(renderable: object, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def shifted_city() -> City:
    city = City()
    city.place(1, (H, E, E, E), 0, 0)
    city.place(2, (M, E, E, E), -2, -1)  # renumbers the engine's frame
    return city


def test_the_grid_is_labelled_in_the_stable_frame_with_letters_under_their_numbers() -> None:
    lines = text_of(city_grid(shifted_city())).splitlines()
    header = lines[0]
    assert header.split() == ["-2", "-1", "0", "1"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"-1", "0", "1"}
    # The house of card 1 lies at stable (0, 0): under the 0 of the header.
    assert rows["0"][header.index(" 0") + 1] == H.letter
    assert rows["-1"][header.index("-2") + 1] == M.letter


def test_typed_coordinates_are_stable_and_refusals_name_no_rule() -> None:
    city = shifted_city()
    assert to_current(city, 0, 0) == (2, 1)
    x, y = to_current(city, 0, 0)  # on the house: another house may not cover it
    reason = refusal(city, (E, E, E, E), x, y, texts())
    assert reason == "at (0, 0) the card's empty land would cover the house at (0, 0)"
    far = refusal(city, (E, E, E, E), *to_current(city, 3, 3), texts())
    assert far == "at (3, 3) the card would not touch your city along an edge"
    for lang in ("en", "de", "fr", "it", "nl"):
        for column, row in ((0, 0), (5, 5), (9, 0), (40, 40)):
            said = refusal(city, (E, E, E, E), *to_current(city, column, row), texts(lang))
            assert said is not None and "CG-" not in said and f"({column}, {row})" in said
    empty = refusal(City(), (E, E, E, E), 1, 0, texts("de"))
    assert empty == "die erste Karte einer Stadt gehört auf (0, 0)"


def test_listed_places_are_cut_between_entries_only() -> None:
    entries = [f"({x}, {-y}) +{x},"[:-1] for x in range(12) for y in range(3)]
    lines = wrap_entries("Legal places, best first:", entries, 40)
    assert all(len(line) <= 40 for line in lines)
    assert " ".join(lines).startswith("Legal places, best first: (0, 0) +0, (0, -1) +0,")
    listed = re.findall(r"\(-?\d+, -?\d+\) \+\d+", " ".join(lines))
    assert listed == entries


def test_a_whole_game_typed_in_the_stable_frame_draws_the_card_being_placed() -> None:
    keyboard = BotKeyboard(iter(["list"]))
    kinds = ["human", "expert", "expert", "expert"]
    screen = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    game = TerminalGame(new_state(kinds, 11), kinds, texts(), screen, keyboard, None, 1)
    keyboard.game = game
    assert game.run() == 0
    out = screen.export_text()
    assert "(CG-" not in out and "places it" not in out
    # The card being placed is drawn (its 2×2 parcels) above the empty city and the question.
    first = re.search(r"Place terrain #(\d+):", out)
    assert first is not None
    card = game.state.catalog.terrain_card(int(first.group(1)))
    letters = [parcel.letter for parcel in card.parcels]
    drawn = out[: first.start()].rstrip().splitlines()
    assert f"{letters[0]} {letters[1]}" in drawn[-5] and f"{letters[2]} {letters[3]}" in drawn[-4]
    # The log's places are the stable frame: every card keeps the place the log gave it.
    told = {
        int(card_id): (int(x), int(y))
        for card_id, x, y in re.findall(r"you places terrain #(\d+) at \((-?\d+), (-?\d+)\)", out)
    }
    city = game.state.seats[0].city
    assert city is not None and city.cards
    origin_x, origin_y = city.origin
    for placed in city.cards:
        assert told[placed.card_id] == (placed.x + origin_x, placed.y + origin_y)


class GermanListingKeyboard(BotKeyboard):
    """A German player who asks for the list of places at his first placement."""

    listed = False

    def __call__(self, prompt: str) -> str:
        game = self.game
        assert game is not None
        if not self.listed and prompt and game.state.phase == "place":
            self.listed = True
            return "liste"
        return super().__call__(prompt)


def test_the_list_command_in_the_players_language() -> None:
    keyboard = GermanListingKeyboard()
    kinds = ["human", "expert", "expert", "expert"]
    screen = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    game = TerminalGame(new_state(kinds, 11), kinds, texts("de"), screen, keyboard, None, 1)
    keyboard.game = game
    assert game.run() == 0 and keyboard.listed
    out = screen.export_text()
    assert "Erlaubte Plätze, beste zuerst:" in out and "Bitte zwei Zahlen" not in out
