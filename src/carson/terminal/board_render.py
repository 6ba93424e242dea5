"""What the terminal shows of a board game, as Rich renderables: the town, the action track,
the personalities, the players, the supplies, and the final score sheet.

Everything is drawn from :func:`~carson.games.board.engine.views.board_view` of the viewing
seat, so only public facts and that seat's own secrets (duel tiles, the tile chosen, votes,
new-beginning purchases) can reach the screen (BG-11). Facts the view leaves out but that
are public by the rules (road access, building incomes, supplies) are read from the state.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from carson.core.game import JSON
from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.state import SPACES, BoardGameState
from carson.games.board.town import HOUSE, MOUNTAIN, parcel
from carson.terminal.texts import Texts

#: Each seat's colour: its digit on the board, its cowboys and its markers.
SEAT_STYLES = ("bold bright_blue", "bold green", "bold magenta", "bold dark_orange", "bold cyan")
OWNER_STYLES = (
    "bold white on blue", "bold white on green4", "bold white on magenta3",
    "bold black on dark_orange", "bold black on cyan3",
)  # fmt: skip
#: Tiles as one letter (the legend names them in the player's language).
TILE_LETTERS = {
    HOUSE: "h", MOUNTAIN: "^", "ranch": "R", "mine": "M", "drugstore": "D", "bank": "B",
    "saloon": "S", "hotel": "H", "church": "C", "prison": "P",
}  # fmt: skip
TILE_STYLES = {HOUSE: "bold bright_white", MOUNTAIN: "bold grey62"}
BUILDING_STYLE = "bold black on bright_yellow"
RIVER_STYLE = "bold bright_cyan on blue"
ROAD_STYLE = "bold yellow"
MARK_STYLE = "bold yellow"
WHITE_STYLE = "bold black on white"
SIDE_STYLES = {"yellow": "bold yellow", "red": "bold red"}
#: Characters of a parcel on the town grid: owner, tile, legal mark, up to 3 cowboys.
CELL = 6
#: The action track's three rows (BG-2.3), as ranges of space indexes.
TRACK_ROWS = (range(0, 5), range(5, 15), range(15, SPACES))


class BoardNames:
    """How seats, pieces and places are called on screen."""

    def __init__(self, state: BoardGameState, kinds: list[str], texts: Texts) -> None:
        self._state = state
        self._kinds = kinds
        self._texts = texts
        self.tiles = state.config.has("duel-tiles")  # duels with tiles, not dice (BG-10.2)

    def colour(self, seat: int) -> str:
        return self._texts("board_colours", f"c{seat + 1}")

    @staticmethod
    def style(seat: int) -> str:
        return SEAT_STYLES[seat % len(SEAT_STYLES)]

    def kind(self, seat: int) -> str:
        kind = self._kinds[seat] if seat < len(self._kinds) else "player"
        texts = self._texts
        if kind == "human":
            if self._kinds.count("human") == 1:
                return texts("ui", "you")
            return texts("ui", "human", seat=seat + 1)
        return texts("board_kinds", kind) if texts.has("board_kinds", kind) else kind

    def who(self, seat: int) -> str:
        """The short name: colour and number, as on the board."""
        return f"{self.colour(seat)} {seat + 1}"

    def seat(self, seat: int) -> str:
        return f"{self.who(seat)} · {self.kind(seat)}"

    def personality(self, personality: str) -> str:
        return self._state.catalog.personalities[personality].names[self._texts.lang]

    def building(self, building: str) -> str:
        if building == HOUSE:
            return self._texts("board", "house")
        return self._state.catalog.buildings[building].names[self._texts.lang]

    def space(self, space: int | str) -> str:
        index = space if isinstance(space, int) else SPACE_IDS.index(space)
        return self._state.catalog.spaces[index].names[self._texts.lang]

    def side(self, side: str) -> str:
        return self._texts("board", side)

    @staticmethod
    def parcel(x: int, y: int) -> str:
        return f"({x}, {y})"

    def target(self, target: Any) -> str:
        """A cowboy's target as the engine names it: a space id or ``[x, y]``."""
        if isinstance(target, str):
            return self.space(target)
        x, y = target
        return self.parcel(int(x), int(y))

    @staticmethod
    def edge(edge: Any) -> str:
        kind, x, y = edge
        return f"{kind} {x} {y}"


# ----------------------------------------------------------------------------- the town


def _road_vertices(view: JSON) -> set[tuple[int, int]]:
    vertices: set[tuple[int, int]] = set()
    for kind, x, y in view["roads"]:
        vertices.add((x, y))
        vertices.add((x + 1, y) if kind == "H" else (x, y + 1))
    return vertices


def _cowboys(entries: list[dict[str, Any]], width: int | None = None) -> Text:
    """Cowboys as their seats' digits (the white cowboy as ``w``)."""
    text = Text()
    for entry in entries:
        if entry["white"]:
            text.append("w", WHITE_STYLE)
        else:
            seat = int(entry["seat"])
            text.append(str(seat + 1), BoardNames.style(seat))
    if width is not None:
        if len(text) > width:
            text = text[: width - 1]
            text.append("…")
        text.pad_right(width - len(text))
    return text


def town_grid(
    state: BoardGameState,
    view: JSON,
    marks: frozenset[int] = frozenset(),
    values: dict[int, str] | None = None,
) -> Text:
    """The 8×8 town with x (columns) and y (rows), roads on the parcels' edges (``━ ┃``,
    bridges ``═ ║``) and each parcel as: owner digit, tile letter, ``+`` when it is a legal
    choice now (``marks``), then the cowboys standing there. With ``values`` (parcel → a
    short text) the cowboys' place shows that text instead (prices and incomes)."""
    roads = {tuple(edge) for edge in view["roads"]}
    bridges = {tuple(edge) for edge in view["bridges"]}
    vertices = _road_vertices(view)
    cells = {parcel(entry["x"], entry["y"]): entry for entry in view["parcels"]}
    grid = Text("   " + "".join(f" {x:^{CELL}}" for x in range(8)) + "\n", "dim")

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
        grid.append(f"{y:>2} ", "dim")
        for x in range(9):
            if ("V", x, y) in bridges:
                grid.append("║", ROAD_STYLE)
            elif ("V", x, y) in roads:
                grid.append("┃", ROAD_STYLE)
            else:
                grid.append(" ")
            if x == 8:
                break
            grid.append_text(_cell(cells[parcel(x, y)], parcel(x, y) in marks, values))
        grid.append("\n")
    grid.rstrip()
    return grid


def _cell(entry: dict[str, Any], marked: bool, values: dict[int, str] | None) -> Text:
    p = parcel(entry["x"], entry["y"])
    if entry["river"]:
        return Text("≈" * CELL, RIVER_STYLE)
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
        text.append_text(_cowboys(entry["cowboys"], 3))
    else:
        text.append("   ")
    return text


def price_values(state: BoardGameState, view: JSON) -> dict[int, str]:
    """BG-9.5 on request: the price of every parcel one could buy, and what each building
    earns its owner at INCOME_BUILDINGS as the town stands (before any Grocer doubling)."""
    values = {}
    for entry in view["parcels"]:
        p = parcel(entry["x"], entry["y"])
        tile = entry["tile"]
        if entry["river"]:
            continue
        if tile not in (None, HOUSE, MOUNTAIN):
            values[p] = str(state.town.income(p))
        elif entry["owner"] is None:
            values[p] = f"${entry['price']}"
    return values


def prices_screen(state: BoardGameState, viewer: int | None, texts: Texts) -> RenderableType:
    view = state.view(viewer)
    grid = town_grid(state, view, values=price_values(state, view))
    title = Text(texts("board", "prices_title"), "bold underline")
    return Group(title, grid, Text(texts("board", "prices_note"), "dim"))


def legal_parcels(state: BoardGameState, seat: int | None) -> frozenset[int]:
    """The parcels the seat may choose in its decision now (marked ``+`` on the town)."""
    if seat is None or seat not in state.seats_to_act:
        return frozenset()
    marks = set()
    for action in state.legal_actions(seat):
        if action.kind in ("claim", "buy_parcel", "order", "build", "house", "grant"):
            marks.add(action.arg)
        elif action.kind in ("cowboy", "white") and action.arg >= SPACES:
            marks.add(action.arg - SPACES)
    return frozenset(marks)


def legal_spaces(state: BoardGameState, seat: int | None) -> frozenset[int]:
    if seat is None or seat not in state.seats_to_act:
        return frozenset()
    return frozenset(
        action.arg
        for action in state.legal_actions(seat)
        if action.kind in ("cowboy", "white") and action.arg < SPACES
    )


# ----------------------------------------------------------------------------- the track


def track_lines(
    state: BoardGameState, view: JSON, names: BoardNames, texts: Texts, marks: frozenset[int]
) -> list[Text]:
    """The action track in resolution order (BG-2.3), in its three rows: number, space, the
    building on a construction space, the cowboys there; blocked spaces crossed out, the
    spaces one may take now marked ``+``. Plain lines (a table would be slow to draw)."""
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
        if not state.catalog.spaces[index].takes_cowboys:
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
            line.append_text(_cowboys(view["spaces"][index]["cowboys"]))
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


# ----------------------------------------------------------------------------- the cards


def text_table(
    title: str, headers: list[str], rows: list[list[str | Text]], right: set[int]
) -> Text:
    """A table as plain lines (one line per row, columns padded; ``right``: the columns
    aligned right). Much faster to draw than a Rich table, and the screen is drawn often."""
    cells = [[Text(header, "bold") for header in headers]]
    cells += [[cell if isinstance(cell, Text) else Text(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]
    table = Text(title, "bold underline")
    for row in cells:
        table.append("\n ")
        for column, cell in enumerate(row):
            gap = widths[column] - len(cell)
            if column in right:
                table.append(" " * gap)
            table.append_text(cell)
            if column not in right and column < len(row) - 1:
                table.append(" " * gap)
            table.append("  ")
        table.rstrip()
    return table


def personalities_table(state: BoardGameState, view: JSON, names: BoardNames, texts: Texts) -> Text:
    """BG-7: each card's number, name, side, cash limit, who took it, what it does."""
    keys = ("number", "personality", "side", "cash_limit", "taken_by", "does")
    rows: list[list[str | Text]] = []
    holders = {
        player["personality"]: player["seat"] for player in view["players"] if player["personality"]
    }
    for personality in PERSONALITY_IDS:
        card = state.catalog.personalities[personality]
        side = view["sides"][personality]
        holder = holders.get(personality)
        if holder is not None:
            taken = Text(names.who(holder), names.style(holder))
        elif personality in view["available"]:
            taken = Text(texts("board", "available"), "dim")
        else:
            taken = Text("—", "dim")
        rows.append([
            str(card.number),
            Text(names.personality(personality), "bold"),
            Text(names.side(side), SIDE_STYLES[side]),
            f"${card.cash_limit[side]}",
            taken,
            texts("board_does", f"{personality}_{side}"),
        ])  # fmt: skip
    headers = [texts("board", key) for key in keys]
    return text_table(texts("board", "personalities"), headers, rows, {0, 3})


# ----------------------------------------------------------------------------- the players


def players_table(
    state: BoardGameState, view: JSON, viewer: int | None, names: BoardNames, texts: Texts
) -> Text:
    """Every player's money, VP, pieces, strength and stored buildings (turn and pass order
    are in the header); duel tiles: one's own values, the others' count (and announced
    total)."""
    rows = [_player_row(player, view, viewer, names, texts) for player in view["players"]]
    columns = ["player", "personality", "money", "vp", "cowboys", "strength", "revolvers",
               "roads", "markers", "stored", "tiles", "notes"]  # fmt: skip
    optional = ("stored", "tiles", "notes")  # shown when some player has something there
    shown = [c for c in columns if c not in optional or any(row.get(c) for row in rows)]
    numbers = ("money", "vp", "cowboys", "strength", "revolvers", "roads", "markers")
    right = {index for index, column in enumerate(shown) if column in numbers}
    headers = [texts("board", f"col_{column}") for column in shown]
    cells = [[row.get(column, "") for column in shown] for row in rows]
    return text_table(texts("board", "players"), headers, cells, right)


def _player_row(
    player: dict[str, Any], view: JSON, viewer: int | None, names: BoardNames, texts: Texts
) -> dict[str, str | Text]:
    seat = player["seat"]
    who = Text(names.who(seat), names.style(seat))
    who.append(f" · {names.kind(seat)}", "bold" if seat == viewer else "dim")
    row: dict[str, str | Text] = {"player": who}
    if player["personality"]:
        side = player["side"]
        row["personality"] = Text(names.personality(player["personality"]), SIDE_STYLES[side])
    row["money"] = f"${player['money']}"
    row["vp"] = str(player["vp"])
    row["cowboys"] = str(player["cowboys"]) + (" +w" if player["white_cowboy"] else "")
    row["strength"] = str(player["strength"])
    row["revolvers"] = str(player["revolvers"]) + (" +3" if player["three_revolvers"] else "")
    row["roads"] = str(player["roads"])
    row["markers"] = str(player["markers"])
    row["stored"] = counted([names.building(b) for b in player["stored"]])
    if "duel-tiles" in view["config"]["variants"]:
        row["tiles"] = _tiles_cell(player, view, texts)
    notes = []
    if player["sharpshooter"]:
        notes.append(texts("board", "sharpshooter"))
    if player["choice"]:
        notes.append(_choice(player["choice"], names, texts))
    deciding = view["decision"]["kind"] if view["decision"] else None
    if deciding == "purchase":
        if player.get("purchases"):  # the viewer's own, until the reveal (BG-11.4)
            items = counted([texts("board_items", item) for item in player["purchases"]])
            notes.append(texts("board", "your_purchases", items=items))
        if not player["deciding_purchases"]:
            notes.append(texts("board", "purchases_done"))
    if deciding == "vote" and player["voted"]:
        if player.get("vote") is not None:  # the viewer's own vote (BG-11.5)
            red = [names.personality(p) for i, p in enumerate(PERSONALITY_IDS)
                   if player["vote"] >> i & 1]  # fmt: skip
            notes.append(texts("board", "your_vote", cards=", ".join(red) or "—"))
        else:
            notes.append(texts("board", "voted"))
    row["notes"] = "; ".join(notes)
    return row


def counted(items: list[str]) -> str:
    """``2× Ranch, Bank``: each item once, with its count when above 1."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(item if count == 1 else f"{count}× {item}" for item, count in counts.items())


def _tiles_cell(player: dict[str, Any], view: JSON, texts: Texts) -> str:
    if "tiles" in player:  # the viewer's own (BG-11.3)
        own = " ".join(str(value) for value in player["tiles"]) or "—"
        if player.get("tile_choice") is not None:
            own += " " + texts("board", "tile_chosen_own", value=player["tile_choice"])
        return own
    shown = texts("board", "tile_count", count=player["tiles_in_hand"])
    if player["announced_tile_total"] is not None:
        shown += " " + texts("board", "announced", total=player["announced_tile_total"])
    if player["tile_chosen"]:
        shown += " " + texts("board", "tile_chosen")
    return shown


def _choice(choice: str, names: BoardNames, texts: Texts) -> str:
    if choice.startswith("double:"):
        return texts("board", "choice_double", building=names.building(choice.split(":")[1]))
    return texts("board", f"choice_{choice}")


# ----------------------------------------------------------------------------- the screen


def header(state: BoardGameState, view: JSON, names: BoardNames, texts: Texts) -> Text:
    if view["status"] == "over":
        title = texts("ui", "game_over")
    else:
        title = texts("board", "round", round=view["round"], rounds=state.catalog.rounds)
    line = Text(title, "bold")
    variants = view["config"]["variants"]
    if variants:
        line.append("   " + texts("board", "variants", names=", ".join(
            texts("board_variants", name) for name in variants)), "dim")  # fmt: skip
    line.append("\n" + texts("board", "turn_order") + ": ", "dim")
    _append_seats(line, view["turn_order"], names)
    line.append("   " + texts("board", "pass_order") + ": ", "dim")
    _append_seats(line, view["pass_order"], names)
    return line


def _append_seats(line: Text, seats: list[int], names: BoardNames) -> None:
    if not seats:
        line.append("—", "dim")
    for number, seat in enumerate(seats):
        if number:
            line.append(", ")
        line.append(names.who(seat), names.style(seat))


def status_line(view: JSON, names: BoardNames, texts: Texts) -> Text | None:
    decision = view["decision"]
    if decision is None:
        return None
    who = ", ".join(names.who(seat) for seat in decision["seats"])
    what = texts("board_decisions", decision["kind"])
    return Text(texts("board", "waiting", who=who, what=what), "italic")


def supply_line(state: BoardGameState, view: JSON, names: BoardNames, texts: Texts) -> Text:
    bag = ", ".join(
        f"{count}× {names.building(building)}"
        for building in BUILDING_IDS
        if (count := view["bag"][building])
    )
    line = Text(texts("board", "bag", contents=bag or "—"), "dim")
    line.append("   " + texts("board", "general_supply", roads=state.general_roads(),
                                houses=state.general_houses()), "dim")  # fmt: skip
    if "duel-tiles" in view["config"]["variants"]:
        line.append("   " + texts("board", "pool", count=view["pool_size"]), "dim")
    return line


def legend(state: BoardGameState, names: BoardNames, texts: Texts) -> Text:
    line = Text(texts("ui", "legend") + ": ", "dim")
    for tile in (HOUSE, MOUNTAIN, *BUILDING_IDS):
        line.append(TILE_LETTERS[tile], TILE_STYLES.get(tile, BUILDING_STYLE))
        name = names.building(tile) if tile != MOUNTAIN else texts("board", "mountain")
        line.append(f" {name}  ")
    line.append("≈", RIVER_STYLE)
    line.append(f" {texts('board', 'river')}\n", "dim")
    line.append(texts("board", "legend_cells"), "dim")
    return line


def board_screen(
    state: BoardGameState, viewer: int | None, names: BoardNames, texts: Texts
) -> RenderableType:
    """Everything a seat sees at the table (``viewer=None``: a spectator)."""
    view = state.view(viewer)
    marks = legal_parcels(state, viewer)
    town = [Text(texts("board", "town"), "bold"), *town_grid(state, view, marks).split("\n")]
    track = track_lines(state, view, names, texts, legal_spaces(state, viewer))
    parts: list[RenderableType] = [header(state, view, names, texts), SideBySide(town, track)]
    parts.append(personalities_table(state, view, names, texts))
    parts.append(players_table(state, view, viewer, names, texts))
    parts.append(supply_line(state, view, names, texts))
    parts.append(legend(state, names, texts))
    status = status_line(view, names, texts)
    if status is not None:
        parts.append(status)
    return Group(*parts)


def final_table(state: BoardGameState, names: BoardNames, texts: Texts) -> Table:
    """BG-8.2: VP of the game, plus 2 (3 beside a bridge) per built-on parcel, plus 1 per $6."""
    table = Table(title=texts("ui", "game_over"), title_justify="left")
    table.add_column(texts("ui", "category"))
    for seat in range(len(state.players)):
        table.add_column(Text(names.who(seat), names.style(seat)), justify="right")
    parcels = [state.town.final_vp(seat) for seat in range(len(state.players))]
    money = [player.money // 6 for player in state.players]
    during = [player.vp - parcels[seat] - money[seat] for seat, player in enumerate(state.players)]
    for key, values in (("final_during", during), ("final_parcels", parcels),
                        ("final_money", money)):  # fmt: skip
        table.add_row(texts("board", key), *(str(value) for value in values))
    table.add_row(
        Text(texts("ui", "total"), "bold"),
        *(Text(str(player.vp), "bold") for player in state.players),
    )
    return table
