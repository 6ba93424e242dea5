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
            line.append_text(cowboys_text(view["spaces"][index]["cowboys"], texts))
            lines.append(line)
            if SPACE_IDS[index] == "build_3":  # step 12a, not a space (BG-6.1.5)
                lines.append(Text("    " + texts("board", "step_12a"), "italic dim"))
    return lines


def track_columns(
    sight: BoardSight, names: BoardNames, texts: Texts, marks: frozenset[int], width: int
) -> list[Text]:
    """The action track in 10 lines, its three rows side by side (BG-2.3): ``+`` when one may
    go there, the number to type, the space (a construction space as its price and
    building), the cowboys there as their colours' letters; a name too long is cut, never
    the cowboys."""
    view = sight.view
    column = (width - 2) // 3 - 1  # and 2 columns between two
    rows: list[list[Text]] = []
    for row in TRACK_ROWS:
        lines = []
        for index in row:
            entry = view["spaces"][index]
            mark = "+" if index in marks else " "
            line = Text(f"{mark}{index + 1:>2} ", MARK_STYLE if index in marks else "dim")
            cowboys = cowboys_text(entry["cowboys"], texts)
            label = _short_label(sight, names, texts, index)
            label.truncate(column - len(line) - len(cowboys) - 1, overflow="ellipsis")
            line.append_text(label)
            if cowboys:
                line.append(" ")
                line.append_text(cowboys)
            lines.append(line)  # (step 12a, no space, is left to ``track``: 10 lines)
        rows.append(lines)
    out = []
    for number in range(max(map(len, rows))):
        line = Text()
        for lines in rows:
            cell = lines[number].copy() if number < len(lines) else Text()
            cell.pad_right(column + 2 - len(cell))
            line.append_text(cell)
        line.rstrip()
        out.append(line)
    return out


def _short_label(sight: BoardSight, names: BoardNames, texts: Texts, index: int) -> Text:
    """A space's name on the short track: a construction space as ``$12: Silver mine``."""
    entry = sight.view["spaces"][index]
    if "building" in entry:
        price = sight.catalog.spaces[index].id.removeprefix("build_")
        label = Text(f"${price}: ")
        building = entry["building"]
        if building is None:
            label.append(texts("board", "empty_space"), "dim")
        else:
            label.append(names.building(building), "bold")
    else:
        label = Text(names.space(index))
    if not sight.catalog.spaces[index].takes_cowboys:
        label.stylize("italic dim")
    if entry["blocked"]:
        label.stylize("strike dim")
        label.append(" " + texts("board", "blocked"), "red")
    return label


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
