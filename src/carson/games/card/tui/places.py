"""Where a card goes, in the words a player reads: one stable frame of columns and rows for
the whole game (the engine's city renumbers from (0, 0) when a card goes left of or above
it; :attr:`City.origin` says by how much), and why a place is refused, translated."""

from __future__ import annotations

from carson.games.card import board
from carson.games.card.city import City, Layout
from carson.terminal.texts import Texts

_QUADRANTS = ((0, 0), (1, 0), (0, 1), (1, 1))


def to_stable(city: City, x: int, y: int) -> tuple[int, int]:
    """The stable (column, row) of the engine's current (x, y)."""
    return x + city.origin[0], y + city.origin[1]


def to_current(city: City, column: int, row: int) -> tuple[int, int]:
    """The engine's current (x, y) of a stable (column, row)."""
    return column - city.origin[0], row - city.origin[1]


def refusal(city: City, layout: Layout, x: int, y: int, texts: Texts) -> str | None:
    """``None`` if the card may go to current (x, y), else why not, in the player's language
    and the stable frame (the same rules as :meth:`City.why_illegal`, CG-6.1 to CG-6.4)."""
    if city.why_illegal(layout, x, y) is None:
        return None
    column, row = to_stable(city, x, y)
    if city.is_empty:
        first_column, first_row = city.origin
        return texts("refusals", "first", x=first_column, y=first_row)
    if not (board.LO <= x <= board.HI - 1 and board.LO <= y <= board.HI - 1):
        return texts("refusals", "far", x=column, y=row)
    if not _fits(city, x, y):
        limit = "9×8 / 8×9" if city.captain else "8×8"
        return texts("refusals", "size", x=column, y=row, limit=limit)
    footprint = board.card_cells(board.bit(x, y))
    if not footprint & (city.covered_mask | board.neighbours4(city.covered_mask)):
        return texts("refusals", "apart", x=column, y=row)
    for parcel, (dx, dy) in zip(layout, _QUADRANTS, strict=True):
        below = city.visible(x + dx, y + dy)
        if below is not None and not city.may_cover(parcel, below):
            return texts(
                "refusals", "cover", x=column, y=row,
                new=texts("parcels", parcel.id), below=texts("parcels", below.id),
                at_x=column + dx, at_y=row + dy,
            )  # fmt: skip
    raise AssertionError("placement refused for no reason")  # pragma: no cover


def _fits(city: City, x: int, y: int) -> bool:
    """CG-6.2: the bounding box with the card at (x, y) stays within the city's limit."""
    min_x, min_y, max_x, max_y = board.bounding_box(city.covered_mask)
    width = max(max_x, x + 1) - min(min_x, x) + 1
    height = max(max_y, y + 1) - min(min_y, y) + 1
    if city.captain:
        return (width <= 9 and height <= 8) or (width <= 8 and height <= 9)
    return width <= 8 and height <= 8
