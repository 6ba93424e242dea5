"""The board game's table as it fits the terminal: below :data:`COMPACT_BELOW` lines a
compact screen (what the decision needs: the action track when placing a cowboy, else the town;
and the round and the seat's own supplies), else the full one
(:func:`~carson.games.board.tui.render.sight_screen`). The rest (the personalities, the
players, the bag, the legend) is a command away: ``board``, ``prices``, ``town``, ``track``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.text import Text

from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.tables import counted
from carson.games.board.tui.town import compact_town, legal_parcels, legal_spaces, town_grid
from carson.games.board.tui.track import TRACK_ROWS, SideBySide, track_columns, track_lines
from carson.terminal.texts import Texts

#: A terminal with fewer lines gets the compact screen (as the card game's).
COMPACT_BELOW = 50
#: Columns beside the town (60 wide, and a gap of 3) on an 80-column terminal.
SIDE_WIDTH = 16
#: From this width the compact screen shows the town and the track while placing cowboys.
PLACING_WIDTH = 78
#: Columns between the action track's two halves.
TRACK_GAP = 2


class BoardScreen:
    """Everything ``sight``'s seat sees at the table, laid out for the terminal's height:
    ``full`` draws the full screen."""

    def __init__(
        self,
        sight: BoardSight,
        names: BoardNames,
        texts: Texts,
        full: Callable[[], RenderableType],
        more: str = "more_all",
    ) -> None:
        self.sight, self.names, self.texts, self.full = sight, names, texts, full
        #: The key of the line that names the words for more (a local game's has ``news``).
        self.more = more

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        if console.size.height >= COMPACT_BELOW:
            yield self.full()
        else:
            yield from compact_screen(
                self.sight, self.names, self.texts, options.max_width, self.more
            )


def compact_screen(
    sight: BoardSight, names: BoardNames, texts: Texts, width: int, more: str = "more_all"
) -> Iterator[RenderableType]:
    """The track when the seat places a cowboy and may on the track (the town, for a duel,
    is a command away: both do not fit 24 lines), with the round and the seat's supplies
    above it; else the town with them at its right; then who is awaited."""
    spaces, parcels = legal_spaces(sight), legal_parcels(sight)
    placing = sight.decision is not None and sight.decision.kind == "place"
    if placing and width >= PLACING_WIDTH:
        # Placing a cowboy (BG-4.2): the town with its choices marked, and the track below.
        town = compact_town(sight.view, parcels, texts)
        side = width - max(len(line) for line in town) - 3
        yield SideBySide(town, packed(placing_parts(sight, names, texts, more), side))
        yield from track_columns(sight, names, texts, spaces, width)
    elif sight.decision is not None and not parcels and width >= PLACING_WIDTH:
        # Nothing to choose on the town (a personality at a round's start, BG-4.1, a menu):
        # its 9 short lines, not the 17 of the grid, so what the question lists below fits.
        town = compact_town(sight.view, parcels, texts)
        side = width - max(len(line) for line in town) - 3
        parts = [*own_parts(sight, names, texts), Text(texts("board", more), "dim")]
        yield SideBySide(town, packed(parts, side))
    elif placing and spaces:
        line = Text(" · ").join(own_parts(sight, names, texts))
        line.append("   " + texts("board", more), "dim")
        yield line
        yield from compact_track(sight, names, texts, spaces, width)
    else:
        grid = town_grid(sight.view, legal_parcels(sight), texts=texts).split("\n")
        yield SideBySide(list(grid), [Text(), *own_lines(sight, names, texts, more)])
    decision = sight.decision
    if decision is not None and sight.seat not in decision.seats:
        who = ", ".join(names.who(seat) for seat in decision.seats)
        what = texts("board_decisions", decision.kind)
        yield Text(texts("board", "waiting", who=who, what=what), "italic")


def own_parts(sight: BoardSight, names: BoardNames, texts: Texts) -> list[Text]:
    """The round, then the seat's name, money and pieces (a spectator: the round)."""
    view = sight.view
    parts = [Text(texts("board", "round", round=view["round"], rounds=sight.catalog.rounds),
                  "bold")]  # fmt: skip
    if sight.seat is not None:
        me = view["players"][sight.seat]
        parts.append(Text(names.who(sight.seat), names.style(sight.seat)))
        parts.append(Text(f"${me['money']}"))
        for key in ("vp", "cowboys", "strength", "revolvers", "roads", "markers"):
            parts.append(Text(f"{texts('board', f'col_{key}')} {me[key]}"))
        if me["stored"]:
            stored = counted([names.building(building) for building in me["stored"]])
            parts.append(Text(f"{texts('board', 'col_stored')} {stored}"))
    return parts


def placing_parts(
    sight: BoardSight, names: BoardNames, texts: Texts, more: str = "more_all"
) -> list[Text]:
    """:func:`own_parts` while placing cowboys: the white cowboy with the others, what
    winning one's places would cost (BG-9.5, the engine's answer), and the words for more."""
    parts = own_parts(sight, names, texts)
    if sight.seat is not None:
        me = sight.players[sight.seat]
        if me.white:
            parts[4].append(" + w")
        parcels, buildings = sight.occupied_costs(sight.seat)
        parts.append(Text(texts("board", "win_cost", total=parcels + buildings)))
    parts.append(Text(texts("board", more), "dim"))
    return parts


def packed(parts: list[Text], width: int) -> list[Text]:
    """``parts`` on lines of at most ``width`` columns, `` · `` between two on a line; a part
    longer than a line is wrapped."""
    lines: list[Text] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1].append(" · ")
            lines[-1].append_text(part)
        elif len(part) <= width:
            lines.append(part.copy())
        else:
            lines += _wrapped(part.plain, str(part.style), width)
    return lines


def own_lines(
    sight: BoardSight, names: BoardNames, texts: Texts, more: str = "more_all"
) -> list[Text]:
    """:func:`own_parts` and the words that show the rest, in short lines to stand beside
    the town."""
    lines: list[Text] = []
    for part in own_parts(sight, names, texts):
        lines += _wrapped(part.plain, str(part.style))
    return lines + _wrapped(texts("board", more), "dim")


def _wrapped(text: str, style: str = "", width: int = SIDE_WIDTH) -> list[Text]:
    """``text`` in lines that fit beside the town at 80 columns."""
    return [Text(line, style) for line in textwrap.wrap(text, width)]


def compact_track(
    sight: BoardSight, names: BoardNames, texts: Texts, marks: frozenset[int], width: int
) -> Iterator[RenderableType]:
    """The action track in two columns (rows 1 and 3 beside row 2): 15 lines, not 27; long
    lines (a long language) cut to half the terminal's ``width``."""
    lines = track_lines(sight, names, texts, marks)
    half = (width - TRACK_GAP) // 2
    for line in lines:
        line.truncate(half, overflow="ellipsis")
    second = len(TRACK_ROWS[0]) + 1  # row 2 starts after row 1's title and spaces
    third = second + len(TRACK_ROWS[1]) + 2  # its title, its spaces and step 12a
    yield SideBySide(lines[:second] + lines[third:], lines[second:third], TRACK_GAP)
