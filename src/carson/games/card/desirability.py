"""The desirability carson gives the terrain cards of its deck (CG-1.6 DECISION; docs/deck.md).

The rulebooks print no card's desirability; carson's deck gives each card 1 plus the weights
of its four parcels, rounded half up and kept within 1–9. The data file holds the values (a
printed deck may bring its own); the rules page shows these weights and the shipped deck's
tests check that every shipped card follows them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from carson.games.card.parcels import Parcel

#: Each parcel's weight: rare and scoring buildings weigh most, outlaws count against a card.
WEIGHTS: Mapping[Parcel, float] = MappingProxyType(
    {
        Parcel.EMPTY: 0, Parcel.HOUSE: 1, Parcel.TOWNHOUSE: 2, Parcel.HOTEL: 3,
        Parcel.MOUNTAIN: 0.5, Parcel.MINE: 2, Parcel.RANCH: 1.5, Parcel.BLACKSMITH: 2,
        Parcel.DRUGSTORE: 2, Parcel.BANK: 2, Parcel.SALOON: 3, Parcel.GENERAL_STORE: 3,
        Parcel.CHURCH: 3, Parcel.PRISON: 2, Parcel.CITY_HALL: 4, Parcel.OUTLAWS: -2,
    }
)  # fmt: skip
LOWEST = 1
HIGHEST = 9


def desirability(parcels: Iterable[Parcel]) -> int:
    """A card's desirability by carson's formula: ``1 + Σ weight``, rounded half up, 1–9."""
    raw = 1 + sum(WEIGHTS[parcel] for parcel in parcels)
    return max(LOWEST, min(HIGHEST, math.floor(raw + 0.5)))
