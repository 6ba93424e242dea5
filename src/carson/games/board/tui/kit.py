"""*Carson City*, the board game, at the terminal: its :class:`BoardKit` (the game's
``"terminal"`` adapter) on the platform's play loop, with the board game's screen
(:mod:`~carson.games.board.tui.render`), questions (:mod:`~carson.games.board.tui.prompts`)
and event lines (:mod:`~carson.games.board.tui.events`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import RenderableType

from carson.core.game import JSON, Event
from carson.core.record import GameRecord
from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.log import board_game_log
from carson.games.board.engine.state import BoardGameState
from carson.games.board.tui.events import describe_board_event
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.news import LatestNews
from carson.games.board.tui.prompts import ask_board_action
from carson.games.board.tui.render import board_screen, final_table, keywords, sight_commands
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.texts import PACKAGE
from carson.terminal.asker import Asker
from carson.terminal.kit import GameKit, ViewPresenter
from carson.terminal.texts import Texts


class BoardKit(GameKit[BoardGameState, BoardNames, BoardAction]):
    """*Carson City* (the board game) at the terminal."""

    game = "board"
    help = ("board", "help_all")
    texts_package = PACKAGE

    def title(self, texts: Texts) -> str:
        return texts("board", "title")

    def setup_of(self, state: Any) -> tuple[JSON, int] | None:
        if not isinstance(state, BoardGameState):
            return None
        return state.config.to_json(), state.seed

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

    def game_log(self, state: BoardGameState, record: GameRecord) -> str:
        return board_game_log(state)

    def kinds_fit(self, state: BoardGameState, kinds: list[str], config: JSON) -> bool:
        return len(kinds) == state.config.players and all(
            kind in self.kind.seat_kinds for kind in kinds
        )

    def record_kinds(self, state: BoardGameState, config: JSON) -> list[str]:
        return ["player"] * len(state.players)

    def commands(
        self, state: BoardGameState, viewer: int | None, names: BoardNames, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """The screen's words (:func:`sight_commands`), and ``news``: the latest news that
        fits the terminal (the game's events, derived from its record when asked)."""
        commands = sight_commands(BoardSight.of(state, viewer), names, texts)

        def news() -> RenderableType:
            log = self.replay_logged(self.record_of(state))[1]
            return LatestNews.of_events(list(log.since(0)), viewer, names, texts)

        for word in keywords(texts, "news_words"):
            commands[word] = news
        return commands

    def presenter(self) -> ViewPresenter:
        from carson.games.board.tui.online import PRESENTER  # only online play needs it

        return PRESENTER


KIT = BoardKit()


def new_board_state(kinds: list[str], seed: int, variants: Iterable[str] = ()) -> BoardGameState:
    """A new board game for these seats (every seat is a player to the engine); raises
    :class:`~carson.core.registry.GameSetupError` for a table the rules do not allow."""
    state = KIT.new_state(kinds, seed, list(variants))
    assert isinstance(state, BoardGameState)
    return state
