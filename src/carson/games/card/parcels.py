"""Parcel contents (CG-1.4): what one quarter of a terrain card shows.

A parcel is a small int (an ``IntEnum``) so that cities can keep one bitboard per kind.
Every kind has a stable text id (``"general_store"``) and a one-letter code used by the
project's grid format (``"g"``); ``-`` in a grid means "no terrain card here".
"""

from __future__ import annotations

from enum import IntEnum


class Parcel(IntEnum):
    EMPTY = 0
    HOUSE = 1
    TOWNHOUSE = 2
    HOTEL = 3
    MOUNTAIN = 4
    MINE = 5
    RANCH = 6
    BLACKSMITH = 7
    DRUGSTORE = 8
    BANK = 9
    SALOON = 10
    GENERAL_STORE = 11
    CHURCH = 12
    PRISON = 13
    CITY_HALL = 14
    OUTLAWS = 15

    @property
    def id(self) -> str:
        """The text id of CG-1.4, e.g. ``"city_hall"``."""
        return self.name.lower()

    @property
    def letter(self) -> str:
        """The one-letter code of CG-1.4, e.g. ``"a"`` for the city hall."""
        return _LETTER_OF[self]

    @classmethod
    def from_id(cls, text_id: str) -> Parcel:
        try:
            return cls[text_id.upper()]
        except KeyError:
            raise ValueError(f"unknown parcel id {text_id!r}") from None

    @classmethod
    def from_letter(cls, letter: str) -> Parcel:
        """The parcel for a grid letter (either case). ``-`` is not a parcel: it raises."""
        try:
            return _PARCEL_OF[letter.lower()]
        except KeyError:
            raise ValueError(f"unknown parcel letter {letter!r}") from None


_LETTER_OF: dict[Parcel, str] = {
    Parcel.EMPTY: ".",
    Parcel.HOUSE: "h",
    Parcel.TOWNHOUSE: "t",
    Parcel.HOTEL: "o",
    Parcel.MOUNTAIN: "^",
    Parcel.MINE: "m",
    Parcel.RANCH: "r",
    Parcel.BLACKSMITH: "k",
    Parcel.DRUGSTORE: "d",
    Parcel.BANK: "b",
    Parcel.SALOON: "s",
    Parcel.GENERAL_STORE: "g",
    Parcel.CHURCH: "c",
    Parcel.PRISON: "j",
    Parcel.CITY_HALL: "a",
    Parcel.OUTLAWS: "x",
}
_PARCEL_OF: dict[str, Parcel] = {letter: parcel for parcel, letter in _LETTER_OF.items()}

#: The grid letter for a cell that no terrain card covers (CG-1.4).
NO_CARD = "-"

#: House units (CG-7): house 1, townhouse 2, hotel 2.
HOUSE_UNITS: dict[Parcel, int] = {Parcel.HOUSE: 1, Parcel.TOWNHOUSE: 2, Parcel.HOTEL: 2}

#: Buildings counted by the city hall (CG-7.7 DECISION): everything but houses, townhouses,
#: mountains, outlaws and empty land. The city hall counts itself.
CITY_HALL_BUILDINGS: frozenset[Parcel] = frozenset(
    {
        Parcel.MINE,
        Parcel.RANCH,
        Parcel.BLACKSMITH,
        Parcel.DRUGSTORE,
        Parcel.BANK,
        Parcel.SALOON,
        Parcel.HOTEL,
        Parcel.GENERAL_STORE,
        Parcel.CHURCH,
        Parcel.PRISON,
        Parcel.CITY_HALL,
    }
)

#: Parcels that may cover a visible parcel of the same kind (CG-6.4): every building
#: (a house counts as one) and mountains. Empty land and outlaws are not in it.
SELF_COVERING: frozenset[Parcel] = frozenset(
    p for p in Parcel if p not in (Parcel.EMPTY, Parcel.OUTLAWS)
)
