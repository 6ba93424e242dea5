"""``carson play`` in real pseudo-terminals of three sizes, read through a terminal emulator
(pyte): what the player sees when asked holds the question, the row and his city."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte
import pytest

from carson.games.card.catalog import TerrainCard
from carson.games.card.engine.actions import Place, Take
from carson.games.card.engine.state import CardGameState
from carson.games.card.tui.kit import KIT, new_state
from carson.terminal.kit import Setup
from carson.terminal.saves import write_save

pytestmark = pytest.mark.slow  # real terminals of several sizes (pty)

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


def saved_placing_in_a_tall_city(path: Path) -> CardGameState:
    """A game saved where the human places a card in a city six rows tall or more, with at
    least three cards left in the row (his city grown upwards, the machines virtual)."""
    kinds = ["human", "beginner", "beginner", "beginner"]
    for seed in range(50):
        rng, state = random.Random(seed), new_state(kinds, seed)
        while not state.is_over:
            legal = state.legal_actions(0)
            if state.phase == "place":
                city = state.seats[0].city
                assert city is not None
                if city.size[1] >= 6 and sum(card is not None for card in state.row) >= 3:
                    log = KIT.replay_logged(KIT.record_of(state))[1]
                    setup = Setup(KIT, state.config.to_json(), seed)
                    write_save(path, setup, state, kinds, "en", log, {})
                    return state
                action = min(legal, key=lambda place: place.y if isinstance(place, Place) else 0)
            elif state.phase == "take":
                terrain = [take for take in legal if isinstance(take, Take)
                           and isinstance(state.row[take.slot], TerrainCard)]  # fmt: skip
                action = rng.choice(terrain or legal)
            else:
                action = rng.choice(legal)
            state.apply(0, action)
    raise AssertionError("no tall city in 50 games")


def test_placing_a_card_at_80x24_shows_the_row_above_the_question(tmp_path: Path) -> None:
    save = tmp_path / "tall.json"
    state = saved_placing_in_a_tall_city(save)
    term = SizedTerminal(80, 24, "play", "--resume", str(save))
    shown = term.wait_for("for every place")
    assert "The row" in shown and "Your city" not in shown, shown  # the question draws it
    for slot, card in enumerate(state.row):
        if card is not None:
            name = f"terrain #{card.id}" if isinstance(card, TerrainCard) else card.name("en")
            assert re.search(rf"^ +{slot}  {re.escape(name)}", shown, re.M), shown
    term.type("quit")
    assert term.close() == 3


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (100, 35), (160, 50)])
def test_the_board_games_question_and_town_fit_the_terminal(columns: int, lines: int) -> None:
    term = SizedTerminal(columns, lines, "play", "--game", "board", "--seed", "4")
    shown = term.wait_for("Choose a starting parcel")
    town = [line for line in shown.split("\n") if line.strip()]
    assert re.search(r"^ +A +B +C +D +E +F +G +H", shown, re.M), shown  # its columns
    assert any(line.startswith(" 8 ") for line in town), shown  # and its last row
    assert "Still to place: 2" in shown and town[-1].startswith(">"), shown
    # The seat's own supplies: beside the town on the compact screen, in the players' table
    # on the full one; the rest a command away.
    assert "markers 12" in shown or re.search(r"Blue 1 · you .* 12 *$", shown, re.M), shown
    assert ("More: board," in shown) == (lines < 50), shown
    term.type("track")
    assert "Action track, row 3" in term.wait_for("Action track, row 3")
    term.type("quit")
    assert term.close() == 3
