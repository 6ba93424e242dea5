"""The row keeps its slot numbers however long a card's description in the player's
language, and ``help`` names every word a player may type, at every question."""

from __future__ import annotations

import io
import re

import pytest
from keyboard import BotKeyboard
from rich.console import Console

from carson.core.i18n import LANGUAGES
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.render import Names, row_table
from carson.games.card.tui.screen import compact_row
from carson.games.card.tui.texts import texts
from carson.terminal.game import TerminalGame

KINDS = ["human", "beginner", "beginner", "beginner"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [60, 80])
def test_every_slot_and_desirability_shows_with_long_descriptions(lang: str, width: int) -> None:
    state = new_state(KINDS, 1)
    for first in range(0, len(state.catalog.personalities), 6):
        state.row = list(state.catalog.personalities[first : first + 6])
        for table in (
            compact_row(state, texts(lang)),
            row_table(state, Names(state, KINDS, texts(lang)), texts(lang)),
        ):
            screen = Console(file=io.StringIO(), width=width, record=True)
            screen.print(table)
            shown = screen.export_text()
            for slot, card in enumerate(state.row):
                assert card is not None
                line = re.search(rf"^[ │]*{slot} +│? *(.*?)[ │]*(\d+)[ │]*$", shown, re.M)
                assert line, (slot, shown)
                assert line.group(2) == str(card.desirability), (slot, shown)


class HelpAsker(BotKeyboard):
    """A player who asks for help at his first bid and first take."""

    def __init__(self, word: str) -> None:
        super().__init__()
        self.word = word
        self.helped: set[str] = set()

    def __call__(self, prompt: str) -> str:
        assert self.game is not None
        phase = self.game.state.phase
        if prompt and phase in ("bid", "take") and phase not in self.helped:
            self.helped.add(phase)
            self.typed.append(self.word)
            return self.word
        if self.helped == {"bid", "take"}:
            return "quit"
        return super().__call__(prompt)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_at_the_bid_and_take_questions_names_list_undo_and_never(lang: str) -> None:
    words = texts(lang)
    keyboard = HelpAsker(words("commands", "help"))
    screen = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    game = TerminalGame(new_state(KINDS, 2), KINDS, words, screen, keyboard, None, 1)
    keyboard.game = game
    assert game.run() == 3
    out = " ".join(screen.export_text().split())
    help_text = " ".join(words("ui", "card_help").split())
    assert out.count(help_text) == 2  # at the bid and at the take
    for command in ("list", "undo", "never", "table", "row", "quit"):
        assert f"'{words('commands', command)}'" in help_text, command
