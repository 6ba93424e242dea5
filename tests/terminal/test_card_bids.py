"""After the reveal the terminal shows each bid with its boosts and the taking order."""

from __future__ import annotations

import io
import random
import re

import pytest
from keyboard import BotKeyboard
from rich.console import Console

from carson.games.card.engine.abilities import WINDOW_B
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState
from carson.games.card.previews import boost_can_matter
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.render import Names
from carson.games.card.tui.screen import table_screen
from carson.games.card.tui.texts import texts
from carson.terminal.game import TerminalGame


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


class ReplayingKeyboard(BotKeyboard):
    """A player who, once, offers an auction card he has already played this era."""

    tried = False

    def __call__(self, prompt: str) -> str:
        game = self.game
        assert game is not None
        state = game.state
        if not self.tried and prompt and state.phase == "bid":
            played = state.seats[0].played[state.era - 1]
            if played and 0 in state.seats_to_act:
                self.tried = True
                return str(played[0])
        return super().__call__(prompt)


def test_a_played_bid_is_refused_saying_so_and_the_last_one_is_played_for_you() -> None:
    kinds = ["human", "beginner", "beginner", "beginner"]
    keyboard = ReplayingKeyboard()
    screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    game = TerminalGame(new_state(kinds, 5), kinds, texts(), screen, keyboard, None, 1)
    keyboard.game = game
    assert game.run() == 0
    out = " ".join(screen.export_text().split())
    assert keyboard.tried and "You already played" in out and "in this era. Your hand:" in out
    # A hand of one card is played without a question.
    assert "Your last auction card of the era" in out and "(hand: " in out
    assert not re.search(r"\(hand: \d+\)", out)
    # Ties are broken between the suits at the table only.
    suits = {Names(game.state, kinds, texts()).suit(me.suit) for me in game.state.seats}
    for line in screen.export_text().splitlines():
        if "Ties go to: " in line:
            assert set(line.split("Ties go to: ")[1].strip().split(", ")) == suits


class NeverKeyboard(BotKeyboard):
    """A player who answers 'never' (in German: 'nie') to the first ability offered."""

    declined: str | None = None

    def __call__(self, prompt: str) -> str:
        game = self.game
        assert game is not None
        state = game.state
        if self.declined is None and prompt and state.phase == "ability":
            self.declined = state.offered_ability
            return "nie"
        return super().__call__(prompt)


def test_never_stops_an_ability_being_offered() -> None:
    for seed in range(40):
        kinds = ["human", "beginner", "beginner", "beginner"]
        keyboard = NeverKeyboard()
        screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
        game = TerminalGame(new_state(kinds, seed), kinds, texts("de"), screen, keyboard, None, 1)
        keyboard.game = game
        assert game.run() == 0
        if keyboard.declined is None:
            continue
        out = " ".join(screen.export_text().split())
        name = Names(game.state, kinds, texts("de")).personality(keyboard.declined)
        assert out.count(f"{name} einsetzen?") == 1  # the question came once
        if f"{name}: nicht eingesetzt (du hast nie gesagt)." in out:
            return  # offered again, and passed without a question
    raise AssertionError("no ability was offered twice in 40 games")


class BoostWatchingKeyboard(BotKeyboard):
    """A player who checks that every boost he is asked about after the bids can change the
    taking order."""

    asked = 0

    def __call__(self, prompt: str) -> str:
        game = self.game
        assert game is not None
        state = game.state
        if prompt and state.phase == "ability" and state.offered_ability in WINDOW_B:
            assert boost_can_matter(state, state.offered_ability)
            self.asked += 1
        return super().__call__(prompt)


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_boost_that_cannot_change_the_taking_order_is_not_offered() -> None:
    idle = asked = 0
    for seed in range(30):
        kinds = ["human", "beginner", "beginner", "beginner"]
        keyboard = BoostWatchingKeyboard()
        screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
        game = TerminalGame(new_state(kinds, seed), kinds, texts("it"), screen, keyboard, None, 1)
        keyboard.game = game
        assert game.run() == 0
        out = " ".join(screen.export_text().split())
        idle += out.count("non proposto, usarlo non cambierebbe l'ordine di presa.")
        asked += keyboard.asked
        if idle and asked:
            break
    assert idle and asked  # both met: passed for the player, and asked
    assert (
        "un bonus dopo le offerte è proposto solo quando può cambiare"
        in texts("it")("ui", "card_help").lower()
    )
