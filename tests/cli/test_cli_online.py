"""``carson play --server`` as a command: a whole game on a real server in a pseudo-terminal
(the password never echoed, the token kept 0600 and used again), and every option that
does not fit said in one line."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from test_cli_play import Terminal, run

from card_answers import CardAnswers
from carson.terminal.api_client import ApiClient, ApiError
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server process and the terminal client against it

PASSWORD = "a-long-secret-9"
NEEDS_SERVER = "--join, --lobby, --quick, --public and --user are for a game on a server"


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
        shown = Screen("play", "--server", server, "--user", "ivy", *seats, env=env,
                       size=(120, 50))  # fmt: skip
        term = shown.term
        for asked, answer in (("Password of ivy", PASSWORD), ("Create the account ivy? [y/n]",
                              "y"), ("The same password again", PASSWORD)):  # fmt: skip
            while asked not in shown.shown():
                shown.pump()
            term.type(answer)
        answers, deadline = CardAnswers(), time.monotonic() + 300
        while "is over." not in shown.everything():
            assert time.monotonic() < deadline, shown.shown()
            shown.pump()
            if shown.asked():  # the card game's own questions, answered as they show
                term.type(answers(shown.shown()))
        assert term.close() == 0
        screen = shown.everything()
        assert "Logged in on" in screen and "New game " in screen
        assert "Winner: " in screen or "Shared win: " in screen
        assert PASSWORD not in screen  # never echoed
        tokens = tmp_path / "config" / "carson" / "tokens.json"
        assert stat.S_IMODE(tokens.stat().st_mode) == 0o600 and PASSWORD not in tokens.read_text()
        game_id = screen.split("New game ")[1].split(".")[0]
        # Back to the finished game: signed in by the kept token (no password asked).
        again = Terminal("play", "--server", server, "--join", game_id, env=env)
        told = again.read_until("is over.")
        assert again.close() == 0 and "Password" not in told
        assert "Winner: " in told or "Shared win: " in told


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
        term.read_until("Typ een getal van 1 tot 8")
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
        shown = Screen("play", "--server", server, "--user", "quin", "--quick", "--game",
                       "board", env=env, size=(120, 50))  # fmt: skip
        for asked, answer in (
            ("Password of quin", PASSWORD), ("[y/n]", "y"), ("The same password again", PASSWORD),
            ("How many players at the table (2–5)?", "2"),  # no menu: straight to it
            ("Press Enter for 10+5", ""), ("A rated game? [y/n]", "n"),
        ):  # fmt: skip
            showing(shown, asked)
            shown.term.type(answer)
        showing(shown, "Paired: game ")
        found = una.seek(str(waiting["id"]))["game_id"]
        assert found and f"Paired: game {found}." in shown.everything()
        assert {seat["user"] for seat in una.view(found)["seats"]} == {"una", "quin"}
        until_asked(shown, una, found)
        shown.term.type("quit")  # leaves at the game's first question, as at any
        showing(shown, f"You left game {found}")
        assert shown.term.close() == 3


def showing(shown: Screen, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in shown.everything():
        assert time.monotonic() < deadline, f"{text!r} never shown:\n{shown.shown()}"
        shown.pump()


def until_asked(shown: Screen, other: ApiClient, game_id: str, timeout: float = 60) -> None:
    """Reads until the terminal's player is asked a question of the game (not told to wait),
    ``other`` making his moves meanwhile (the terminal's player may be second to choose)."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, shown.shown()
        view = other.view(game_id)
        if view["legal_actions"]:
            try:
                other.act(game_id, view["seq"], view["legal_actions"][0])
            except ApiError as error:  # a move came first: look again
                assert error.code == "stale_seq", error
        shown.pump()
        if shown.asked():  # a question's "> ", not the "waiting> " line
            return
