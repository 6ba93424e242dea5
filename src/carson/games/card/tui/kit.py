"""*Carson City: The Card Game* at the terminal: its :class:`CardKit` (the game's
``"terminal"`` adapter) on the platform's play loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from carson.core.game import JSON, Event
from carson.core.record import GameRecord
from carson.games.card.engine.actions import CardAction
from carson.games.card.engine.log import game_log
from carson.games.card.engine.state import CardGameState
from carson.games.card.players import engine_kind
from carson.games.card.tui.events import describe
from carson.games.card.tui.prompts import ask_action
from carson.games.card.tui.render import Names, score_sheets
from carson.games.card.tui.screen import detail_commands, table_screen
from carson.terminal.asker import Asker
from carson.terminal.kit import GameKit, ViewPresenter
from carson.terminal.texts import Texts


class CardKit(GameKit[CardGameState, Names, CardAction]):
    """*Carson City: The Card Game* at the terminal."""

    game = "card"
    texts_package = "carson.games.card"
    help = ("ui", "card_help")

    def title(self, texts: Texts) -> str:
        return texts("ui", "title")

    def setup_of(self, state: Any) -> tuple[JSON, int] | None:
        if not isinstance(state, CardGameState):
            return None
        return state.config.to_json(), state.seed

    def names(self, state: CardGameState, kinds: list[str], texts: Texts) -> Names:
        return Names(state, kinds, texts)

    def screen(
        self, state: CardGameState, viewer: int | None, names: Names, texts: Texts
    ) -> RenderableType:
        return table_screen(state, viewer, names, texts)

    def commands(
        self, state: CardGameState, viewer: int | None, names: Names, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        return detail_commands(state, viewer, names, texts)

    def undoable(self, events: list[Event], seat: int) -> bool:
        # Only the seat's own take, placement, ability or sale: nothing revealed, no one
        # else's move seen.
        own = {"card_taken", "card_placed", "card_set_aside", "ability_used", "card_sold"}
        return all(event.kind in own and event.data.get("seat") == seat for event in events)

    def final(self, state: CardGameState, names: Names, texts: Texts) -> RenderableType:
        return score_sheets(state, names, texts)

    def ask(self, asker: Asker, state: CardGameState, seat: int, names: Names) -> CardAction:
        return ask_action(asker, state, seat, names)

    def describe(self, event: Event, names: Names, texts: Texts) -> str | None:
        return describe(event, names, texts)

    def game_log(self, state: CardGameState, record: GameRecord) -> str:
        return game_log(state)

    def kinds_fit(self, state: CardGameState, kinds: list[str], config: JSON) -> bool:
        return len(kinds) == len(state.seats) and all(
            state.seats[seat].is_virtual == (engine_kind(kind) != "player")
            for seat, kind in enumerate(kinds)
        )

    def record_kinds(self, state: CardGameState, config: JSON) -> list[str]:
        return [engine_kind(seat.kind) if seat.is_virtual else "player" for seat in state.seats]

    def presenter(self) -> ViewPresenter:
        from carson.games.card.tui.online import PRESENTER  # only online play needs it

        return PRESENTER

    def opening_events(self, state: CardGameState) -> list[Event]:
        return list(state.setup_events)


KIT = CardKit()


def new_state(kinds: list[str], seed: int) -> CardGameState:
    """A new card game; a human seat is a player seat to the engine, as are AI and bots."""
    state = KIT.new_state(kinds, seed)
    assert isinstance(state, CardGameState)
    return state
