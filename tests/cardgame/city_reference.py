"""A plain, obviously-correct statement of CG-6 on a dict grid — the oracle for ``City``.

Slow on purpose: it loops over candidate positions and cells and says each rule in one line.
"""

from __future__ import annotations

from carson.games.card.parcels import SELF_COVERING, Parcel

Cells = dict[tuple[int, int], Parcel]
Layout = tuple[Parcel, Parcel, Parcel, Parcel]
QUADRANTS = ((0, 0), (1, 0), (0, 1), (1, 1))


def may_cover(new: Parcel, below: Parcel, outlaws_empty: bool) -> bool:
    """CG-6.4 for a single parcel."""
    if below == Parcel.EMPTY or (below == Parcel.OUTLAWS and outlaws_empty):
        return True
    if new == below and new in SELF_COVERING:  # same building (house included) or mountains
        return True
    return below == Parcel.HOUSE and new == Parcel.TOWNHOUSE


def fits(cells: set[tuple[int, int]], captain: bool) -> bool:
    """CG-6.2 / CG-5.6."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if captain:
        return (width <= 9 and height <= 8) or (width <= 8 and height <= 9)
    return width <= 8 and height <= 8


def legal_placements(
    visible: Cells, layout: Layout, *, captain: bool = False, sheriff: bool = False
) -> set[tuple[int, int]]:
    """Every legal top-left position, in the coordinates of ``visible``."""
    if not visible:
        return {(0, 0)}
    outlaws_empty = sheriff or Parcel.PRISON in visible.values()
    xs = [x for x, _ in visible]
    ys = [y for _, y in visible]
    legal = set()
    for ax in range(min(xs) - 2, max(xs) + 2):
        for ay in range(min(ys) - 2, max(ys) + 2):
            card = [(ax + dx, ay + dy) for dx, dy in QUADRANTS]
            touches = any(
                (x + ex, y + ey) in visible
                for x, y in card
                for ex, ey in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
            )
            if not touches:
                continue  # CG-6.3
            if not fits(set(visible) | set(card), captain):
                continue  # CG-6.2
            if all(
                cell not in visible or may_cover(parcel, visible[cell], outlaws_empty)
                for parcel, cell in zip(layout, card, strict=True)
            ):
                legal.add((ax, ay))  # CG-6.4
    return legal


def place(visible: Cells, layout: Layout, x: int, y: int) -> Cells:
    """The visible grid after placing a card on top at (x, y)."""
    result = dict(visible)
    for parcel, (dx, dy) in zip(layout, QUADRANTS, strict=True):
        result[(x + dx, y + dy)] = parcel
    return result


def normalised(visible: Cells) -> Cells:
    """The same grid moved so that its bounding box starts at (0, 0)."""
    if not visible:
        return {}
    min_x = min(x for x, _ in visible)
    min_y = min(y for _, y in visible)
    return {(x - min_x, y - min_y): parcel for (x, y), parcel in visible.items()}
