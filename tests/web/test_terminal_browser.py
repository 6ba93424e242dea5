"""Issue 27's proof that the public API is enough for a client: one card game between a
player in a terminal (``carson play --server``, a real process in a pseudo-terminal of
80×24) and a player in a browser (Chromium), on a real server, to the end; the terminal's
compact screen holds the question, the row and the player's city; both see the same final
scores. The two sides are driven by one loop that answers whichever is asked and otherwise
waits for the terminal's next output (read by a thread) rather than sleeping."""

from __future__ import annotations

import os
import random
import re
import threading
import time
from pathlib import Path

import pyte
import pytest
from play import GAME_URL, final_totals, play_one_decision, register
from playwright.sync_api import Browser, expect

from card_answers import CardAnswers
from pty_terminal import Terminal

pytestmark = pytest.mark.slow  # a server process, a terminal and Chromium

PASSWORD = "a-long-secret-27"
#: What the terminal writes as each of its questions opens (prompt_toolkit's bracketed paste).
QUESTION = "\x1b[?2004h"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: The terminal's size: the smallest the compact screen is made for.
SIZE = (80, 24)
#: Seconds the loop waits for the terminal when the browser has nothing to do either.
IDLE = 0.05


class ReadTerminal(Terminal):
    """A terminal whose output is read all the time by a thread, so that the program never
    waits on a full pseudo-terminal while the browser plays; ``output`` is set whenever
    something new is shown."""

    output = threading.Event()

    def shown(self) -> str:
        """What the terminal shows now (an emulator fed what was read; it answers the
        cursor position requests, as a player's terminal does)."""
        if not hasattr(self, "emulated"):
            self.emulated, self.fed = pyte.Screen(*SIZE), 0
            self.emulated.write_process_input = self._answer  # type: ignore[method-assign]
            self.stream = pyte.Stream(self.emulated)
        text = self.screen
        self.stream.feed(text[self.fed :])
        self.fed = len(text)
        return "\n".join(self.emulated.display)

    def _answer(self, data: str) -> None:
        os.write(self.master, data.encode())

    def asked(self) -> bool:
        """Whether a question of the game (``>``, not the ``waiting>`` line kept open while
        the others play) shows at the cursor, empty."""
        self.shown()
        return self.emulated.display[self.emulated.cursor.y].rstrip() == ">"

    def start_reading(self) -> None:
        def read() -> None:
            while True:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                self.screen += chunk.decode("utf-8", "replace")
                self.output.set()

        threading.Thread(target=read, daemon=True).start()


def terminal_totals(screen: str) -> list[int]:
    """The final score sheet's totals as the terminal showed them (its ``total`` row)."""
    rows = [line for line in ANSI.sub("", screen).splitlines() if "│ total " in line]
    assert rows, screen[-3000:]
    return [int(number) for number in re.findall(r"-?\d+", rows[-1])]


def test_a_terminal_player_and_a_browser_player_finish_one_game(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    seats = ["--seat", "human", "--seat", "human", "--seat", "beginner", "--seat", "beginner"]
    term = ReadTerminal("play", "--server", base_url, "--user", "tess", *seats, env=env, size=SIZE)
    term.read_until("Password of tess")
    term.type(PASSWORD)
    term.read_until("[y/n]")
    term.type("y")
    term.read_until("The same password again")
    term.type(PASSWORD)
    shown = re.sub(r"\s+", " ", ANSI.sub("", term.read_until("--join")))  # lines wrap at 80
    link = re.search(r"the link (\S+) \(in a browser", shown)
    assert link is not None
    # The prompts so far, counted before the browser joins: once the table is full, the
    # terminal's first question may come at any moment, and it must be answered.
    answered = term.screen.count(QUESTION)
    term.start_reading()

    page = browser.new_page()
    register(page, base_url, "wendy")
    page.goto(link.group(1))
    page.click("#join")
    page.wait_for_url(GAME_URL)
    rng, answers = random.Random(27), CardAnswers()
    first_bid: str | None = None
    started = time.monotonic()
    for _ in range(20000):
        assert time.monotonic() - started < 400, f"the game stalled; the terminal:\n{term.shown()}"
        if "is over." in term.screen:
            break
        opened = term.screen.count(QUESTION)
        if opened > answered and term.shown().splitlines()[term.emulated.cursor.y].startswith(">"):
            answered = opened  # a question (or the waiting line) drawn: answered once
            if term.asked():
                shown = term.shown()
                if first_bid is None and "Choose your auction card" in shown:
                    first_bid = shown
                term.type(answers(shown))  # the card game's own questions, answered
        elif not play_one_decision(page, rng):
            term.output.wait(IDLE)  # woken by the terminal's next output
            term.output.clear()
    print(f"played in {time.monotonic() - started:.1f} s, {answered} questions answered")
    assert term.process.wait(timeout=30) == 0
    expect(page.locator("#result")).to_be_visible()
    browser_totals = final_totals(page)
    assert len(browser_totals) == 4 and answered > 30
    # The terminal showed the card game's own compact screen (from the server's view): at
    # 80×24 the question, the row and the player's city are on screen together.
    assert first_bid is not None
    assert "Choose your auction card" in first_bid and "The row" in first_bid, first_bid
    assert "Your city" in first_bid, first_bid
    assert terminal_totals(term.screen) == browser_totals
    page.close()
