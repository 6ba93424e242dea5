"""Scoring (CG-7 for a city, CG-8.1 for a virtual seat), with a breakdown per category.

Every adjacency rule is a bitboard count (:func:`carson.games.card.board.adjacency_count`): the
whole city is scored with a few dozen shifts and popcounts, because AI search scores often.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from carson.games.card import board
from carson.games.card.board import adjacency_count
from carson.games.card.catalog import PERSONALITY_IDS, Catalog, load_catalog
from carson.games.card.city import City
from carson.games.card.parcels import CITY_HALL_BUILDINGS, Parcel

P = Parcel
#: Categories in score-pad order: buildings, outlaws, then personalities (CG-7).
BUILDING_CATEGORIES = (
    "ranch", "mine", "drugstore", "bank", "saloon", "general_store", "city_hall", "church",
    "blacksmith", "hotel",
)  # fmt: skip
CATEGORIES = (*BUILDING_CATEGORIES, "outlaws", *PERSONALITY_IDS)
MAX_SALES = 3
POINTS_PER_SALE = 7
CITY_AREA = 64
CAPTAIN_CITY_AREA = 72


@dataclass(frozen=True, slots=True)
class ScoreLine:
    category: str
    points: int
    explanation: str


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    total: int
    breakdown: Mapping[str, int]  # categories with non-zero points, in CATEGORIES order
    lines: tuple[ScoreLine, ...]  # the same, with how each was reached

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "breakdown": dict(self.breakdown)}


def score_city(city: City, personalities: Collection[str], sold: int = 0) -> ScoreSheet:
    """CG-7: the score of a player's (or AI's) city with its personalities and sales.

    The Captain and the Sheriff are read from ``personalities``, which is authoritative.
    """
    owned = set(personalities)
    mask = city.mask
    count = {parcel: mask(parcel).bit_count() for parcel in Parcel}
    houses, doubles = mask(P.HOUSE), mask(P.TOWNHOUSE) | mask(P.HOTEL)
    house_units = count[P.HOUSE] + 2 * (count[P.TOWNHOUSE] + count[P.HOTEL])
    # CG-7: outlaws are empty land (and cost nothing) with the Sheriff or a visible prison.
    outlaws_harmless = "sheriff" in owned or count[P.PRISON] > 0
    empty = mask(P.EMPTY) | (mask(P.OUTLAWS) if outlaws_harmless else 0)

    def adjacent_units(centres: int) -> int:
        return adjacency_count(centres, houses) + 2 * adjacency_count(centres, doubles)

    lines: list[ScoreLine] = []

    def add(category: str, points: int, explanation: str) -> None:
        if points:
            lines.append(ScoreLine(category, points, explanation))

    ranches, mines = count[P.RANCH], count[P.MINE]
    add("ranch", adjacency_count(mask(P.RANCH), empty),
        f"{ranches} ranch(es): 1 per adjacent empty parcel (CG-7.1)")  # fmt: skip
    add("mine", 2 * adjacency_count(mask(P.MINE), mask(P.MOUNTAIN)),
        f"{mines} mine(s): 2 per adjacent mountain (CG-7.2)")  # fmt: skip
    drugstores = count[P.DRUGSTORE]
    add("drugstore", adjacent_units(mask(P.DRUGSTORE)) + drugstores * ranches,
        f"{drugstores} drugstore(s): adjacent house units + "
        f"{drugstores} × {ranches} ranches (CG-7.3)")  # fmt: skip
    banks = count[P.BANK]
    add("bank", adjacent_units(mask(P.BANK)) + banks * mines,
        f"{banks} bank(s): adjacent house units + {banks} × {mines} mines (CG-7.4)")  # fmt: skip
    saloon_scores = [2 * adjacent_units(cell) for cell in _single_cells(mask(P.SALOON))]
    add("saloon", sum(saloon_scores),
        f"{len(saloon_scores)} saloon(s): 2 per adjacent house unit (CG-7.5)")  # fmt: skip
    stores = count[P.GENERAL_STORE]
    add("general_store", adjacent_units(mask(P.GENERAL_STORE)) + stores * house_units,
        f"{stores} general store(s): adjacent house units + "
        f"{stores} × {house_units} house units (CG-7.6)")  # fmt: skip
    halls = count[P.CITY_HALL]
    buildings = sum(count[parcel] for parcel in CITY_HALL_BUILDINGS)
    add("city_hall", adjacent_units(mask(P.CITY_HALL)) + halls * buildings,
        f"{halls} city hall(s): adjacent house units + "
        f"{halls} × {buildings} buildings (CG-7.7)")  # fmt: skip
    churches = count[P.CHURCH]
    add("church", churches * house_units,
        f"{churches} church(es) × {house_units} house units (CG-7.8)")  # fmt: skip
    smiths = count[P.BLACKSMITH]
    add("blacksmith", smiths * (mines + ranches),
        f"{smiths} blacksmith(s) × {mines + ranches} mines and ranches (CG-7.9)")  # fmt: skip
    add("hotel", 3 * count[P.HOTEL], f"{count[P.HOTEL]} hotel(s) × 3 (CG-7.10)")
    if not outlaws_harmless:
        add("outlaws", -6 * count[P.OUTLAWS], f"{count[P.OUTLAWS]} outlaw parcel(s) × −6 (CG-7.11)")

    catalog = load_catalog()
    uncovered = max(
        0, (CAPTAIN_CITY_AREA if "captain" in owned else CITY_AREA) - city.covered_mask.bit_count()
    )
    personal = {
        "banker": (4 * banks, f"4 × {banks} banks"),
        "captain": (6, "6"),
        "singer": (max(saloon_scores, default=0), "the best saloon"),
        "settler": (
            (board.neighbours8(mask(P.RANCH)) & empty).bit_count(),
            "1 per empty parcel next to a ranch",
        ),
        "auctioneer": (POINTS_PER_SALE * min(sold, MAX_SALES), f"7 × {sold} cards sold"),
        "cowboy": (3 * ranches, f"3 × {ranches} ranches"),
        "grocer": (4 * drugstores, f"4 × {drugstores} drugstores"),
        "undertaker": (2 * len(owned), f"2 × {len(owned)} personalities"),
        "doctor": (5, "5"),
        "editor": _editor(owned, catalog),
        "heroes": (6, "6"),
        "teacher": (
            count[P.HOUSE] + 2 * (count[P.TOWNHOUSE] + count[P.HOTEL]),
            "1 per house, 2 per townhouse and hotel",
        ),
        "indian": (-(-uncovered // 2), f"½ × {uncovered} uncovered parcels, rounded up"),
        "paperboy": (3, "3"),
        "prospector": (count[P.MOUNTAIN] + mines, "1 per mountain and mine"),
        "sheriff": (3 * count[P.PRISON], f"3 × {count[P.PRISON]} prisons"),
    }
    for personality in PERSONALITY_IDS:
        if personality in owned and personality in personal:
            points, explanation = personal[personality]
            add(personality, points, f"{explanation} (CG-7.12)")
    breakdown = {line.category: line.points for line in lines}
    return ScoreSheet(sum(breakdown.values()), MappingProxyType(breakdown), tuple(lines))


def _editor(owned: set[str], catalog: Catalog) -> tuple[int, str]:
    """CG-7.12: 1 per owned `$` card + 4 per owned `↻` card (both count, DECISION)."""
    cards = [catalog.personality(pid) for pid in owned]
    dollars = sum(card.scores for card in cards)
    abilities = sum(card.has_ability for card in cards)
    return dollars + 4 * abilities, f"{dollars} × $ + 4 × {abilities} × ↻"


def _single_cells(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def score_virtual(
    terrain_desirabilities: Iterable[int], personality_desirabilities: Iterable[int]
) -> int:
    """CG-8.1: a virtual seat scores the desirability of every card it collected."""
    return sum(terrain_desirabilities) + sum(personality_desirabilities)


def city_points(city: City, personalities: Collection[str], sold: int = 0) -> int:
    """``score_city(...).total`` without the sheet: the same rules, for the search's inner loop.

    A search scores thousands of candidate cities per decision; this skips the explanations
    and shifts the house masks once for every building that counts adjacent house units.
    ``tests/cardgame/test_scoring_properties.py`` checks it against the reference everywhere.
    """
    return board_points(city.boards, city.covered_mask, personalities, sold)


def board_points(
    boards: Sequence[int], covered: int, personalities: Collection[str], sold: int = 0
) -> int:
    """:func:`city_points` of a city given as its parcel boards and covered cells."""
    owned = personalities if isinstance(personalities, (set, frozenset)) else set(personalities)
    outlaws_harmless = "sheriff" in owned or boards[_PRISON] != 0
    empty = boards[_EMPTY] | (boards[_OUTLAWS] if outlaws_harmless else 0)
    houses, doubles = boards[_HOUSE], boards[_TOWNHOUSE] | boards[_HOTEL]
    house_units = houses.bit_count() + 2 * doubles.bit_count()
    ranch_mask, mine_mask, saloon_mask = boards[_RANCH], boards[_MINE], boards[_SALOON]
    drugstore_mask, bank_mask, hall_mask = boards[_DRUGSTORE], boards[_BANK], boards[_CITY_HALL]
    store_mask = boards[_GENERAL_STORE]
    # Shift the house masks only when some building counts its neighbouring house units.
    counting = drugstore_mask | bank_mask | saloon_mask | store_mask | hall_mask
    house_shifts = _shifted8(houses) if houses and counting else ()
    double_shifts = _shifted8(doubles) if doubles and counting else ()

    def units_next_to(centres: int) -> int:
        if not centres:
            return 0
        total = 0
        for moved in house_shifts:
            total += (moved & centres).bit_count()
        for moved in double_shifts:
            total += 2 * (moved & centres).bit_count()
        return total

    ranches, mines = ranch_mask.bit_count(), mine_mask.bit_count()
    drugstores, banks = drugstore_mask.bit_count(), bank_mask.bit_count()
    halls, prisons = hall_mask.bit_count(), boards[_PRISON].bit_count()
    points = (
        adjacency_count(ranch_mask, empty)
        + 2 * adjacency_count(mine_mask, boards[_MOUNTAIN])
        + drugstores * ranches + banks * mines
        + store_mask.bit_count() * house_units
        + boards[_CHURCH].bit_count() * house_units
        + boards[_BLACKSMITH].bit_count() * (mines + ranches)
        + 3 * boards[_HOTEL].bit_count()
    )  # fmt: skip
    if house_shifts or double_shifts:
        points += (
            units_next_to(drugstore_mask) + units_next_to(bank_mask)
            + 2 * units_next_to(saloon_mask) + units_next_to(store_mask)
            + units_next_to(hall_mask)
        )  # fmt: skip
    if halls:
        points += halls * sum(boards[parcel].bit_count() for parcel in CITY_HALL_BUILDINGS)
    if not outlaws_harmless:
        points -= 6 * boards[_OUTLAWS].bit_count()
    if not owned:
        return points
    for personality in owned:
        if personality in _FIXED_POINTS:
            points += _FIXED_POINTS[personality]
    if "banker" in owned:
        points += 4 * banks
    if "singer" in owned:
        points += max((2 * units_next_to(cell) for cell in _single_cells(saloon_mask)), default=0)
    if "settler" in owned:
        points += (board.neighbours8(ranch_mask) & empty).bit_count()
    if "auctioneer" in owned:
        points += POINTS_PER_SALE * min(sold, MAX_SALES)
    if "cowboy" in owned:
        points += 3 * ranches
    if "grocer" in owned:
        points += 4 * drugstores
    if "undertaker" in owned:
        points += 2 * len(owned)
    if "editor" in owned:
        points += _editor(set(owned), load_catalog())[0]
    if "teacher" in owned:
        points += house_units
    if "indian" in owned:
        area = CAPTAIN_CITY_AREA if "captain" in owned else CITY_AREA
        points += -(-max(0, area - covered.bit_count()) // 2)
    if "prospector" in owned:
        points += boards[_MOUNTAIN].bit_count() + mines
    if "sheriff" in owned:
        points += 3 * prisons
    return points


_EMPTY, _HOUSE, _TOWNHOUSE, _HOTEL = int(P.EMPTY), int(P.HOUSE), int(P.TOWNHOUSE), int(P.HOTEL)
_MOUNTAIN, _MINE, _RANCH = int(P.MOUNTAIN), int(P.MINE), int(P.RANCH)
_BLACKSMITH, _DRUGSTORE, _BANK = int(P.BLACKSMITH), int(P.DRUGSTORE), int(P.BANK)
_SALOON, _GENERAL_STORE, _CHURCH = int(P.SALOON), int(P.GENERAL_STORE), int(P.CHURCH)
_PRISON, _CITY_HALL, _OUTLAWS = int(P.PRISON), int(P.CITY_HALL), int(P.OUTLAWS)
#: Personalities worth a fixed number of points (CG-7.12).
_FIXED_POINTS = {"captain": 6, "doctor": 5, "heroes": 6, "paperboy": 3}


def _shifted8(mask: int) -> tuple[int, ...]:
    """``mask`` moved one cell in each of the 8 directions."""
    e, w = board.east(mask), board.west(mask)
    return (e, w, board.south(mask), board.north(mask), board.south(e), board.south(w),
            board.north(e), board.north(w))  # fmt: skip
