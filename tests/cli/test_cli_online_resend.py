"""Issue 46: a move sent while the server cannot be reached is kept and sent again with
growing pauses (said on the screen), not given up with exit 1. The terminal (a real
pseudo-terminal of 80×24, in English and in German) reaches the server through a small
proxy that the test takes down as the move is sent and brings back a few seconds later.
And with nothing named (``carson play --server``), one's games in progress are offered
before the menu of new ones."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from card_answers import CardAnswers
from carson.terminal.api_client import ApiClient
from carson.terminal.credentials import TokenStore
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server and a terminal


class Proxy:
    """Forwards a loopback port to ``target``; while :attr:`down`, every connection is
    closed at once (the server cannot be reached)."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.down = False
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        self.down = True
        for connection in self.open:
            connection.close()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            if self.down:
                client.close()
                continue
            server = socket.create_connection(("127.0.0.1", self.target))
            self.open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for end in (source, sink):
            end.close()


def until(screen: Screen, text: str, timeout: float = 60) -> None:
    """Reads until ``text`` was shown (maybe over two lines)."""
    deadline = time.monotonic() + timeout
    while text not in " ".join(line.strip() for line in screen.ever):
        assert time.monotonic() < deadline, f"{text!r} never shown:\n{screen.shown()}"
        screen.pump()


@pytest.mark.parametrize(
    ("lang", "asked", "kept"),
    [
        ("en", "Choose your auction card", "your move is kept and sent again (1 of 8)"),
        ("de", "deine Auktionskarte", "dein Zug bleibt erhalten und wird erneut gesendet"),
    ],
)
def test_a_move_sent_while_the_server_is_away_is_sent_again(
    tmp_path: Path, lang: str, asked: str, kept: str
) -> None:
    with running_server(tmp_path) as server:
        proxy = Proxy(int(urlsplit(server).port or 0))
        base = f"http://127.0.0.1:{proxy.port}"
        client = ApiClient(base)
        token = client.register("ann", "password-ann")
        TokenStore(tmp_path / "config" / "carson" / "tokens.json").save(base, "ann", token)
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
        seats = ["human", "beginner", "beginner", "beginner"]
        game = str(client.create_game("card", seats, [], lang, None)["id"])
        term = Screen("play", "--server", base, "--join", game, "--lang", lang, env=env)
        until(term, asked)
        while not term.asked():
            term.pump()
        proxy.cut()
        term.term.type(CardAnswers(lang)(term.shown()))
        until(term, kept, 30)
        assert term.term.process.poll() is None  # still there, the move kept
        proxy.down = False  # the server is back: the move arrives
        until(term, "Auction cards: " if lang == "en" else "Auktionskarten: ", 60)
        assert term.term.process.poll() is None
        while term.screen.display[term.screen.cursor.y].rstrip() not in (
            ">",
            "waiting>",
            "warten>",
        ):
            term.pump()  # a line open (typed ahead, a word would be forgotten)
        term.term.type("quit" if lang == "en" else "ende")
        deadline = time.monotonic() + 30
        while term.term.process.poll() is None and time.monotonic() < deadline:
            term.pump()
        assert term.term.close() == 3


@pytest.mark.parametrize(
    ("lang", "offered", "asked"),
    [
        ("en", "1: Carson City: The Card Game", "Choose your auction card"),
        ("de", "Deine laufenden Spiele auf", "deine Auktionskarte"),
    ],
)
def test_with_nothing_named_ones_games_in_progress_are_offered_first(
    tmp_path: Path, lang: str, offered: str, asked: str
) -> None:
    with running_server(tmp_path) as server:
        client = ApiClient(server)
        token = client.register("cyd", "password-cyd")
        TokenStore(tmp_path / "config" / "carson" / "tokens.json").save(server, "cyd", token)
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
        seats = ["human", "beginner", "beginner", "beginner"]
        game = str(client.create_game("card", seats, [], lang, None)["id"])
        term = Screen("play", "--server", server, "--lang", lang, env=env)
        until(term, offered)
        assert game in term.shown()
        while not term.asked():
            term.pump()
        term.term.type("1")
        until(term, asked)  # back in that game, at its question
        while not term.asked():
            term.pump()
        term.term.type("quit" if lang == "en" else "ende")
        assert term.term.close() == 3


def test_a_password_too_short_is_refused_in_words_at_80_by_24(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    with running_server(tmp_path) as server:
        term = Screen("play", "--server", server, "--user", "zora", "--lang", "de", env=env)
        for asked, answer in (("Passwort von zora", "kurz"), ("[j/n]", "j"),
                              ("dasselbe Passwort", "kurz")):  # fmt: skip
            until(term, asked)
            term.term.type(answer)
        until(term, "Ein Passwort braucht mindestens 8 Zeichen.")
        assert "body." not in term.everything() and "kurz" not in term.everything()
        term.term.process.terminate()
        term.term.close()
