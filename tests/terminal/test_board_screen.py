"""The board game's screen laid out for the terminal (:mod:`carson.games.board.tui.screen`):
below 50 lines, over whole random games, every screen of a seat asked for its decision fits
20 lines (an 80×24 terminal keeps 4 for the question) and 80 columns, and shows what the
decision needs: the town, or the action track when a cowboy goes there, with the seat's
supplies; from 50 lines, the full screen."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from test_board_play import _eager_choice, _random_games

from carson.games.board.tui.kit import KIT
from carson.games.board.tui.render import sight_commands, sight_screen
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.tables import personalities_table, players_table
from carson.games.board.tui.texts import texts


def drawn(renderable: object, columns: int, lines: int) -> list[str]:
    screen = Console(file=io.StringIO(), width=columns, height=lines, record=True,
                     color_system=None)  # fmt: skip
    screen.print(renderable)
    return screen.export_text().rstrip("\n").split("\n")


@pytest.mark.slow  # runs long: whole games or many cases
def test_every_asked_screen_fits_80x24_with_the_town_and_when_placing_the_track() -> None:
    """Issue 46: while a cowboy is placed the compact screen shows the town (its choices
    marked, as the question says) and the whole track, each space's number at the start of
    its column; every other question the town."""
    shown: set[str] = set()
    for state, lang in _random_games(4):
        words = texts(lang)
        names = KIT.names(state, ["human"] * state.config.players, words)
        rng = random.Random(7)
        while not state.is_over:
            seat = state.seats_to_act[0]
            sight = BoardSight.of(state, seat)
            screen = drawn(sight_screen(sight, names, words), 80, 24)
            assert len(screen) <= 20 and all(len(line) <= 80 for line in screen), screen
            me = state.players[seat]
            text = "\n".join(screen)
            assert f"${me.money}" in text
            assert any(line.startswith(" 8 ") for line in screen), screen  # the town
            shown.add("town")
            if state.decision is not None and state.decision.kind == "place":
                track = "\n".join(screen[9:])  # below the town's 9 lines
                numbers = re.findall(r"(?:^|  )[+ ]([ 12]\d) ", track, re.M)
                assert sorted(int(number) for number in numbers) == list(range(1, 24)), text
                shown.add("track")
            state.apply(seat, _eager_choice(rng, state.legal_actions(seat)))
    assert shown == {"town", "track"}


def test_from_50_lines_the_full_screen_and_the_details_a_command_away() -> None:
    state, _ = next(_random_games(1))
    words = texts("de")
    names = KIT.names(state, ["human"] * state.config.players, words)
    sight = BoardSight.of(state, 0)
    full = "\n".join(drawn(sight_screen(sight, names, words), 160, 50))
    assert words("board", "players") in full and words("board", "personalities") in full
    compact = "\n".join(drawn(sight_screen(sight, names, words), 160, 49))
    assert words("board", "players") not in compact
    commands = sight_commands(sight, names, words)
    assert words("board", "track_row", row=2) in "\n".join(drawn(commands["leiste"](), 80, 24))
    assert words("board", "town") in "\n".join(drawn(commands["town"](), 80, 24))
    assert words("board", "players") in "\n".join(drawn(commands["brett"](), 80, 24))


def test_the_tables_fit_80_columns_without_breaking_a_cell() -> None:
    """Issue 27: at 80 columns the players' table wrapped mid-row ("roads  markers" on a
    line of their own, under nothing); now each row is stacked as "column value" pieces,
    and from wide enough a terminal the one-line rows come back."""
    for state, lang in _random_games(3):
        words = texts(lang)
        names = KIT.names(state, ["human"] * state.config.players, words)
        for _ in range(60):  # into the game: personalities taken, money and pieces moved
            if state.is_over:
                break
            seat = state.seats_to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        sight = BoardSight.of(state, 0)
        players = players_table(sight.view, 0, names, words)
        narrow = drawn(players, 80, 200)
        assert all(len(line) <= 80 for line in narrow), narrow
        money_header = words("board", "col_money")
        for player in sight.view["players"]:  # each amount right after its column's name
            assert f"{money_header} ${player['money']}" in "\n".join(narrow), narrow
        wide = drawn(players, 200, 200)
        assert len(wide) == 2 + len(sight.view["players"])  # title, header, one per player
        assert drawn(players_table(sight.view, 0, names, words), 200, 200) == wide
        personalities = drawn(personalities_table(sight, names, words), 80, 200)
        assert all(len(line) <= 80 for line in personalities), personalities
