"""``carson play --server --lobby``: the lobby's public tables listed at the terminal, one
picked by number and joined (a rating range's refusal said in words, then another table
picked), and the wait for the table to fill, each player said as he sits down."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_online import TABLE, Keyboard, api_player, screen, signed_in

from carson.terminal.api_client import ApiClient
from carson.terminal.asker import Asker, QuitGame
from carson.terminal.credentials import TokenStore
from carson.terminal.online import OnlineGame
from carson.terminal.online_lobby import Lobby, table_line
from carson.terminal.texts import Texts
from live_server import running_server

pytestmark = pytest.mark.slow  # a server process and the terminal client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("lobby")) as base:
        yield base


def public_table(host: ApiClient, **settings: object) -> str:
    view = host.create_game("card", TABLE, [], "en", None, {"public": True, **settings})
    return str(view["id"])


def test_a_table_taken_from_the_lobby(server: str, tmp_path: Path) -> None:
    kim = api_player(server, "kim")
    picky = public_table(kim, rating_min=1700, time_control="3d")  # a new player has 1500
    open_table = public_table(kim)  # newest first: number 1
    lea, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "lea")
    console = screen()
    # Enter looks again; 7 is no table; 2 is refused (its range); 1 is joined.
    keyboard = Keyboard("", "7", "2", "1")
    lobby = Lobby(lea, Asker(keyboard, console, Texts("en")), console, game="card")
    assert lobby.choose() == open_table
    out = console.export_text()
    assert "Public tables waiting for players on" in out
    assert "kim's table: 4 seats, 1 free · no clock · unrated" in out
    assert "3d · unrated · ratings 1700–…" in out
    assert "That is not one of the choices: 1–2." in out
    assert "Your rating in this game is outside the range this table accepts" in out
    assert f"You joined kim's table ({open_table})." in out
    assert lea.view(open_table)["seat"] == 1
    # Filtered by time control, only the correspondence table is left.
    assert [t["id"] for t in lea.lobby("card", "correspondence")] == [picky]


def test_an_empty_lobby_says_so_in_the_players_language(server: str, tmp_path: Path) -> None:
    moe, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "moe", "de")
    console = screen()
    lobby = Lobby(moe, Asker(Keyboard("", "ende"), console, Texts("de")), console, game="board")
    with pytest.raises(QuitGame):
        lobby.choose()
    assert "wartet gerade kein offener Tisch" in console.export_text()


def test_waiting_for_the_table_to_fill_shows_who_sits_down(server: str, tmp_path: Path) -> None:
    ned, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "ned")
    game_id = public_table(ned)
    ola = api_player(server, "ola")
    joining = threading.Timer(0.3, ola.join, (game_id,))
    joining.start()
    console = screen()
    game = OnlineGame(ned, game_id, "en", console, Keyboard("quit"), poll=0.05)
    assert game.run() == 3
    joining.join()
    out = console.export_text()
    assert "Waiting for players to join (1 seats free)" in out
    assert "ola takes seat 2." in out and "ned takes" not in out


def test_table_lines_in_every_language() -> None:
    table = {"id": "t", "game": "card", "host": "kim", "seats": [{}] * 4, "free": 2,
             "rated": True, "time_control": "10+5", "rating_min": None,
             "rating_max": 1800}  # fmt: skip
    assert table_line(table, Texts("fr")).endswith("10+5 · classée · classements …–1800")
    assert "Tisch von kim: 4 Plätze, 2 frei" in table_line(table, Texts("de"))
    assert "Carson City: Das Kartenspiel" in table_line(table, Texts("de"))  # its own title
    assert "Carson City: Het kaartspel" in table_line(table, Texts("nl"))
