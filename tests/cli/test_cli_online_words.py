"""Issue 46, point 8, through a real pseudo-terminal of 80×24 against a running server, in
English and German: a quick match refuses a time control that does not read ("banana") in
words and asks the time control again at once, not the whole seek; a password too short is
refused in words, not as the server's field message (``body.password: …``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from carson.terminal.api_client import ApiClient
from carson.terminal.credentials import TokenStore
from carson.terminal.texts import Texts
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server and a terminal


def until(screen: Screen, text: str, timeout: float = 60) -> None:
    """Reads until ``text`` was shown (maybe over two lines)."""
    deadline = time.monotonic() + timeout
    while text not in " ".join(line.strip() for line in screen.ever):
        assert time.monotonic() < deadline, f"{text!r} never shown:\n{screen.shown()}"
        screen.pump()


def asked(screen: Screen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not screen.asked():
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()


def head(texts: Texts, key: str) -> str:
    """A text's words before its first placeholder."""
    return texts.template("online", key).split("{")[0].strip()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_quick_match_refuses_banana_and_asks_the_time_control_again(
    tmp_path: Path, lang: str
) -> None:
    texts = Texts(lang)
    with running_server(tmp_path) as server:
        token = ApiClient(server).register("ike", "password-ike")
        TokenStore(tmp_path / "config" / "carson" / "tokens.json").save(server, "ike", token)
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
        screen = Screen("play", "--server", server, "--quick", "--lang", lang, env=env)
        until(screen, head(texts, "quick_seats"))
        asked(screen)
        screen.term.type("4")
        until(screen, head(texts, "quick_control"))
        asked(screen)
        screen.term.type("banana")
        refused = texts("online", "quick_control_bad", typed="banana")
        until(screen, refused)
        asked(screen)
        shown = " ".join(line.strip() for line in screen.ever)
        # From the last refusal: the lines ever seen are kept by where they stood on the
        # screen, so an early copy of a line can come before questions asked after it.
        after = shown[shown.rindex(refused) :]
        assert head(texts, "quick_control") in after  # the time control asked again
        assert head(texts, "quick_seats") not in after  # not the players
        screen.term.type("quit" if lang == "en" else "ende")
        assert screen.term.close() == 3


@pytest.mark.parametrize(
    ("lang", "asked_for", "yes", "again", "refused"),
    [
        ("en", "Password of zora", "y", "same password", "A password needs at least 8"),
        ("de", "Passwort von zora", "j", "dasselbe Passwort", "Ein Passwort braucht mindestens 8"),
    ],
)
def test_a_password_too_short_is_refused_in_words(
    tmp_path: Path, lang: str, asked_for: str, yes: str, again: str, refused: str
) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with running_server(tmp_path) as server:
        screen = Screen("play", "--server", server, "--user", "zora", "--lang", lang, env=env)
        for question, answer in ((asked_for, "short"), ("]", yes), (again, "short")):
            until(screen, question)
            screen.term.type(answer)
        until(screen, refused)
        assert "body." not in screen.everything() and "short" not in screen.everything()
        screen.term.process.terminate()
        screen.term.close()
