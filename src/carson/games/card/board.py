"""Bitboard geometry for cities: sets of parcels as Python ints, moved with shifts and masks.

A city is kept *normalised* (CG-6.1: cities are translation-invariant): the top-left corner of
its bounding box is city coordinate (0, 0). Any city fits in 9×9 parcels (CG-6.2), and a new
card's top-left parcel can lie at most 2 parcels beyond that box, so city coordinates of
interest run from -2 to 9 on both axes. They map to a frame of ``FRAME`` rows of ``STRIDE`` bits::

    bit = (y + PAD) * STRIDE + (x + PAD)

``STRIDE`` is wider than the frame's ``FRAME`` columns, so the bits that a one-column shift
pushes over a row's edge land in guard columns, which ``FULL`` masks away: no wrap-around
can ever reach a real cell. (python-chess handles its file A/H edges the same way.)
"""

from __future__ import annotations

from collections.abc import Iterator

PAD = 2
"""Frame columns/rows left of and above city coordinate 0 (room for new cards)."""
FRAME = 12
"""Rows, and usable columns per row, of the frame: city coordinates -2 … 9."""
STRIDE = 16
"""Bits per frame row: ``FRAME`` usable columns plus 4 guard columns."""
LO = -PAD
"""Smallest city coordinate the frame holds."""
HI = FRAME - PAD - 1
"""Largest city coordinate the frame holds (9)."""

_ROW = (1 << FRAME) - 1
_GUARD = STRIDE - FRAME
FULL: int = sum(_ROW << (row * STRIDE) for row in range(FRAME))
"""Every usable cell of the frame."""

#: Anchors (top-left parcel of a card) whose whole 2×2 card stays inside the frame.
ANCHORS: int = sum(((1 << (FRAME - 1)) - 1) << (row * STRIDE) for row in range(FRAME - 1))


def bit(x: int, y: int) -> int:
    """The single-cell bitboard of city coordinate (x, y)."""
    if not (LO <= x <= HI and LO <= y <= HI):
        raise ValueError(f"cell ({x}, {y}) is outside the city frame")
    return 1 << ((y + PAD) * STRIDE + (x + PAD))


def coords(index: int) -> tuple[int, int]:
    """City coordinate (x, y) of a bit index."""
    row, col = divmod(index, STRIDE)
    return col - PAD, row - PAD


def cells(mask: int) -> Iterator[tuple[int, int]]:
    """The city coordinates of every set bit, in bit order (row by row, left to right)."""
    while mask:
        low = mask & -mask
        yield _COORDS[low.bit_length() - 1]
        mask ^= low


#: :func:`coords` of every bit index of the frame, looked up rather than computed.
_COORDS = tuple(coords(index) for index in range(FRAME * STRIDE))


def card_cells(anchor: int) -> int:
    """The 2×2 footprint of a card whose top-left parcel is the single bit ``anchor``."""
    return anchor | (anchor << 1) | (anchor << STRIDE) | (anchor << (STRIDE + 1))


def east(mask: int) -> int:
    """Every cell moved one column right."""
    return (mask << 1) & FULL


def west(mask: int) -> int:
    """Every cell moved one column left."""
    return (mask >> 1) & FULL


def south(mask: int) -> int:
    """Every cell moved one row down."""
    return (mask << STRIDE) & FULL


def north(mask: int) -> int:
    """Every cell moved one row up."""
    return mask >> STRIDE


def neighbours4(mask: int) -> int:
    """Cells sharing an edge with some cell of ``mask`` (may include cells of ``mask``)."""
    return ((mask << 1 | mask >> 1 | mask << STRIDE) & FULL) | mask >> STRIDE


def neighbours8(mask: int) -> int:
    """Cells among the 8 surrounding some cell of ``mask`` (may include cells of ``mask``)."""
    horizontal = east(mask) | west(mask)
    row = mask | horizontal
    return horizontal | south(row) | north(row)


def adjacency_count(centres: int, targets: int) -> int:
    """Sum over every cell of ``centres`` of how many of its 8 neighbours are in ``targets``.

    Moving ``targets`` in each of the 8 directions and intersecting with ``centres`` counts
    each (centre, neighbour) pair exactly once: 8 shifts and 8 popcounts, no loop over cells.
    """
    if not centres or not targets:
        return 0
    # The shifts of east(), west(), south() and north() written out: this is search's
    # innermost loop, where a function call costs as much as the shift.
    e, w = (targets << 1) & FULL, (targets >> 1) & FULL
    return (
        (e & centres).bit_count()
        + (w & centres).bit_count()
        + ((targets << STRIDE) & FULL & centres).bit_count()
        + ((targets >> STRIDE) & centres).bit_count()
        + ((e << STRIDE) & FULL & centres).bit_count()
        + ((w << STRIDE) & FULL & centres).bit_count()
        + ((e >> STRIDE) & centres).bit_count()
        + ((w >> STRIDE) & centres).bit_count()
    )


def bounding_box(mask: int) -> tuple[int, int, int, int]:
    """``(min_x, min_y, max_x, max_y)`` of a non-empty mask, in city coordinates."""
    if not mask:
        raise ValueError("an empty mask has no bounding box")
    min_y = _COORDS[(mask & -mask).bit_length() - 1][1]  # looked up: a call per placement
    max_y = _COORDS[mask.bit_length() - 1][1]
    # Fold every row onto the first: rows i and i+8, then i+4, i+2, i+1 (16 rows at most).
    folded = mask | mask >> (8 * STRIDE)
    folded |= folded >> (4 * STRIDE)
    folded |= folded >> (2 * STRIDE)
    folded |= folded >> STRIDE
    columns = folded & ((1 << STRIDE) - 1)
    min_x = (columns & -columns).bit_length() - 1 - PAD
    max_x = columns.bit_length() - 1 - PAD
    return min_x, min_y, max_x, max_y


def shift(mask: int, dx: int, dy: int) -> int:
    """Translate every cell by (dx, dy); cells leaving the frame are dropped."""
    if abs(dx) > _GUARD:
        for _ in range(abs(dx)):
            mask = east(mask) if dx > 0 else west(mask)
        dx = 0
    # One shift for both axes: a row's cells moved up to _GUARD columns over its edge land
    # in guard columns (of its own row, or of the row above going west), which FULL drops.
    offset = dy * STRIDE + dx
    return (mask << offset) & FULL if offset >= 0 else (mask >> -offset) & FULL


def shift_all(masks: list[int], dx: int, dy: int) -> list[int]:
    """:func:`shift` of every mask, the offset worked out once (a city moves its ~17
    boards together: a call per board was 0.4 % of a simulated card game; issue 21)."""
    if abs(dx) > _GUARD:
        return [shift(mask, dx, dy) for mask in masks]
    offset = dy * STRIDE + dx
    if offset >= 0:
        return [(mask << offset) & FULL for mask in masks]
    return [(mask >> -offset) & FULL for mask in masks]


def edge_connected(mask: int) -> bool:
    """Whether the cells of ``mask`` form one edge-connected group (an empty mask does)."""
    if not mask:
        return True
    reached = mask & -mask
    while True:
        grown = (reached | neighbours4(reached)) & mask
        if grown == reached:
            return reached == mask
        reached = grown
