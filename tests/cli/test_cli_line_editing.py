"""Issue 46: at a local game's questions and in a replay, the arrow keys edit the line and
go through earlier answers (prompt_toolkit), as online; they never type escape codes. On a
real pseudo-terminal of 80×24, in English and in German. (Piped input is read as plain
lines: the command tests that pipe their answers show it.)"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_cli_play import run

from pty_terminal import Screen

pytestmark = pytest.mark.slow  # terminals

LEFT, UP = "\x1b[D", "\x1b[A"
WORDS = {
    "en": ("tabe", "l", "The table", "legend", "Legend", "quit"),
    "de": ("tabele", "l", "Der Tisch", "legende", "Legende", "ende"),
}


def asked(screen: Screen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not screen.asked():
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()


def keys(screen: Screen, typed: str) -> None:
    os.write(screen.term.master, typed.encode())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_arrow_keys_edit_the_answer_and_recall_earlier_ones(tmp_path: Path, lang: str) -> None:
    typo, missing, table, word, legend, leave = WORDS[lang]
    env = {**os.environ, "CARSON_HOME": str(tmp_path)}
    screen = Screen("play", "--no-save", "--seed", "3", "--lang", lang, env=env)
    asked(screen)
    # "tabe", Left, "l" → "tabel"+"e": the cursor moved back one letter ("table" / "tabelle")
    keys(screen, typo + LEFT + missing + "\r")
    asked(screen)
    assert table in screen.everything(), screen.shown()
    screen.term.type(word)
    asked(screen)
    before = screen.everything().count(legend)
    keys(screen, UP + "\r")  # the last answer again
    asked(screen)
    assert screen.everything().count(legend) > before or legend in screen.shown()
    assert "^[[" not in screen.everything() and "[D" not in screen.everything()
    screen.term.type(leave)
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_replay_recalls_earlier_answers(tmp_path: Path, lang: str) -> None:
    code, _, _ = run("simulate", *("--seat", "random") * 4, "--games", "1",
                     "--log", str(tmp_path))  # fmt: skip
    assert code == 0
    screen = Screen("replay", str(tmp_path / "game-00001.json"), "--step", "3", "--lang", lang)
    asked(screen)
    step = {"en": "step {} of", "de": "Schritt {} von"}[lang]
    assert step.format(3) in screen.everything()
    screen.term.type("n")
    asked(screen)
    keys(screen, UP + "\r")  # "n" again
    asked(screen)
    assert step.format(5) in screen.everything(), screen.shown()
    screen.term.type("q")
    assert screen.term.close() == 0
