"""The action track on screen, and two blocks of lines side by side."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.state import SPACES
from carson.games.board.tui.names import MARK_STYLE, BoardNames, cowboys_text
from carson.games.board.tui.sight import BoardSight
from carson.terminal.texts import Texts

#: The action track's three rows (BG-2.3), as ranges of space indexes.
TRACK_ROWS = (range(0, 5), range(5, 15), range(15, SPACES))


def track_lines(
    sight: BoardSight, names: BoardNames, texts: Texts, marks: frozenset[int]
) -> list[Text]:
    """The action track in resolution order (BG-2.3), in its three rows: number, space, the
    building on a construction space, the cowboys there; blocked spaces crossed out, the
    spaces one may take now marked ``+``. Plain lines (a table would be slow to draw)."""
    view = sight.view
    labels: dict[int, Text] = {}
    for index in range(SPACES):
        entry = view["spaces"][index]
        label = Text(names.space(index))
        if "building" in entry:
            building = entry["building"]
            label.append(": ")
            if building is None:
                label.append(texts("board", "empty_space"), "dim")
            else:
                label.append(names.building(building), "bold")
        if not sight.catalog.spaces[index].takes_cowboys:
            label.stylize("italic dim")
            label.append(" " + texts("board", "reminder"), "dim")
        if entry["blocked"]:
            label.stylize("strike dim")
            label.append(" " + texts("board", "blocked"), "red")
        labels[index] = label
    width = max(len(label) for label in labels.values()) + 1
    lines = []
    for number, row in enumerate(TRACK_ROWS, start=1):
        lines.append(Text(texts("board", "track_row", row=number), "bold"))
        for index in row:
            mark = "+" if index in marks else " "
            line = Text(f"{mark}{index + 1:>2} ", MARK_STYLE if index in marks else "dim")
            line.append_text(labels[index])
            line.pad_right(width - len(labels[index]))
            line.append_text(cowboys_text(view["spaces"][index]["cowboys"]))
            lines.append(line)
            if SPACE_IDS[index] == "build_3":  # step 12a, not a space (BG-6.1.5)
                lines.append(Text("    " + texts("board", "step_12a"), "italic dim"))
    return lines


class SideBySide:
    """Two blocks of lines beside each other when the console is wide enough, else one
    above the other (drawn by hand: much faster than Rich's columns for every screen)."""

    def __init__(self, left: list[Text], right: list[Text], gap: int = 3) -> None:
        self.left = left
        self.right = right
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        left_width = max((len(line) for line in self.left), default=0)
        right_width = max((len(line) for line in self.right), default=0)
        if left_width + self.gap + right_width > options.max_width:
            yield from self.left
            yield from self.right
            return
        for number in range(max(len(self.left), len(self.right))):
            line = self.left[number].copy() if number < len(self.left) else Text()
            line.pad_right(left_width + self.gap - len(line))
            if number < len(self.right):
                line.append_text(self.right[number])
            yield line
