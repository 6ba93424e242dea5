"""``carson play --server`` as a command: a whole game on a real server in a pseudo-terminal
(the password never echoed, the token kept 0600 and used again), and every option that
does not fit said in one line."""

from __future__ import annotations

import os
import select
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_cli_play import Terminal, run

from card_answers import CardAnswers
from carson.terminal.api_client import ApiClient, ApiError
from live_server import running_server

pytestmark = pytest.mark.slow  # a server process and the terminal client against it

PASSWORD = "a-long-secret-9"
NEEDS_SERVER = "--join, --lobby, --quick, --public and --user are for a game on a server"
#: Every question of the game ends with this prompt.
QUESTION = "> "


def over_or_asked(
    term: Terminal, asked: int, timeout: float = 60, meanwhile: Callable[[], None] = lambda: None
) -> bool:
    """Reads until the game is over (True) or one more question is asked (False), doing
    ``meanwhile`` between two looks."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if "is over." in term.screen:
            return True
        if term.screen.count(QUESTION) > asked:
            return False
        meanwhile()
        ready, _, _ = select.select([term.master], [], [], 0.2)
        if ready:
            term.screen += os.read(term.master, 65536).decode("utf-8", "replace")
    raise AssertionError(f"no question and no end; screen:\n{term.screen[-2000:]}")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--join", "abc"), NEEDS_SERVER),
        (("--user", "ann"), NEEDS_SERVER),
        (("--lobby",), NEEDS_SERVER),
        (("--server", "http://h", "--lobby", "--seat", "human"), "--lobby takes a table"),
        (("--server", "http://h", "--control", "3d", "--join", "abc"), "--lobby takes a table"),
        (("--server", "ftp://host", "--join", "abc"), "is not a server address"),
        (("--server", "http://h", "--resume", "x.json"), "--resume continues a game saved here"),
        (("--server", "http://h", "--no-save"), "a server keeps its games"),
        (("--server", "http://h", "--join", "abc", "--seat", "human"), "--join takes a seat"),
        (("--public",), NEEDS_SERVER),
        (("--server", "http://h", "--join", "abc", "--public"), "--join takes a seat"),
        (("--server", "http://h", "--lobby", "--public"), "--lobby takes a table"),
        (("--server", "http://h", "--join", "https://h/x/abc"), "neither a game id nor a link"),
        (("--server", "http://h", "--seat", "expert") + ("--seat", "expert") * 3, "no human seat"),
        (("--quick",), NEEDS_SERVER),
        (("--server", "http://h", "--quick", "--join", "abc"), "--quick finds a game by quick"),
        (("--server", "http://h", "--quick", "--lobby"), "--quick finds a game by quick"),
        (("--server", "http://h", "--quick", "--control", "3d"), "--quick finds a game by quick"),
        (("--server", "http://h", "--quick", "--seat", "human"), "--quick finds a game by quick"),
        (("--server", "http://h", "--quick", "--public"), "--quick finds a game by quick"),
        (("--server", "http://h", "--quick", "--game", "chess"), "chess"),
    ],
)
def test_online_options_that_do_not_fit(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("play", *args)
    assert code == 2 and message in err, err


def test_a_whole_game_on_a_server_then_back_with_the_kept_token(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with running_server(tmp_path) as server:
        seats = ["--seat", "human"] + ["--seat", "beginner"] * 3
        term = Terminal("play", "--server", server, "--user", "ivy", *seats, env=env)
        term.read_until("Password of ivy")
        term.type(PASSWORD)
        term.read_until("Create the account ivy? [y/n]")
        term.type("y")
        term.read_until("The same password again")
        term.type(PASSWORD)
        asked, answers = term.screen.count(QUESTION), CardAnswers()
        while not over_or_asked(term, asked):
            asked = term.screen.count(QUESTION)
            term.type(answers(term.screen))  # the card game's own questions, answered
        assert term.close() == 0
        screen = term.screen
        assert "Logged in on" in screen and "New game " in screen
        assert "Winner: " in screen or "Shared win: " in screen
        assert PASSWORD not in screen  # never echoed
        tokens = tmp_path / "config" / "carson" / "tokens.json"
        assert stat.S_IMODE(tokens.stat().st_mode) == 0o600 and PASSWORD not in tokens.read_text()
        game_id = screen.split("New game ")[1].split(".")[0]
        # Back to the finished game: signed in by the kept token (no password asked).
        again = Terminal("play", "--server", server, "--join", game_id, env=env)
        shown = again.read_until("is over.")
        assert again.close() == 0 and "Password" not in shown
        assert "Winner: " in shown or "Shared win: " in shown


def test_with_nothing_asked_a_menu_offers_a_new_game_the_lobby_or_quick_match(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with running_server(tmp_path) as server:
        term = Terminal("play", "--server", server, "--user", "pat", "--lang", "nl", env=env)
        term.read_until("Wachtwoord van pat")
        term.type(PASSWORD)
        term.read_until("[j/n]")
        term.type("j")
        term.read_until("hetzelfde wachtwoord")
        term.type(PASSWORD)
        term.read_until("Typ 1, 2 of 3")
        assert "2: een tafel uit de lobby" in term.screen and "3: een snel spel" in term.screen
        term.type("2")
        term.read_until("Druk op Enter om opnieuw te kijken")
        assert "wacht nu geen openbare tafel" in term.screen
        term.type("stop")
        assert term.close() == 3


def test_quick_asks_the_table_then_plays_the_game_it_was_paired_into(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with running_server(tmp_path) as server:
        una = ApiClient(server)
        una.register("una", "password-una")
        waiting = una.open_seek("board", 2, "10+5", False, "en")
        term = Terminal("play", "--server", server, "--user", "quin", "--quick", "--game",
                        "board", env=env)  # fmt: skip
        term.read_until("Password of quin")
        term.type(PASSWORD)
        term.read_until("[y/n]")
        term.type("y")
        term.read_until("The same password again")
        term.type(PASSWORD)
        term.read_until("How many players at the table (2–5)?")  # no menu: straight to it
        term.type("2")
        term.read_until("Press Enter for 10+5")
        term.type("")
        term.read_until("A rated game? [y/n]")
        term.type("n")
        term.read_until("Paired: game ")
        found = una.seek(str(waiting["id"]))["game_id"]
        assert found and f"Paired: game {found}." in term.screen
        assert {seat["user"] for seat in una.view(found)["seats"]} == {"una", "quin"}
        seated = term.read_until("You sit at seat").index("You sit at seat")
        until_asked(term, term.screen[:seated].count(QUESTION), una, found)
        term.type("quit")  # leaves at the game's first question, as at any
        term.read_until(f"You left game {found}")
        assert term.close() == 3


def until_asked(term: Terminal, asked: int, other: ApiClient, game_id: str) -> None:
    """Reads until one more question than ``asked`` is on the screen, ``other`` making his
    moves meanwhile (the terminal's player may be second to choose)."""

    def other_moves() -> None:
        view = other.view(game_id)
        if view["legal_actions"]:
            try:
                other.act(game_id, view["seq"], view["legal_actions"][0])
            except ApiError as error:  # a move came first: look again
                assert error.code == "stale_seq", error

    assert not over_or_asked(term, asked, meanwhile=other_moves)
