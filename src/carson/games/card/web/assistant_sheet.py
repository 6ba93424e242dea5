"""The scoring assistant's answer in the player's words: what is wrong with the city asked
for (translated, never the command line's developer messages), or its score sheet with a
short explanation of each line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from carson.games.card.city import City
from carson.games.card.cli.input import InputError
from carson.games.card.cli.score import score_request
from carson.games.card.grid import parse_grid
from carson.games.card.scoring import MAX_SALES, ScoreSheet
from carson.terminal.texts import Texts

Gettext = Callable[[str], str]


@dataclass(frozen=True)
class SheetLine:
    label: str
    points: int
    how: str


def building_hints(_: Gettext) -> dict[str, str]:
    """How each building line of the score pad counts, in the player's language."""
    return {
        "ranch": _("1 per adjacent empty parcel"),
        "mine": _("2 per adjacent mountain"),
        "drugstore": _("adjacent house units, and 1 per ranch of the city"),
        "bank": _("adjacent house units, and 1 per mine of the city"),
        "saloon": _("2 per adjacent house unit"),
        "general_store": _("adjacent house units, and 1 per house unit of the city"),
        "city_hall": _("adjacent house units, and 1 per building of the city"),
        "church": _("1 per house unit of the city"),
        "blacksmith": _("1 per mine and ranch of the city"),
        "hotel": _("3 each"),
        "outlaws": _("−6 each"),
    }


def problem(rows: list[str], people: list[str], sold: int, _: Gettext) -> str | None:
    """What stops the city from being scored, as the page says it; ``None`` if nothing."""
    if not 0 <= sold <= MAX_SALES:
        return _("Cards sold: a whole number from 0 to %(most)s.") % {"most": MAX_SALES}
    if sold and "auctioneer" not in people:
        return _("Only the Auctioneer sells cards: tick the Auctioneer, or sell none.")
    try:
        city = City.from_cells(
            parse_grid(rows), captain="captain" in people, sheriff="sheriff" in people
        )
    except ValueError:
        return _("That city could not be read. Try again.")
    if not city.within_size_limit():
        width, height = city.size
        return _(
            "The city is %(width)s×%(height)s parcels: at most 8×8, or 9×8 with the Captain."
        ) % {"width": width, "height": height}
    return None


def sheet_lines(
    rows: list[str], people: list[str], sold: int, names: Texts, labels: dict[str, str], _: Gettext
) -> tuple[list[SheetLine], int] | str:
    """The city's score sheet (its lines and total), or what is wrong with it."""
    wrong = problem(rows, people, sold, _)
    if wrong is not None:
        return wrong
    try:
        sheet: ScoreSheet = score_request({"grid": rows, "personalities": people, "sold": sold})
    except InputError:  # only a hand-made post gets here (an unknown personality …)
        return _("That city could not be read. Try again.")
    hints = building_hints(_)
    lines = [
        SheetLine(
            labels.get(line.category, line.category),
            line.points,
            hints.get(line.category)
            or (names("does", line.category) if names.has("does", line.category) else ""),
        )
        for line in sheet.lines
    ]
    return lines, sheet.total
