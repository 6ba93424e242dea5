"""The board game's own screen and questions online (``carson play --server``), from what
the server gives: the seat's view (its JSON) and its legal actions. Both are read into the
seat's :class:`~carson.games.board.tui.sight.BoardSight`, which the local game's screens
and questions read too: the same town, track, tables and questions, asked until the answer
is one of the server's actions. No engine state is at hand, so nothing hidden from the
seat ever reaches the terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from carson.core.game import JSON
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.news import LatestNews
from carson.games.board.tui.prompts import ask_seen_action
from carson.games.board.tui.render import keywords, sight_commands, sight_screen
from carson.games.board.tui.sight import BoardSight
from carson.terminal.asker import Asker
from carson.terminal.kit import ViewPresenter
from carson.terminal.texts import Texts


class BoardViewPresenter(ViewPresenter):
    """*Carson City* (the board game) from a seat's view and the server's legal actions."""

    def names(
        self, view: JSON, kinds: list[str], people: dict[int, str], texts: Texts
    ) -> BoardNames:
        return BoardNames(BoardSight(view, []), kinds, texts, people)

    def screen(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> RenderableType:
        return sight_screen(BoardSight(view, legal), names, texts)

    def ask(self, asker: Asker, view: JSON, legal: list[JSON], seat: int, names: Any) -> JSON:
        sight = BoardSight(view, legal)
        chosen = ask_seen_action(asker, sight, seat, names)
        return legal[sight.legal.index(chosen)]

    def commands(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        return sight_commands(BoardSight(view, legal), names, texts)

    def news_commands(
        self, lines: Callable[[], list[str]], texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """``news``: the latest of what happened at the table that fits the terminal (the
        end of a round's news scrolls away at 80×24 online too)."""
        return {word: lambda: LatestNews(lines(), texts) for word in keywords(texts, "news_words")}


PRESENTER = BoardViewPresenter()
