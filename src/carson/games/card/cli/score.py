"""``carson score``: the scoring assistant — a city from a physical game in, its score out."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from carson.core.game import JSON
from carson.games.card.city import City
from carson.games.card.cli.input import (
    InputError,
    for_each_object,
    parse_personalities,
    read_json_input,
)
from carson.games.card.grid import parse_grid
from carson.games.card.scoring import MAX_SALES, ScoreSheet, score_city

_KEYS = {"grid", "personalities", "sold"}


class ScoreFormat(StrEnum):
    json = "json"
    text = "text"


def score_request(request: JSON) -> ScoreSheet:
    """The score sheet of one city object; raises ``InputError`` naming what is wrong."""
    unknown = sorted(set(request) - _KEYS)
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r} (expected grid, personalities, sold)")
    if "grid" not in request:
        raise InputError("missing 'grid'")
    cells = parse_grid(request["grid"])
    personalities = parse_personalities(request.get("personalities", []))
    sold = request.get("sold", 0)
    if not isinstance(sold, int) or isinstance(sold, bool) or not 0 <= sold <= MAX_SALES:
        raise InputError(f"'sold' must be a whole number from 0 to {MAX_SALES}")
    if sold and "auctioneer" not in personalities:
        raise InputError("'sold' is more than 0, but only the Auctioneer sells cards (CG-5.4)")
    captain = "captain" in personalities
    city = City.from_cells(cells, captain=captain, sheriff="sheriff" in personalities)
    if not city.within_size_limit():
        width, height = city.size
        limit = "9×8 or 8×9 with the Captain" if captain else "8×8 (CG-6.2)"
        raise InputError(f"the city is {width}×{height} parcels; at most {limit}")
    return score_city(city, personalities, sold)


def print_sheet(console: Console, sheet: ScoreSheet, title: str, grid: list[str]) -> None:
    """The city as given, then its score sheet."""
    console.print(Text(title, "bold"))
    console.print(Text("\n".join(grid)))
    table = Table(show_footer=True)
    table.add_column("category", footer="total")
    table.add_column("points", justify="right", footer=str(sheet.total))
    table.add_column("how")
    for line in sheet.lines:
        table.add_row(line.category.replace("_", " "), str(line.points), readable(line.explanation))
    console.print(table)


_RULE_ID = re.compile(r"\s*\(CG-[\d.a-z]+\)")
_COUNTED = re.compile(r"\b(\d+) ([a-z ]+?)\((s|es)\)")


def readable(explanation: str) -> str:
    """A score line's explanation as a player reads it: no rule id, '1 bank', '2 banks'."""
    text = _RULE_ID.sub("", explanation)
    return _COUNTED.sub(
        lambda found: f"{found[1]} {found[2]}{'' if found[1] == '1' else found[3]}", text
    )


def register(app: typer.Typer) -> None:
    @app.command()
    def score(
        file: Annotated[
            str, typer.Argument(help="JSON file with a city or an array of cities; - for stdin")
        ] = "-",
        output: Annotated[
            ScoreFormat, typer.Option("--format", help="json or text")
        ] = ScoreFormat.json,
    ) -> None:
        # Scoring per CG-7.
        """Score a city: a JSON object with grid, personalities and sold (see README)."""
        document = read_json_input(file)
        if output is ScoreFormat.json:
            print(for_each_object(document, lambda request: score_request(request).to_json()))
            return
        sheets: list[tuple[ScoreSheet, list[str]]] = []
        for_each_object(
            document,
            lambda request: sheets.append((score_request(request), list(request["grid"]))),
        )
        console = Console(highlight=False)
        for number, (sheet, grid) in enumerate(sheets, start=1):
            title = f"City {number}" if len(sheets) > 1 else "Score sheet"
            print_sheet(console, sheet, title, grid)
