"""Issue 46's "done when": two terminals (real pseudo-terminals of 80×24, read through a
terminal emulator) play a timed card game on a real server, one in English, one in German;
one side lets its time run out. With no key pressed, both screens show the clocks ticking,
the timeout notice and the machine's move, and the next question drawn by itself; what was
typed while waiting answers no later question.

The shortest live clock is a minute: rather than wait it out, the test moves the running
clock's start back in the server's database and makes its timeout job due now, as after a
server that was down past the deadline (``tests/server/test_clock_processes.py``); the
server's worker finds it within its poll of a second."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session

from card_answers import CardAnswers
from carson.server.kernel.db import Game, Job
from carson.terminal.api_client import ApiClient
from carson.terminal.credentials import TokenStore
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server and two terminals

CLOCK = re.compile(r"(\d+):(\d\d) ◂")


def until(
    screens: list[Screen], done: Callable[[], bool], timeout: float, what: str
) -> None:  # fmt: skip
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            shown = "\n\n".join(screen.shown() for screen in screens)
            raise AssertionError(f"{what} never shown; screens:\n{shown}")
        for screen in screens:
            screen.pump()


def run_out(database: Path, game: str, seat: int) -> None:
    """``seat``'s running clock out of time now, its timeout job due now."""
    engine = create_engine(f"sqlite:///{database}")
    with Session(engine) as session, session.begin():
        clock = dict(session.scalar(select(Game.clock).where(Game.id == game)) or {})
        since = list(clock["running_since"])
        assert since[seat] is not None, clock  # the seat is asked, its clock running
        since[seat] = time.time() - float(clock["remaining"][seat]) - 1
        session.execute(update(Game).where(Game.id == game).values(clock={**clock,
                        "running_since": since}))  # fmt: skip
        session.execute(update(Job).where(Job.kind == "timeout", Job.key.like(
            f"timeout:{game}:%:{seat}")).values(run_at=datetime.now(UTC)))  # fmt: skip
    engine.dispose()


def test_a_timeout_is_shown_on_both_terminals_with_no_key_pressed(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        env, clients = {}, {}
        for name in ("ann", "bob"):  # signed in before: their kept tokens
            config = tmp_path / name
            clients[name] = ApiClient(server)
            token = clients[name].register(name, f"password-{name}")
            TokenStore(config / "carson" / "tokens.json").save(server, name, token)
            env[name] = {**os.environ, "XDG_CONFIG_HOME": str(config)}
        seats = ["human", "human", "beginner", "beginner"]
        table = {"time_control": "1+5", "on_timeout": "move"}
        game = str(clients["ann"].create_game("card", seats, [], "en", None, table)["id"])
        clients["bob"].join(game)
        ann = Screen("play", "--server", server, "--join", game, env=env["ann"])
        bob = Screen("play", "--server", server, "--join", game, "--lang", "de", env=env["bob"])
        both = [ann, bob]
        until(both, lambda: "Choose your auction card" in ann.shown()
              and "deine Auktionskarte" in bob.shown(), 60, "the first question")  # fmt: skip
        # The clocks, in the bottom line, with the time control; each running one ticks.
        until(both, lambda: "Clock 1+5 · you " in ann.screen.display[-1]
              and "Bedenkzeit 1+5 · ann " in bob.screen.display[-1], 10, "the clocks")  # fmt: skip
        first = CLOCK.findall(ann.screen.display[-1])
        until(both, lambda: CLOCK.findall(ann.screen.display[-1]) != first, 5, "a tick")
        # ann bids; bob never answers: his time runs out, a machine bids for him.
        ann.term.type(CardAnswers()(ann.shown()))
        until(both, lambda: "Waiting for the other players" in ann.shown(), 30, "the wait")
        ann.term.type("2")  # typed while waiting: said to answer nothing, kept for nothing
        until(both, lambda: "Nothing is asked of you now" in ann.shown(), 10, "the refusal")
        run_out(tmp_path / "web.db", game, 1)
        notice = "bob's time ran out: a machine moved for them."
        until(both, lambda: notice in ann.everything()
              and "deine Zeit ist abgelaufen" in bob.everything(), 30, "the timeout")  # fmt: skip
        # The machine's move is told (the bids revealed), and each screen drew the next
        # question by itself, its clocks below.
        until(both, lambda: "Take which card?" in ann.shown() or "Take which card?" in
              bob.shown() or "Welche Karte" in bob.shown(), 60, "the next question")  # fmt: skip
        assert "Auction cards: " in ann.everything() and "Auktionskarten: " in bob.everything()
        until(both, lambda: "Clock 1+5 · you " in ann.screen.display[-1]
              and "Bedenkzeit 1+5 · ann " in bob.screen.display[-1], 10, "the clocks")  # fmt: skip
        assert "Another move came first" not in ann.everything() + bob.everything()
        for screen, word in ((ann, "quit"), (bob, "ende")):
            screen.term.type(word)
            gone = screen.term.process
            until([screen], lambda: gone.poll() is not None, 30, "leaving")  # noqa: B023
            assert screen.term.close() == 3
