"""A player's city (CG-6): where terrain cards go, what is visible, what may be sold.

The city keeps one bitboard per parcel kind (the *visible* parcels of that kind) and one of all
covered cells, in the frame of :mod:`carson.games.card.board`. Every rule of CG-6 becomes a mask:

* CG-6.4 (on top only): for each parcel kind ``t``, the cells that a parcel ``t`` may lie on.
  A card is legal at an anchor when each of its four parcels may lie on its cell — four masks,
  three shifts, three ANDs for *every* anchor at once.
* CG-6.3 (contact): anchors whose card touches the covered cells or their edge neighbours.
* CG-6.2 (size): anchors whose card keeps the bounding box within 8×8 (Captain: 9×8 or 8×9).

Coordinates are *city coordinates*: the top-left corner of the city's bounding box is (0, 0)
(CG-6.1, translation invariance). A card placed left of or above the box moves that corner,
so the coordinates of the cards already there change; :attr:`City.cards` always reports them
in the current system. The first card of an empty city goes to (0, 0). :attr:`City.origin`
keeps the sum of those moves, so a player may be shown one stable frame for the whole game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from carson.games.card import board
from carson.games.card.board import ANCHORS, FULL, PAD, STRIDE
from carson.games.card.parcels import NO_CARD, SELF_COVERING, Parcel

#: The four parcels of a terrain card: top-left, top-right, bottom-left, bottom-right (CG-1.3).
Layout = tuple[Parcel, Parcel, Parcel, Parcel]

_QUADRANT_SHIFTS = (0, 1, STRIDE, STRIDE + 1)
_PARCEL_KINDS = len(Parcel)
_ORIGIN = 1 << (PAD * STRIDE + PAD)
_COORDS_OF_BIT = tuple(board.coords(index) for index in range(board.FRAME * STRIDE))


class PlacementError(ValueError):
    """A card cannot go where it was asked to; the city is unchanged."""


class SaleError(ValueError):
    """A card cannot be sold (CG-5.4); the city is unchanged."""


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A terrain card in a city, at the city coordinates of its top-left parcel."""

    card_id: int
    layout: Layout
    x: int
    y: int


class City:
    """One seat's city. Mutable; :meth:`copy` is cheap (a few ints and a short list)."""

    __slots__ = (
        "_anchors",
        "_base",
        "_boards",
        "_covered",
        "_grid",
        "_ids",
        "_layouts",
        "_size",
        "captain",
        "origin",
        "sheriff",
    )

    def __init__(self, *, captain: bool = False, sheriff: bool = False) -> None:
        #: The owner holds the Captain (CG-5.6): the city may be 9×8 or 8×9.
        self.captain = captain
        #: The owner holds the Sheriff (CG-5.7): outlaws count as empty.
        self.sheriff = sheriff
        self._boards: list[int] = [0] * _PARCEL_KINDS
        self._covered = 0
        # The bounding box's (width, height), kept with _covered: every placement asks.
        self._size = (0, 0)
        # Cells covered by parcels of unknown cards (a city read from a grid).
        self._base = 0
        # Cards in placement order (later cards lie on top): id, layout, anchor bit index.
        self._ids: list[int] = []
        self._layouts: list[Layout] = []
        self._anchors: list[int] = []
        #: Where the current (0, 0) lies in the frame of the city's first card: a card's
        #: stable coordinates are its current ones plus this; they never change.
        self.origin: tuple[int, int] = (0, 0)
        # :meth:`grid` as last worked out, ``None`` once the visible parcels change: every
        # view of a game shows each city's grid, and a city changes far less often.
        self._grid: tuple[str, ...] | None = None

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_cells(
        cls,
        cells: Mapping[tuple[int, int], Parcel],
        *,
        captain: bool = False,
        sheriff: bool = False,
    ) -> City:
        """A city whose visible parcels are ``cells`` (any origin; it is normalised).

        The cards that made it are unknown, so none of them can be sold. Raises ``ValueError``
        if the cells do not fit in 10×10 parcels (no legal city comes close).
        """
        city = cls(captain=captain, sheriff=sheriff)
        if not cells:
            return city
        min_x = min(x for x, _ in cells)
        min_y = min(y for _, y in cells)
        for (x, y), parcel in cells.items():
            if x - min_x > board.HI or y - min_y > board.HI:
                raise ValueError("a city cannot be larger than 10×10 parcels")
            cell = board.bit(x - min_x, y - min_y)
            city._boards[parcel] |= cell
            city._covered |= cell
        city._base = city._covered
        city._size = _box_size(city._covered)
        return city

    def copy(self) -> City:
        clone = City.__new__(City)
        clone.captain = self.captain
        clone.sheriff = self.sheriff
        clone._boards = self._boards.copy()
        clone._covered = self._covered
        clone._size = self._size
        clone._base = self._base
        clone._ids = self._ids.copy()
        clone._layouts = self._layouts.copy()
        clone._anchors = self._anchors.copy()
        clone.origin = self.origin
        clone._grid = self._grid
        return clone

    # ------------------------------------------------------------------ what is visible

    @property
    def boards(self) -> list[int]:
        """Every parcel kind's bitboard, indexed by :class:`Parcel` (read-only: for scoring)."""
        return self._boards

    def mask(self, parcel: Parcel) -> int:
        """Bitboard of the cells whose visible parcel is ``parcel`` (frame of ``board``)."""
        return self._boards[parcel]

    @property
    def covered_mask(self) -> int:
        """Bitboard of every cell covered by some terrain card."""
        return self._covered

    @property
    def outlaws_count_as_empty(self) -> bool:
        """CG-5.7, CG-6.4, CG-7: with the Sheriff or a visible prison, outlaws are empty land."""
        return self.sheriff or self._boards[Parcel.PRISON] != 0

    def empty_mask(self) -> int:
        """Cells that count as empty (CG-7): visible empty land, and outlaws when they count."""
        empty = self._boards[Parcel.EMPTY]
        if self.outlaws_count_as_empty:
            empty |= self._boards[Parcel.OUTLAWS]
        return empty

    def visible(self, x: int, y: int) -> Parcel | None:
        """The visible parcel at city coordinate (x, y), or ``None`` where no card lies."""
        if not (board.LO <= x <= board.HI and board.LO <= y <= board.HI):
            return None
        cell = board.bit(x, y)
        if not self._covered & cell:
            return None
        for kind, mask in enumerate(self._boards):
            if mask & cell:
                return Parcel(kind)
        raise AssertionError("covered cell with no visible parcel")  # pragma: no cover

    @property
    def is_empty(self) -> bool:
        return self._covered == 0

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the bounding box; (0, 0) for an empty city."""
        return self._size

    def within_size_limit(self) -> bool:
        """CG-6.2: 8×8, or with the Captain 9×8 / 8×9."""
        width, height = self.size
        if self.captain:
            return (width <= 9 and height <= 8) or (width <= 8 and height <= 9)
        return width <= 8 and height <= 8

    def grid(self) -> list[str]:
        """The visible grid over the bounding box as rows of CG-1.4 letters (``-`` = no card)."""
        rows = self._grid
        if rows is None:
            rows = self._grid = _grid_rows(self._boards, *self._size)
        return list(rows)

    def covered_cells(self) -> list[tuple[int, int]]:
        """City coordinates of every covered cell, row by row."""
        return list(board.cells(self._covered))

    @property
    def cards(self) -> tuple[PlacedCard, ...]:
        """The known cards of the city, bottom (placed first) to top, in current coordinates."""
        return tuple(
            PlacedCard(card_id, layout, *board.coords(anchor))
            for card_id, layout, anchor in zip(self._ids, self._layouts, self._anchors, strict=True)
        )

    def card_positions(self) -> list[tuple[int, int, int]]:
        """``(card id, x, y)`` of :attr:`cards`, without building a :class:`PlacedCard` each
        (what a view shows of every city at every move)."""
        coords = _COORDS_OF_BIT
        return [
            (card, *coords[anchor]) for card, anchor in zip(self._ids, self._anchors, strict=True)
        ]

    def overlaps(self) -> list[tuple[int, int]]:
        """Pairs ``(upper, lower)`` of card ids where card ``upper`` lies partly on ``lower``."""
        footprints = [board.card_cells(1 << anchor) for anchor in self._anchors]
        return [
            (self._ids[upper], self._ids[lower])
            for upper in range(len(footprints))
            for lower in range(upper)
            if footprints[upper] & footprints[lower]
        ]

    # ------------------------------------------------------------------ placement (CG-6)

    def legal_anchor_mask(self, layout: Layout) -> int:
        """Bitboard of every legal anchor (top-left parcel) for a card with ``layout``.

        The empty city has one legal anchor, (0, 0) (CG-6.1). This is the hot path of search.
        """
        covered = self._covered
        if not covered:
            return _ORIGIN
        boards = self._boards
        # CG-6.4: any parcel may lie on uncovered or empty cells (and on outlaws that count
        # as empty); a parcel may also lie on its own kind if that kind is a building or a
        # mountain; a townhouse may also lie on a house.
        free = (FULL & ~covered) | boards[Parcel.EMPTY]
        if self.sheriff or boards[Parcel.PRISON]:
            free |= boards[Parcel.OUTLAWS]
        legal = ANCHORS & _size_mask(self._size, self.captain)
        for parcel, shift in zip(layout, _QUADRANT_SHIFTS, strict=True):
            allowed = free
            if parcel in SELF_COVERING:
                allowed |= boards[parcel]
                if parcel is Parcel.TOWNHOUSE:
                    allowed |= boards[Parcel.HOUSE]
            legal &= allowed >> shift
        # CG-6.3: the card overlaps the city or shares an edge with it.
        touching = covered | board.neighbours4(covered)
        return legal & (touching | touching >> 1 | touching >> STRIDE | touching >> (STRIDE + 1))

    def legal_placements(self, layout: Layout) -> list[tuple[int, int]]:
        """Every legal (x, y) for a card with ``layout``, row by row (y, then x)."""
        anchors = self.legal_anchor_mask(layout)
        places = []
        while anchors:  # board.cells, without a generator's cost per place
            low = anchors & -anchors
            places.append(_COORDS_OF_BIT[low.bit_length() - 1])
            anchors ^= low
        return places

    def boards_after(self, layout: Layout, anchor_bit: int) -> tuple[list[int], int]:
        """(parcel boards, covered cells) as they would be with a card at ``anchor_bit``
        (a bit of :meth:`legal_anchor_mask`), leaving the city as it is: what a search
        scores to judge a place without copying the city."""
        keep = ~board.card_cells(anchor_bit)
        boards = [mask & keep for mask in self._boards]
        for parcel, shift in zip(layout, _QUADRANT_SHIFTS, strict=True):
            boards[parcel] |= anchor_bit << shift
        return boards, self._covered | ~keep & FULL

    def is_legal(self, layout: Layout, x: int, y: int) -> bool:
        return self.why_illegal(layout, x, y) is None

    def why_illegal(self, layout: Layout, x: int, y: int) -> str | None:
        """``None`` if the card may go to (x, y), else a sentence saying which rule forbids it."""
        if self.is_empty:
            return None if (x, y) == (0, 0) else "the first card of a city goes to (0, 0)"
        if not (board.LO <= x <= board.HI - 1 and board.LO <= y <= board.HI - 1):
            return f"({x}, {y}) is too far from the city (CG-6.3)"
        anchor = board.bit(x, y)
        if self.legal_anchor_mask(layout) & anchor:
            return None
        if not _size_mask(self.size, self.captain) & anchor:
            limit = "9×8 or 8×9" if self.captain else "8×8"
            return f"at ({x}, {y}) the city would exceed {limit} parcels (CG-6.2)"
        footprint = board.card_cells(anchor)
        if not footprint & (self._covered | board.neighbours4(self._covered)):
            return f"at ({x}, {y}) the card would not touch the city along an edge (CG-6.3)"
        for parcel, (dx, dy) in zip(layout, ((0, 0), (1, 0), (0, 1), (1, 1)), strict=True):
            below = self.visible(x + dx, y + dy)
            if below is not None and not self._may_cover(parcel, below):
                return (
                    f"at ({x}, {y}) the card's {parcel.id} would cover the {below.id} "
                    f"at ({x + dx}, {y + dy}) (CG-6.4)"
                )
        raise AssertionError("placement rejected for no reason")  # pragma: no cover

    def may_cover(self, new: Parcel, below: Parcel) -> bool:
        """Whether a parcel ``new`` may lie on a visible ``below`` here (CG-6.4)."""
        return self._may_cover(new, below)

    def _may_cover(self, new: Parcel, below: Parcel) -> bool:
        """CG-6.4 for one parcel, as a plain rule (the masks above encode the same)."""
        if below is Parcel.EMPTY:
            return True
        if below is Parcel.OUTLAWS and self.outlaws_count_as_empty:
            return True
        if below is new and new in SELF_COVERING:
            return True
        return below is Parcel.HOUSE and new is Parcel.TOWNHOUSE

    def place(self, card_id: int, layout: Layout, x: int, y: int) -> None:
        """Place a card after checking every rule of CG-6; raises :class:`PlacementError`."""
        reason = self.why_illegal(layout, x, y)
        if reason is not None:
            raise PlacementError(reason)
        self.place_unchecked(card_id, layout, x, y)

    def place_unchecked(self, card_id: int, layout: Layout, x: int, y: int) -> None:
        """Place a card known to be legal (from :meth:`legal_anchor_mask`): no checks."""
        anchor_bit = board.bit(x, y)
        footprint = board.card_cells(anchor_bit)
        keep = ~footprint
        self._boards = boards = [mask & keep for mask in self._boards]
        for parcel, shift in zip(layout, _QUADRANT_SHIFTS, strict=True):
            boards[parcel] |= anchor_bit << shift
        self._covered |= footprint
        self._size = _box_size(self._covered)
        self._grid = None
        self._ids.append(card_id)
        self._layouts.append(layout)
        self._anchors.append(anchor_bit.bit_length() - 1)
        if x < 0 or y < 0:
            self._translate(-min(x, 0), -min(y, 0))

    # ------------------------------------------------------------------ selling (CG-5.4)

    def why_not_sellable(self, card_id: int) -> str | None:
        """``None`` if the Auctioneer may sell the card, else why not (CG-5.4)."""
        if card_id not in self._ids:
            return f"card {card_id} is not in this city"
        index = self._ids.index(card_id)
        footprint = board.card_cells(1 << self._anchors[index])
        others = self._base
        for other, anchor in enumerate(self._anchors):
            if other != index:
                others |= board.card_cells(1 << anchor)
        if footprint & others:
            return f"card {card_id} overlaps another card (CG-5.4)"
        if not board.edge_connected(self._covered & ~footprint):
            return f"without card {card_id} the city would fall apart (CG-5.4)"
        return None

    def can_sell(self, card_id: int) -> bool:
        return self.why_not_sellable(card_id) is None

    def sellable_cards(self) -> list[int]:
        """Ids of the cards that may be sold now, in placement order."""
        return [card_id for card_id in self._ids if self.why_not_sellable(card_id) is None]

    def sell(self, card_id: int) -> PlacedCard:
        """Remove a sellable card from the city; raises :class:`SaleError` otherwise."""
        reason = self.why_not_sellable(card_id)
        if reason is not None:
            raise SaleError(reason)
        index = self._ids.index(card_id)
        sold = self.cards[index]
        footprint = board.card_cells(1 << self._anchors[index])
        keep = ~footprint
        for kind in range(_PARCEL_KINDS):
            self._boards[kind] &= keep
        self._covered &= keep
        self._size = _box_size(self._covered)
        self._grid = None
        del self._ids[index], self._layouts[index], self._anchors[index]
        if self._covered:
            min_x, min_y, _, _ = board.bounding_box(self._covered)
            if min_x or min_y:
                self._translate(-min_x, -min_y)
        return sold

    # ------------------------------------------------------------------ helpers

    def _translate(self, dx: int, dy: int) -> None:
        """Move everything by (dx, dy) so the bounding box starts at (0, 0) again."""
        *self._boards, self._covered, self._base = board.shift_all(
            [*self._boards, self._covered, self._base], dx, dy
        )
        self._anchors = [anchor + dy * STRIDE + dx for anchor in self._anchors]
        self.origin = (self.origin[0] - dx, self.origin[1] - dy)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, City):
            return NotImplemented
        return (
            self.captain == other.captain
            and self.sheriff == other.sheriff
            and self._boards == other._boards
            and self._covered == other._covered
            and self._base == other._base
            and self._ids == other._ids
            and self._layouts == other._layouts
            and self._anchors == other._anchors
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"City(grid={self.grid()!r}, captain={self.captain}, sheriff={self.sheriff})"


def city_of(placements: Iterable[tuple[int, Layout, int, int]]) -> City:
    """A city built by placing ``(card_id, layout, x, y)`` in order, each checked."""
    city = City()
    for card_id, layout, x, y in placements:
        city.place(card_id, layout, x, y)
    return city


#: Each parcel kind's grid letter, indexed like a city's boards.
_LETTERS = tuple(parcel.letter for parcel in Parcel)


def _grid_rows(boards: list[int], width: int, height: int) -> tuple[str, ...]:
    """The grid of a normalised city (its box starts at (0, 0)) of ``width`` × ``height``:
    each visible parcel's letter put at its cell, a step per covered cell rather than a
    question to every kind's board for every cell of the box."""
    cells = [NO_CARD] * (width * height)
    for letter, mask in zip(_LETTERS, boards, strict=True):
        while mask:
            low = mask & -mask
            x, y = _COORDS_OF_BIT[low.bit_length() - 1]
            cells[y * width + x] = letter
            mask ^= low
    line = "".join(cells)
    return tuple(line[y * width : (y + 1) * width] for y in range(height))


def _box_size(covered: int) -> tuple[int, int]:
    """(width, height) of the bounding box of ``covered``, wherever it lies."""
    if not covered:
        return 0, 0
    min_x, min_y, max_x, max_y = board.bounding_box(covered)
    return max_x - min_x + 1, max_y - min_y + 1


@lru_cache(maxsize=256)
def _size_mask(size: tuple[int, int], captain: bool) -> int:
    """Anchors that keep a city of ``size`` within CG-6.2's bounding box."""
    width, height = size
    boxes = [(9, 8), (8, 9)] if captain else [(8, 8)]
    mask = 0
    for box_width, box_height in boxes:
        mask |= _box_anchors(width, height, box_width, box_height)
    return mask


def _box_anchors(width: int, height: int, box_width: int, box_height: int) -> int:
    # A card at x covers x and x+1; the new box spans min(0, x) … max(width-1, x+1), so
    # it fits in box_width columns exactly when  width - box_width <= x <= box_width - 2.
    if width > box_width or height > box_height:
        return 0
    mask = 0
    for y in range(max(height - box_height, board.LO), min(box_height - 2, board.HI - 1) + 1):
        for x in range(max(width - box_width, board.LO), min(box_width - 2, board.HI - 1) + 1):
            mask |= board.bit(x, y)
    return mask
