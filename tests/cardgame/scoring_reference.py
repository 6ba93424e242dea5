"""A plain, loop-by-loop statement of CG-7 on a dict grid — the oracle for ``score_city``."""

from __future__ import annotations

import math

from carson.games.card.catalog import load_catalog
from carson.games.card.parcels import CITY_HALL_BUILDINGS, HOUSE_UNITS, Parcel

Cells = dict[tuple[int, int], Parcel]
NEIGHBOURS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def reference_score(cells: Cells, personalities: set[str], sold: int = 0) -> dict[str, int]:
    harmless = "sheriff" in personalities or Parcel.PRISON in cells.values()

    def is_empty(cell: tuple[int, int]) -> bool:
        parcel = cells.get(cell)
        return parcel == Parcel.EMPTY or (parcel == Parcel.OUTLAWS and harmless)

    def around(cell: tuple[int, int]) -> list[tuple[int, int]]:
        return [(cell[0] + dx, cell[1] + dy) for dx, dy in NEIGHBOURS]

    def units_around(cell: tuple[int, int]) -> int:
        return sum(
            HOUSE_UNITS.get(cells.get(n, Parcel.EMPTY), 0) for n in around(cell) if n in cells
        )

    def where(parcel: Parcel) -> list[tuple[int, int]]:
        return [cell for cell, p in cells.items() if p == parcel]

    def n(parcel: Parcel) -> int:
        return len(where(parcel))

    units = sum(HOUSE_UNITS.get(p, 0) for p in cells.values())
    buildings = sum(1 for p in cells.values() if p in CITY_HALL_BUILDINGS)
    saloons = [2 * units_around(c) for c in where(Parcel.SALOON)]
    score = {
        "ranch": sum(is_empty(x) for c in where(Parcel.RANCH) for x in around(c)),
        "mine": sum(
            2 * (cells.get(x) == Parcel.MOUNTAIN) for c in where(Parcel.MINE) for x in around(c)
        ),
        "drugstore": sum(units_around(c) + n(Parcel.RANCH) for c in where(Parcel.DRUGSTORE)),
        "bank": sum(units_around(c) + n(Parcel.MINE) for c in where(Parcel.BANK)),
        "saloon": sum(saloons),
        "general_store": sum(units_around(c) + units for c in where(Parcel.GENERAL_STORE)),
        "city_hall": sum(units_around(c) + buildings for c in where(Parcel.CITY_HALL)),
        "church": units * n(Parcel.CHURCH),
        "blacksmith": n(Parcel.BLACKSMITH) * (n(Parcel.MINE) + n(Parcel.RANCH)),
        "hotel": 3 * n(Parcel.HOTEL),
        "outlaws": 0 if harmless else -6 * n(Parcel.OUTLAWS),
    }
    catalog = load_catalog()
    owned = [catalog.personality(p) for p in personalities]
    area = 72 if "captain" in personalities else 64
    settled = {x for c in where(Parcel.RANCH) for x in around(c) if is_empty(x)}
    personal = {
        "banker": 4 * n(Parcel.BANK), "captain": 6, "singer": max(saloons, default=0),
        "settler": len(settled), "auctioneer": 7 * sold, "cowboy": 3 * n(Parcel.RANCH),
        "grocer": 4 * n(Parcel.DRUGSTORE), "undertaker": 2 * len(owned), "doctor": 5,
        "editor": sum(c.scores for c in owned) + 4 * sum(c.has_ability for c in owned),
        "heroes": 6, "paperboy": 3, "sheriff": 3 * n(Parcel.PRISON),
        "teacher": n(Parcel.HOUSE) + 2 * (n(Parcel.TOWNHOUSE) + n(Parcel.HOTEL)),
        "indian": math.ceil(max(0, area - len(cells)) / 2),
        "prospector": n(Parcel.MOUNTAIN) + n(Parcel.MINE),
    }  # fmt: skip
    for personality in personalities:
        score[personality] = personal.get(personality, 0)
    return {category: points for category, points in score.items() if points}
