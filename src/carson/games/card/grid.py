"""The project's grid format for a city: rows of CG-1.4 letters, ``-`` where no card lies.

Used by ``carson score`` and ``carson placements`` (a physical city typed in, or a test case).
Errors name the row and column, counted from 1, as a person reading the grid would.
"""

from __future__ import annotations

from collections.abc import Sequence

from carson.games.card.parcels import NO_CARD, Parcel

#: The largest grid accepted: a Captain's city is at most 9 parcels in either direction.
MAX_GRID = 9

GridCells = dict[tuple[int, int], Parcel]


class GridError(ValueError):
    """A grid that cannot be read; the message names the problem."""


def parse_grid(rows: Sequence[str]) -> GridCells:
    """The covered cells of a grid, keyed by (column, row) from the grid's top-left cell."""
    if isinstance(rows, str) or not all(isinstance(row, str) for row in rows):
        raise GridError("grid must be a list of strings, one per row")
    if len(rows) > MAX_GRID:
        raise GridError(f"grid has {len(rows)} rows; at most {MAX_GRID} are allowed")
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        first = len(rows[0])
        ragged = next(i for i, row in enumerate(rows) if len(row) != first)
        raise GridError(
            f"grid rows differ in length: row 1 has {first} cells, "
            f"row {ragged + 1} has {len(rows[ragged])}"
        )
    if widths and max(widths) > MAX_GRID:
        raise GridError(f"grid rows have {max(widths)} cells; at most {MAX_GRID} are allowed")
    cells: GridCells = {}
    for y, row in enumerate(rows):
        for x, letter in enumerate(row):
            if letter == NO_CARD:
                continue
            try:
                cells[(x, y)] = Parcel.from_letter(letter)
            except ValueError:
                raise GridError(
                    f"unknown parcel letter {letter!r} at row {y + 1}, column {x + 1}"
                ) from None
    return cells


def grid_origin(cells: GridCells) -> tuple[int, int]:
    """Grid coordinates of the city's bounding-box corner, (0, 0) for an empty grid."""
    if not cells:
        return 0, 0
    return min(x for x, _ in cells), min(y for _, y in cells)
