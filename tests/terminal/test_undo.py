"""'undo' takes a human's last move back while it has shown him nothing hidden."""

from __future__ import annotations

import io

from keyboard import BotKeyboard
from rich.console import Console

from carson.games.card.tui.kit import new_state
from carson.games.card.tui.texts import texts
from carson.terminal.game import TerminalGame


class UndoingKeyboard(BotKeyboard):
    """Types 'undo' at the first question after a bid and at the first placement."""

    def __init__(self) -> None:
        super().__init__()
        self.tried: dict[str, tuple[int, int]] = {}

    def __call__(self, prompt: str) -> str:
        game = self.game
        assert game is not None
        phase = game.state.phase
        if prompt and phase in ("take", "place") and phase not in self.tried:
            self.tried[phase] = (len(game.state.actions), game.state.round)
            return "undo"
        return super().__call__(prompt)


def test_undo_after_a_take_but_not_after_the_bids_were_revealed() -> None:
    kinds = ["human", "expert", "expert", "expert"]
    keyboard = UndoingKeyboard()
    screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    game = TerminalGame(new_state(kinds, 11), kinds, texts(), screen, keyboard, None, 1)
    keyboard.game = game
    assert game.run() == 0 and set(keyboard.tried) == {"take", "place"}
    out = screen.export_text()
    # At the take, the bids had been revealed: 'undo' is no command there, just a bad answer.
    assert "Please type a number." in out
    # At the placement, the take showed nothing hidden: taken back, and asked again.
    assert "('undo' takes your last move back)" in out
    assert out.count("Your last move is taken back.") == 1
    taken_back = out.index("Your last move is taken back.")
    assert out.index("Take which card?", taken_back) < out.index("Place terrain", taken_back)
