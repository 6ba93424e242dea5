"""The personalities and the players as tables of plain lines (fast to draw: the screen is
drawn after every move)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from carson.core.game import JSON
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.tui.names import SIDE_STYLES, BoardNames
from carson.games.board.tui.sight import BoardSight
from carson.terminal.texts import Texts


def text_table(
    title: str, headers: list[str], rows: list[list[str | Text]], right: set[int]
) -> FittedTable:
    """A table as plain lines (``right``: the columns aligned right), fitted to the
    terminal's width when drawn. Much faster to draw than a Rich table, and the screen is
    drawn often."""
    head = [Text(header, "bold") for header in headers]
    cells = [[cell if isinstance(cell, Text) else Text(cell) for cell in row] for row in rows]
    return FittedTable(Text(title, "bold underline"), head, cells, right)


@dataclass(frozen=True)
class FittedTable:
    """One line per row where the rows fit the terminal; on a narrower one, each row as its
    first cell followed by its other cells, each after its column's name, packed into lines
    of the width — a row never wraps in the middle of a cell (issue 27: 80 columns)."""

    title: Text
    headers: list[Text]
    rows: list[list[Text]]
    right: set[int]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = self.wide()
        fits = max(cell_len(line) for line in wide.plain.split("\n")) <= options.max_width
        yield wide if fits else self.stacked(options.max_width)

    def wide(self) -> Text:
        """A line per row, the columns padded to their widest cell."""
        cells = [self.headers, *self.rows]
        widths = [max(row[column].cell_len for row in cells) for column in range(len(self.headers))]
        table = self.title.copy()
        for row in cells:
            table.append("\n ")
            for column, cell in enumerate(row):
                gap = widths[column] - cell.cell_len
                if column in self.right:
                    table.append(" " * gap)
                table.append_text(cell)
                if column not in self.right and column < len(row) - 1:
                    table.append(" " * gap)
                table.append("  ")
            table.rstrip()
        return table

    def stacked(self, width: int) -> Text:
        """Each row from its first cell on, its other cells as "column value" pieces, as
        many to a line as fit in ``width`` (a piece longer than a line wraps as prose)."""
        table = self.title.copy()
        for row in self.rows:
            line = Text(" ").append_text(row[0])
            for header, cell in zip(self.headers[1:], row[1:], strict=True):
                if not cell.plain:
                    continue
                piece = Text(header.plain + " ", "dim").append_text(cell)
                if line.cell_len + 2 + piece.cell_len > width and line.plain.strip():
                    table.append("\n").append_text(line)
                    line = Text("   ")
                line.append("  " if line.plain.strip() else "").append_text(piece)
            table.append("\n").append_text(line)
        return table


def personalities_table(sight: BoardSight, names: BoardNames, texts: Texts) -> FittedTable:
    """BG-7: each card's number, name, side, cash limit, who took it, what it does."""
    keys = ("number", "personality", "side", "cash_limit", "taken_by", "does")
    view = sight.view
    rows: list[list[str | Text]] = []
    holders = {
        player["personality"]: player["seat"] for player in view["players"] if player["personality"]
    }
    for personality in PERSONALITY_IDS:
        card = sight.catalog.personalities[personality]
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


def players_table(
    view: JSON, viewer: int | None, names: BoardNames, texts: Texts, personality: bool = True
) -> FittedTable:
    """Every player's money, VP, pieces, strength and stored buildings (turn and pass order
    are in the header); duel tiles: one's own values, the others' count (and announced
    total). ``personality=False``: without the personality (shown beside it)."""
    rows = [_player_row(player, view, viewer, names, texts) for player in view["players"]]
    columns = ["player", "personality", "money", "vp", "cowboys", "strength", "revolvers",
               "roads", "markers", "stored", "tiles", "notes"]  # fmt: skip
    if not personality:
        columns.remove("personality")
    optional = ("stored", "tiles", "notes")  # shown when some player has something there
    shown = [c for c in columns if c not in optional or any(row.get(c) for row in rows)]
    numbers = ("money", "vp", "cowboys", "strength", "revolvers", "roads", "markers")
    right = {index for index, column in enumerate(shown) if column in numbers}
    headers = [texts("board", f"col_{column}") for column in shown]
    cells = [[row.get(column, "") for column in shown] for row in rows]
    return text_table(texts("board", "players"), headers, cells, right)


def _player_row(
    player: JSON, view: JSON, viewer: int | None, names: BoardNames, texts: Texts
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


def _tiles_cell(player: JSON, view: JSON, texts: Texts) -> str:
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
