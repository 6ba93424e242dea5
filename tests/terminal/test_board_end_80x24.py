"""Issue 46: the end of a board game in a real terminal of 80×24 (a pty read through a
terminal emulator), in English and German: the last round played to the end by typing at
each question what the save says is legal, then the final sheet is on the screen whole,
a line per seat beginning with its name, with the winner below it."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest
from test_board_play import typed

from carson.games.board.engine.state import BoardGameState
from carson.games.board.tui.kit import KIT, new_board_state
from carson.games.board.tui.texts import texts
from carson.terminal.kit import Setup
from carson.terminal.replay import winners_line
from carson.terminal.saves import load_save, write_save
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # terminals

KINDS = ["human", "random", "random"]


def saved_in_the_last_round(path: Path, lang: str) -> None:
    """A game saved at the human's first question of round 4 (random moves before)."""
    state, rng = new_board_state(KINDS, 11), random.Random(11)
    while not (state.round.number == 4 and state.seats_to_act[0] == 0):
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    log = KIT.replay_logged(KIT.record_of(state))[1]
    write_save(path, Setup(KIT, state.config.to_json(), 11), state, KINDS, lang, log, {})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_final_sheet_is_whole_on_the_screen_at_the_end(tmp_path: Path, lang: str) -> None:
    t = texts(lang)
    save = tmp_path / "last.json"
    saved_in_the_last_round(save, lang)
    screen = Screen("play", "--resume", str(save), env={**os.environ, "CARSON_HOME": str(tmp_path)})
    rng, deadline = random.Random(1), time.monotonic() + 240
    while screen.term.process.poll() is None:
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()
        if not screen.asked():
            continue
        state = load_save(save)[0]
        assert isinstance(state, BoardGameState) and state.seats_to_act[0] == 0
        legal = state.legal_actions(0)
        passes = [action for action in legal if action.kind == "pass"]
        screen.term.type(typed(state, 0, passes[0] if passes else rng.choice(legal)))
        time.sleep(0.3)  # the answer taken and the save written before the next look
    for _ in range(10):
        screen.pump()
    shown = screen.shown()
    state = load_save(save)[0]
    result = state.result()
    assert result is not None
    names = KIT.names(state, KINDS, t)
    sheet = " ".join(
        line.strip() for line in shown[shown.index(t("ui", "game_over")) :].split("\n")
    )
    for seat, score in enumerate(result.scores):  # each seat's line, its total at its end
        found = re.search(rf"{re.escape(names.seat(seat))} .*? {t('ui', 'total')} (\d+)", sheet)
        assert found is not None and found[1] == str(score), shown
    assert winners_line(state, names, t) in sheet, shown  # below the sheet, on screen too
    assert screen.term.close() == 0
