"""``carson play`` in real pseudo-terminals of three sizes, read through a terminal emulator
(pyte): what the player sees when asked holds the question, the row and his city."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pyte
import pytest

CARSON = [sys.executable, "-m", "carson.cli.main"]


class SizedTerminal:
    """A ``carson`` process on a pseudo-terminal of ``columns``×``lines``, and its screen."""

    def __init__(self, columns: int, lines: int, *args: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {**os.environ, "COLUMNS": str(columns), "LINES": str(lines), "TERM": "xterm"}
        self.process = subprocess.Popen(
            [*CARSON, *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.shown():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never shown; screen:\n{self.shown()}")
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.stream.feed(os.read(self.master, 65536))
                except OSError:
                    break
        time.sleep(0.3)  # the rest of the screen, if any is still coming
        try:
            while select.select([self.master], [], [], 0.1)[0]:
                self.stream.feed(os.read(self.master, 65536))
        except OSError:  # the process closed the terminal
            pass
        return self.shown()

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def close(self) -> int:
        code = self.process.wait(timeout=60)
        os.close(self.master)
        return code


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (100, 35), (160, 50)])
def test_the_question_the_row_and_the_city_fit_the_terminal(columns: int, lines: int) -> None:
    term = SizedTerminal(columns, lines, "play", "--seed", "4")
    for question, answer in (("Choose your auction card", "9"), ("Take which card?", "quit")):
        shown = term.wait_for(question)
        assert "The row" in shown and "Your city" in shown, shown
        assert "Round 1 of 18" in shown or lines < 35, shown
        term.type(answer)
    assert term.close() == 3


def test_details_are_a_command_away_in_the_players_language() -> None:
    term = SizedTerminal(80, 24, "play", "--seed", "4", "--lang", "de")
    term.wait_for("deine Auktionskarte")
    for word, shows in (("tabelle", "Der Tisch"), ("legende", "Legende"), ("hilfe", "städte")):
        term.type(word)
        assert shows in term.wait_for(shows)
    term.type("ende")
    assert term.close() == 3
