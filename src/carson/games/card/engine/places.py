"""The legal places of a terrain card as a lazy sequence over its anchor mask (issue 21).

A card has dozens of legal places, and most who ask need few of them: the match loop checks
that one chosen place is among them, a ``random`` seat picks one by its position, a search
keeps the best few. :class:`Places` answers length, membership and any one item from the
mask's bits, and hands out the shared ``Place`` values of :mod:`.actions` only when read.
It equals the list of the same places in the same order (row by row, as
:meth:`carson.games.card.city.City.legal_placements`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from carson.games.card import board
from carson.games.card.engine.actions import PLACE_MAX, PLACE_MIN, CardAction, Place, place


class Places(Sequence[CardAction]):
    """Every ``Place`` whose anchor is a bit of ``anchors``, in bit order. Immutable."""

    __slots__ = ("_anchors",)

    def __init__(self, anchors: int) -> None:
        if anchors & ~_IN_SPACE:
            raise ValueError("an anchor lies outside the action space's -2…8")
        self._anchors = anchors

    def __len__(self) -> int:
        return self._anchors.bit_count()

    @overload
    def __getitem__(self, index: int) -> CardAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[CardAction]: ...

    def __getitem__(self, index: int | slice) -> CardAction | list[CardAction]:
        if isinstance(index, slice):
            return list(self)[index]
        count = self._anchors.bit_count()  # len(self), without a call
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("place index out of range")
        anchors = self._anchors
        for _ in range(index):
            anchors &= anchors - 1  # drop the lowest bit
        return _PLACE_AT[(anchors & -anchors).bit_length() - 1]

    def __iter__(self) -> Iterator[CardAction]:
        anchors = self._anchors
        while anchors:
            low = anchors & -anchors
            yield _PLACE_AT[low.bit_length() - 1]
            anchors ^= low

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Place):
            return False
        x, y = action.x, action.y
        if not (PLACE_MIN <= x <= PLACE_MAX and PLACE_MIN <= y <= PLACE_MAX):
            return False
        return bool(self._anchors >> ((y + board.PAD) * board.STRIDE + x + board.PAD) & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Places):
            return self._anchors == other._anchors
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which have no hash

    def __repr__(self) -> str:
        return f"Places({list(self)!r})"


def _place_at(index: int) -> Place:
    x, y = board.coords(index)
    if PLACE_MIN <= x <= PLACE_MAX and PLACE_MIN <= y <= PLACE_MAX:
        return place(x, y)
    return Place(x, y)  # outside the action space: never handed out (see _IN_SPACE)


#: The shared ``Place`` of each bit of the city frame.
_PLACE_AT = tuple(_place_at(index) for index in range(board.FRAME * board.STRIDE))
#: The bits whose place lies within the action space.
_IN_SPACE = sum(
    1 << index
    for index, spot in enumerate(_PLACE_AT)
    if PLACE_MIN <= spot.x <= PLACE_MAX and PLACE_MIN <= spot.y <= PLACE_MAX
)
