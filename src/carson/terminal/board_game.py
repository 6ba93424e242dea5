"""``carson play --game board``: the *Carson City* board game at the terminal.

The loop, saving, resuming, hot seat and ``carson replay`` are the card game's
(:mod:`carson.terminal.game`); this kit gives the board game's players, screen
(:mod:`~carson.terminal.board_render`), questions (:mod:`~carson.terminal.board_prompts`)
and event lines (:mod:`~carson.terminal.board_events`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import RenderableType

from carson.core.game import Event
from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.log import board_game_log
from carson.games.board.engine.state import BoardGameState
from carson.terminal.board_events import describe_board_event
from carson.terminal.board_prompts import ask_board_action
from carson.terminal.board_render import BoardNames, board_screen, final_table, prices_screen
from carson.terminal.kit import HUMAN, GameKit
from carson.terminal.prompts import Asker
from carson.terminal.texts import Texts
from carson.terminal.texts import texts as texts_in

#: ``carson play --game board`` without ``--seat``: you and two ai-medium players.
DEFAULT_BOARD_TABLE = (HUMAN, "ai-medium", "ai-medium")


class BoardKit(GameKit):
    """*Carson City* (the board game) at the terminal."""

    game = "board"
    title = ("board", "title")
    help = ("board", "help")

    def names(self, state: BoardGameState, kinds: list[str], texts: Texts) -> BoardNames:
        return BoardNames(state, kinds, texts)

    def screen(
        self, state: BoardGameState, viewer: int | None, names: BoardNames, texts: Texts
    ) -> RenderableType:
        return board_screen(state, viewer, names, texts)

    def final(self, state: BoardGameState, names: BoardNames, texts: Texts) -> RenderableType:
        return final_table(state, names, texts)

    def ask(self, asker: Asker, state: BoardGameState, seat: int, names: BoardNames) -> BoardAction:
        return ask_board_action(asker, state, seat, names)

    def describe(self, event: Event, names: BoardNames, texts: Texts) -> str | None:
        return describe_board_event(event, names, texts)

    def game_log(self, state: BoardGameState) -> str:
        return board_game_log(state)

    def kinds_fit(self, state: BoardGameState, kinds: list[str]) -> bool:
        return len(kinds) == state.config.players and all(
            kind in self.kind.seat_kinds for kind in kinds
        )

    def commands(
        self, state: BoardGameState, viewer: int, names: BoardNames, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """BG-9.5 on request: ``prices`` (parcel prices, building incomes); ``board`` shows
        the whole table again."""
        english = texts_in("en")

        def prices() -> RenderableType:
            return prices_screen(state, viewer, texts)

        def table() -> RenderableType:
            return board_screen(state, viewer, names, texts)

        commands: dict[str, Callable[[], RenderableType]] = {}
        for key, command in (("prices_words", prices), ("board_words", table)):
            for word in {*english("board", key).split(), *texts("board", key).split()}:
                commands[word.casefold()] = command
        return commands


BOARD_KIT = BoardKit()


def new_board_state(kinds: list[str], seed: int, variants: Iterable[str] = ()) -> BoardGameState:
    """A new board game for these seats (every seat is a player to the engine); raises
    :class:`~carson.games.GameSetupError` for a table the rules do not allow."""
    state = BOARD_KIT.new_state(kinds, seed, list(variants))
    assert isinstance(state, BoardGameState)
    return state
