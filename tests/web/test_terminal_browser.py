"""Issue 27's proof that the public API is enough for a client: one card game between a
player in a terminal (``carson play --server``, a real process in a pseudo-terminal) and a
player in a browser (Chromium), on a real server, to the end; both see the same final
scores."""

from __future__ import annotations

import os
import random
import re
import threading
import time
from pathlib import Path

from play import GAME_URL, final_totals, play_one_decision, register
from playwright.sync_api import Browser, expect

from card_answers import CardAnswers
from pty_terminal import Terminal

PASSWORD = "a-long-secret-27"
#: Every question of the game ends with this prompt.
QUESTION = "> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class ReadTerminal(Terminal):
    """A terminal whose output is read all the time by a thread, so that the program never
    waits on a full pseudo-terminal while the browser plays."""

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
    term = ReadTerminal("play", "--server", base_url, "--user", "tess", *seats, env=env)
    term.read_until("Password of tess")
    term.type(PASSWORD)
    term.read_until("[y/n]")
    term.type("y")
    term.read_until("The same password again")
    term.type(PASSWORD)
    shown = term.read_until("(in a browser")
    link = re.search(r"the link (\S+) \(in a browser", shown)
    assert link is not None
    term.start_reading()

    page = browser.new_page()
    register(page, base_url, "wendy")
    page.goto(link.group(1))
    page.click("#join")
    page.wait_for_url(GAME_URL)
    rng, answered, answers = random.Random(27), term.screen.count(QUESTION), CardAnswers()
    started = time.monotonic()
    for _ in range(3000):
        if "is over." in term.screen:
            break
        if term.screen.count(QUESTION) > answered:
            answered = term.screen.count(QUESTION)
            term.type(answers(term.screen))  # the card game's own questions, answered
        elif not play_one_decision(page, rng):
            page.wait_for_timeout(50)
    print(f"played in {time.monotonic() - started:.1f} s")
    assert term.process.wait(timeout=30) == 0
    expect(page.locator("#result")).to_be_visible()
    browser_totals = final_totals(page)
    assert len(browser_totals) == 4 and answered > 30
    # The terminal showed the card game's own screens (from the server's view).
    assert "Choose your auction card, secretly" in term.screen and "Your city:" in term.screen
    assert terminal_totals(term.screen) == browser_totals
    page.close()
