"""The town on screen: the 8×8 grid with owners, tiles, roads, cowboys and legal marks,
and the prices-and-incomes grid (``prices``)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from carson.core.game import JSON
from carson.games.board.engine.state import SPACES
from carson.games.board.town import HOUSE, MOUNTAIN, parcel
from carson.games.board.tui.names import (
    BUILDING_STYLE,
    COLUMNS,
    MARK_STYLE,
    OWNER_STYLES,
    RIVER_STYLE,
    ROAD_STYLE,
    TILE_LETTERS,
    TILE_STYLES,
    cowboys_text,
)
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.texts import texts as board_texts
from carson.games.board.tui.track import SideBySide
from carson.terminal.texts import Texts

#: Characters of a parcel on the town grid: owner, tile, legal mark, up to 3 cowboys.
CELL = 6
#: ... and on the compact town, with a space between parcels: up to 2 cowboys.
COMPACT_CELL = 6


def _road_vertices(view: JSON) -> set[tuple[int, int]]:
    vertices: set[tuple[int, int]] = set()
    for kind, x, y in view["roads"]:
        vertices.add((x, y))
        vertices.add((x + 1, y) if kind == "H" else (x, y + 1))
    return vertices


def town_grid(
    view: JSON,
    marks: frozenset[int] = frozenset(),
    values: dict[int, str] | None = None,
    texts: Texts | None = None,
) -> Text:
    """The 8×8 town with its columns A–H and rows 1–8 (as on the board), roads on the
    parcels' edges (``━ ┃``, bridges ``═ ║``) and each parcel as: owner digit, tile letter,
    ``+`` when it is a legal choice now (``marks``), then the cowboys standing there. With
    ``values`` (parcel → a short text) the cowboys' place shows that text instead (prices and
    incomes). Cowboys show as their colour's letter in ``texts``' language (English when
    none is given)."""
    words = texts or board_texts("en")
    roads = {tuple(edge) for edge in view["roads"]}
    bridges = {tuple(edge) for edge in view["bridges"]}
    vertices = _road_vertices(view)
    cells = {parcel(entry["x"], entry["y"]): entry for entry in view["parcels"]}
    grid = Text("   " + "".join(f" {column:^{CELL}}" for column in COLUMNS) + "\n", "dim")

    def vertex(i: int, j: int) -> None:
        if (i, j) in vertices:
            grid.append("•", ROAD_STYLE)
        else:
            grid.append("·")  # unstyled: a span per character would slow every screen

    for y in range(9):
        grid.append("   ")
        for x in range(9):
            vertex(x, y)
            if x == 8:
                break
            if ("H", x, y) in bridges:
                grid.append("═" * CELL, ROAD_STYLE)
            elif ("H", x, y) in roads:
                grid.append("━" * CELL, ROAD_STYLE)
            else:
                grid.append(" " * CELL)
        grid.append("\n")
        if y == 8:
            break
        grid.append(f"{y + 1:>2} ", "dim")
        for x in range(9):
            if ("V", x, y) in bridges:
                grid.append("║", ROAD_STYLE)
            elif ("V", x, y) in roads:
                grid.append("┃", ROAD_STYLE)
            else:
                grid.append(" ")
            if x == 8:
                break
            grid.append_text(_cell(cells[parcel(x, y)], parcel(x, y) in marks, values, words))
        grid.append("\n")
    grid.rstrip()
    return grid


def compact_town(view: JSON, marks: frozenset[int], texts: Texts) -> list[Text]:
    """The town in 9 lines for a short terminal while cowboys are placed: its columns, then
    each row's parcels as owner, tile, ``+`` (a legal choice now) and 2 cowboys' letters
    (``…`` for more), without the roads (``town`` shows them)."""
    cells = {parcel(entry["x"], entry["y"]): entry for entry in view["parcels"]}
    lines = [Text("  " + "".join(f" {column:<{COMPACT_CELL - 1}}" for column in COLUMNS), "dim")]
    for y in range(8):
        line = Text(f"{y + 1:>2}", "dim")
        for x in range(8):
            line.append(" ")
            cell = _cell(cells[parcel(x, y)], parcel(x, y) in marks, None, texts, 2)
            line.append_text(cell)
        lines.append(line)
    return lines


def _cell(
    entry: JSON, marked: bool, values: dict[int, str] | None, texts: Texts, cowboys: int = 3
) -> Text:
    p = parcel(entry["x"], entry["y"])
    if entry["river"]:
        return Text("≈" * (3 + cowboys), RIVER_STYLE)
    text = Text()
    owner = entry["owner"]
    if owner is None:
        text.append(" ")
    else:
        text.append(str(owner + 1), OWNER_STYLES[owner % len(OWNER_STYLES)])
    tile = entry["tile"]
    if tile is None:
        text.append(" ")
    else:
        text.append(TILE_LETTERS[tile], TILE_STYLES.get(tile, BUILDING_STYLE))
    if marked:
        text.append("+", MARK_STYLE)
    else:
        text.append(" ")
    if values is not None:
        text.append(f"{values.get(p, ''):<3}"[:3], "bold")
    elif entry["cowboys"]:
        text.append_text(cowboys_text(entry["cowboys"], texts, cowboys))
    else:
        text.append(" " * cowboys)
    return text


def price_values(view: JSON) -> dict[int, str]:
    """BG-9.5 on request: the price of every parcel one could buy, and what each building
    earns its owner at INCOME_BUILDINGS as the town stands (before any Grocer doubling)."""
    values = {}
    for entry in view["parcels"]:
        p = parcel(entry["x"], entry["y"])
        tile = entry["tile"]
        if entry["river"]:
            continue
        if tile not in (None, HOUSE, MOUNTAIN):
            values[p] = str(entry["income"])
        elif entry["owner"] is None:
            values[p] = f"${entry['price']}"
    return values


def prices_screen(sight: BoardSight, texts: Texts) -> RenderableType:
    grid = town_grid(sight.view, values=price_values(sight.view), texts=texts)
    title = Text(texts("board", "prices_title"), "bold underline")
    return Prices(grid, title, Text(texts("board", "prices_note"), "dim"))


class Prices:
    """The prices grid with its title and note beside it where they fit (at 80×24 the grid
    is 18 lines: with the title and note above and below, a three-line question pushed the
    title off the screen), else above and below it."""

    #: The narrowest column the title and the note are wrapped into beside the grid.
    NARROWEST = 14

    def __init__(self, grid: Text, title: Text, note: Text) -> None:
        self.grid, self.title, self.note = grid, title, note

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = list(self.grid.split("\n"))
        for line in lines:
            line.rstrip()
        room = options.max_width - max(len(line) for line in lines) - 2
        if room >= self.NARROWEST:
            side = [*self.title.wrap(console, room), Text(), *self.note.wrap(console, room)]
            if len(side) <= len(lines):
                yield SideBySide(lines, side, 2)
                return
        yield Group(self.title, self.grid, self.note)


def legal_parcels(sight: BoardSight) -> frozenset[int]:
    """The parcels the seat may choose in its decision now (marked ``+`` on the town)."""
    marks = set()
    for action in sight.legal:
        if action.kind in ("claim", "buy_parcel", "order", "build", "house", "grant"):
            marks.add(action.arg)
        elif action.kind in ("cowboy", "white") and action.arg >= SPACES:
            marks.add(action.arg - SPACES)
    return frozenset(marks)


def legal_spaces(sight: BoardSight) -> frozenset[int]:
    return frozenset(
        action.arg
        for action in sight.legal
        if action.kind in ("cowboy", "white") and action.arg < SPACES
    )
