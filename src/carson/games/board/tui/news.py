"""``news`` at a board-game question: the latest lines of what happened, as many as the
terminal shows above the question, for the end-of-round news that a short terminal scrolled
out of sight before the question came (issue 46)."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.text import Text

from carson.core.game import Event
from carson.games.board.tui.events import describe_board_event
from carson.games.board.tui.names import BoardNames
from carson.terminal.texts import Texts

#: Lines the question under the news keeps on the terminal (its text, the answer's line).
QUESTION_LINES = 4


class LatestNews:
    """Lines of news (:meth:`of_events`: of the events a seat may see; online, the table's
    events and its news told by the client), the latest that fit the terminal's height, with
    how many earlier ones are left out."""

    def __init__(self, lines: list[str], texts: Texts) -> None:
        self.lines, self.texts = lines, texts

    @classmethod
    def of_events(
        cls, events: list[Event], viewer: int | None, names: BoardNames, texts: Texts
    ) -> LatestNews:
        """The lines of the events ``viewer`` may see, in ``texts``' words."""
        return cls([line for event in events if event.visible_to(viewer)
                    and (line := describe_board_event(event, names, texts))], texts)  # fmt: skip

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        room = max(3, console.size.height - QUESTION_LINES - 1)
        shown: list[str] = []
        used = 0
        for line in reversed(self.lines):  # from the latest back, as long as they fit
            height = len(console.render_lines(Text(f"• {line}"), options, pad=False))
            if used + height > room:
                break
            shown.append(line)
            used += height
        earlier = len(self.lines) - len(shown)
        if not self.lines:
            yield Text(self.texts("board", "news_none"), "dim")
        elif earlier:
            yield Text(self.texts("ui", "news_skipped", count=earlier), "dim")
        for line in reversed(shown):
            yield Text(f"• {line}")
