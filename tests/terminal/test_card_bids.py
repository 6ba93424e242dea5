"""After the reveal the terminal shows each bid with its boosts and the taking order."""

from __future__ import annotations

import io
import random

from rich.console import Console

from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState
from carson.games.card.tui.render import Names
from carson.games.card.tui.screen import table_screen
from carson.games.card.tui.texts import texts


def boosted_state() -> CardGameState:
    """A game at a take where some seat's bid was boosted (the Doctor, the Mercenary…)."""
    for seed in range(200):
        rng = random.Random(seed)
        state = CardGameState(GameConfig.of(["player"] * 4), seed)
        while not state.is_over:
            if state.phase == "take" and any(me.boost for me in state.seats):
                return state
            seat = rng.choice(state.seats_to_act)
            legal = state.legal_actions(seat)
            uses = [action for action in legal if type(action).__name__ == "Use"]
            state.apply(seat, rng.choice(uses or legal))
    raise AssertionError("no boosted bid in 200 games")


def test_boosts_and_the_taking_order_are_shown() -> None:
    state = boosted_state()
    names = Names(state, ["human"] * 4, texts())
    for height in (24, 60):
        console = Console(file=io.StringIO(), width=160, height=height, record=True)
        console.print(table_screen(state, 0, names, texts()))
        shown = console.export_text()
        line = next(line for line in shown.splitlines() if line.startswith("Taking order: "))
        expected = []
        for seat in state.taking_order():
            bid = state.seats[seat].played[state.era - 1][-1]
            final = state.final_value(seat)
            value = f"{bid}+{final - bid}={final}" if final != bid else str(bid)
            expected.append(f"{names.suit(state.seats[seat].suit)} {value}")
        assert line == "Taking order: " + ", ".join(expected)
        assert "+" in line
    # The full table's "played" column says the boost too.
    boosted = next(seat for seat, me in enumerate(state.seats) if me.boost)
    bid = state.seats[boosted].played[state.era - 1][-1]
    assert f"{bid}+{state.final_value(boosted) - bid}" in shown
