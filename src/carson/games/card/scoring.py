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
#: A mask moved one cell in each of the 8 directions (see :func:`_shifted8`).
Shifts = tuple[int, ...]


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
    facts = _CityFacts.of(city, owned)
    found = (*_building_lines(facts), *_personality_lines(facts, owned, sold))
    lines = tuple(line for line in found if line.points)
    breakdown = {line.category: line.points for line in lines}
    return ScoreSheet(sum(breakdown.values()), MappingProxyType(breakdown), lines)


@dataclass(frozen=True, slots=True)
class _CityFacts:
    """What the score sheet's rules read from a city: its masks, counts and derived sets."""

    masks: Mapping[Parcel, int]
    count: Mapping[Parcel, int]
    #: Empty parcels, outlaws included when they are harmless (CG-7).
    empty: int
    outlaws_harmless: bool
    houses: int
    doubles: int  # townhouses and hotels: 2 house units each
    house_units: int
    #: Each saloon's points, one entry per saloon (CG-7.5; the Singer picks the best).
    saloon_scores: tuple[int, ...]
    uncovered: int

    @classmethod
    def of(cls, city: City, owned: Collection[str]) -> _CityFacts:
        masks = {parcel: city.mask(parcel) for parcel in Parcel}
        count = {parcel: mask.bit_count() for parcel, mask in masks.items()}
        houses, doubles = masks[P.HOUSE], masks[P.TOWNHOUSE] | masks[P.HOTEL]
        # CG-7: outlaws are empty land (and cost nothing) with the Sheriff or a visible prison.
        harmless = "sheriff" in owned or count[P.PRISON] > 0
        area = CAPTAIN_CITY_AREA if "captain" in owned else CITY_AREA
        saloons = _single_cells(masks[P.SALOON])
        return cls(
            masks, count,
            empty=masks[P.EMPTY] | (masks[P.OUTLAWS] if harmless else 0),
            outlaws_harmless=harmless, houses=houses, doubles=doubles,
            house_units=count[P.HOUSE] + 2 * (count[P.TOWNHOUSE] + count[P.HOTEL]),
            saloon_scores=tuple(2 * _adjacent_units(cell, houses, doubles) for cell in saloons),
            uncovered=max(0, area - city.covered_mask.bit_count()),
        )  # fmt: skip

    def adjacent_units(self, centres: int) -> int:
        return _adjacent_units(centres, self.houses, self.doubles)


def _adjacent_units(centres: int, houses: int, doubles: int) -> int:
    """House units next to ``centres``, counted once per centre (CG-7.3–7.7)."""
    return adjacency_count(centres, houses) + 2 * adjacency_count(centres, doubles)


def _building_lines(facts: _CityFacts) -> list[ScoreLine]:
    """CG-7.1–7.11: one line per building category, then the outlaws."""
    mask, count, units = facts.masks, facts.count, facts.adjacent_units
    ranches, mines, house_units = count[P.RANCH], count[P.MINE], facts.house_units
    drugstores, banks, stores = count[P.DRUGSTORE], count[P.BANK], count[P.GENERAL_STORE]
    halls, churches, smiths = count[P.CITY_HALL], count[P.CHURCH], count[P.BLACKSMITH]
    buildings = sum(count[parcel] for parcel in CITY_HALL_BUILDINGS)
    lines = [
        ScoreLine("ranch", adjacency_count(mask[P.RANCH], facts.empty),
                  f"{ranches} ranch(es): 1 per adjacent empty parcel (CG-7.1)"),
        ScoreLine("mine", 2 * adjacency_count(mask[P.MINE], mask[P.MOUNTAIN]),
                  f"{mines} mine(s): 2 per adjacent mountain (CG-7.2)"),
        ScoreLine("drugstore", units(mask[P.DRUGSTORE]) + drugstores * ranches,
                  f"{drugstores} drugstore(s): adjacent house units + "
                  f"{drugstores} × {ranches} ranches (CG-7.3)"),
        ScoreLine("bank", units(mask[P.BANK]) + banks * mines,
                  f"{banks} bank(s): adjacent house units + {banks} × {mines} mines (CG-7.4)"),
        ScoreLine("saloon", sum(facts.saloon_scores),
                  f"{len(facts.saloon_scores)} saloon(s): 2 per adjacent house unit (CG-7.5)"),
        ScoreLine("general_store", units(mask[P.GENERAL_STORE]) + stores * house_units,
                  f"{stores} general store(s): adjacent house units + "
                  f"{stores} × {house_units} house units (CG-7.6)"),
        ScoreLine("city_hall", units(mask[P.CITY_HALL]) + halls * buildings,
                  f"{halls} city hall(s): adjacent house units + "
                  f"{halls} × {buildings} buildings (CG-7.7)"),
        ScoreLine("church", churches * house_units,
                  f"{churches} church(es) × {house_units} house units (CG-7.8)"),
        ScoreLine("blacksmith", smiths * (mines + ranches),
                  f"{smiths} blacksmith(s) × {mines + ranches} mines and ranches (CG-7.9)"),
        ScoreLine("hotel", 3 * count[P.HOTEL], f"{count[P.HOTEL]} hotel(s) × 3 (CG-7.10)"),
    ]  # fmt: skip
    if not facts.outlaws_harmless:
        outlaws = count[P.OUTLAWS]
        lines.append(
            ScoreLine("outlaws", -6 * outlaws, f"{outlaws} outlaw parcel(s) × −6 (CG-7.11)")
        )
    return lines


def _personality_lines(facts: _CityFacts, owned: set[str], sold: int) -> list[ScoreLine]:
    """CG-7.12: one line per owned personality that scores, in score-pad order."""
    count, banks, ranches = facts.count, facts.count[P.BANK], facts.count[P.RANCH]
    drugstores, mines, uncovered = count[P.DRUGSTORE], count[P.MINE], facts.uncovered
    personal = {
        "banker": (4 * banks, f"4 × {banks} banks"),
        "captain": (6, "6"),
        "singer": (max(facts.saloon_scores, default=0), "the best saloon"),
        "settler": (
            (board.neighbours8(facts.masks[P.RANCH]) & facts.empty).bit_count(),
            "1 per empty parcel next to a ranch",
        ),
        "auctioneer": (POINTS_PER_SALE * min(sold, MAX_SALES), f"7 × {sold} cards sold"),
        "cowboy": (3 * ranches, f"3 × {ranches} ranches"),
        "grocer": (4 * drugstores, f"4 × {drugstores} drugstores"),
        "undertaker": (2 * len(owned), f"2 × {len(owned)} personalities"),
        "doctor": (5, "5"),
        "editor": _editor(owned, load_catalog()),
        "heroes": (6, "6"),
        "teacher": (facts.house_units, "1 per house, 2 per townhouse and hotel"),
        "indian": (-(-uncovered // 2), f"½ × {uncovered} uncovered parcels, rounded up"),
        "paperboy": (3, "3"),
        "prospector": (count[P.MOUNTAIN] + mines, "1 per mountain and mine"),
        "sheriff": (3 * count[P.PRISON], f"3 × {count[P.PRISON]} prisons"),
    }
    lines = []
    for personality in PERSONALITY_IDS:
        if personality in owned and personality in personal:
            points, explanation = personal[personality]
            lines.append(ScoreLine(personality, points, f"{explanation} (CG-7.12)"))
    return lines


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
    # Shift the house masks only when some building counts its neighbouring house units.
    counting = (
        boards[_DRUGSTORE] | boards[_BANK] | boards[_SALOON] | boards[_GENERAL_STORE]
        | boards[_CITY_HALL]
    )  # fmt: skip
    house_shifts = _shifted8(houses) if houses and counting else ()
    double_shifts = _shifted8(doubles) if doubles and counting else ()
    points = _building_points(boards, empty, house_shifts, double_shifts)
    if not outlaws_harmless:
        points -= 6 * boards[_OUTLAWS].bit_count()
    if owned:
        points += _personality_points(
            boards, covered, owned, sold, empty, house_shifts, double_shifts
        )
    return points


def _building_points(
    boards: Sequence[int], empty: int, house_shifts: Shifts, double_shifts: Shifts
) -> int:
    """CG-7.1–7.10: the points of every building category (the outlaws' are not included)."""
    ranches, mines = boards[_RANCH].bit_count(), boards[_MINE].bit_count()
    house_units = boards[_HOUSE].bit_count() + 2 * (
        boards[_TOWNHOUSE].bit_count() + boards[_HOTEL].bit_count()
    )
    points = (
        adjacency_count(boards[_RANCH], empty)
        + 2 * adjacency_count(boards[_MINE], boards[_MOUNTAIN])
        + boards[_DRUGSTORE].bit_count() * ranches + boards[_BANK].bit_count() * mines
        + boards[_GENERAL_STORE].bit_count() * house_units
        + boards[_CHURCH].bit_count() * house_units
        + boards[_BLACKSMITH].bit_count() * (mines + ranches)
        + 3 * boards[_HOTEL].bit_count()
    )  # fmt: skip
    if house_shifts or double_shifts:
        # Parcel boards never share a cell, so the buildings that count adjacent house units
        # once each are counted together: a count over their union is the sum of theirs.
        once = boards[_DRUGSTORE] | boards[_BANK] | boards[_GENERAL_STORE] | boards[_CITY_HALL]
        points += _units_next_to(once, house_shifts, double_shifts) + 2 * _units_next_to(
            boards[_SALOON], house_shifts, double_shifts
        )
    halls = boards[_CITY_HALL]
    if halls:
        points += halls.bit_count() * sum(boards[p].bit_count() for p in CITY_HALL_BUILDINGS)
    return points


def _personality_points(
    boards: Sequence[int], covered: int, owned: Collection[str], sold: int, empty: int,
    house_shifts: Shifts, double_shifts: Shifts,
) -> int:  # fmt: skip
    """CG-7.12: the points of the owned personalities."""
    points = 0
    for personality in owned:
        if personality in _LINEAR_POINTS:
            constant, weights = _LINEAR_POINTS[personality]
            points += constant
            for parcel, weight in weights:
                points += weight * boards[parcel].bit_count()
    if "singer" in owned:
        saloons = _single_cells(boards[_SALOON])
        points += max(
            (2 * _units_next_to(cell, house_shifts, double_shifts) for cell in saloons), default=0
        )
    if "settler" in owned:
        points += (board.neighbours8(boards[_RANCH]) & empty).bit_count()
    if "auctioneer" in owned:
        points += POINTS_PER_SALE * min(sold, MAX_SALES)
    if "undertaker" in owned:
        points += 2 * len(owned)
    if "editor" in owned:
        points += _editor(set(owned), load_catalog())[0]
    if "indian" in owned:
        area = CAPTAIN_CITY_AREA if "captain" in owned else CITY_AREA
        points += -(-max(0, area - covered.bit_count()) // 2)
    return points


def _units_next_to(centres: int, house_shifts: Shifts, double_shifts: Shifts) -> int:
    """House units next to ``centres`` (each counted once per centre), from the house and
    double (townhouse, hotel) masks shifted in the 8 directions."""
    if not centres:
        return 0
    total = 0
    for moved in house_shifts:
        total += (moved & centres).bit_count()
    for moved in double_shifts:
        total += 2 * (moved & centres).bit_count()
    return total


_EMPTY, _HOUSE, _TOWNHOUSE, _HOTEL = int(P.EMPTY), int(P.HOUSE), int(P.TOWNHOUSE), int(P.HOTEL)
_MOUNTAIN, _MINE, _RANCH = int(P.MOUNTAIN), int(P.MINE), int(P.RANCH)
_BLACKSMITH, _DRUGSTORE, _BANK = int(P.BLACKSMITH), int(P.DRUGSTORE), int(P.BANK)
_SALOON, _GENERAL_STORE, _CHURCH = int(P.SALOON), int(P.GENERAL_STORE), int(P.CHURCH)
_PRISON, _CITY_HALL, _OUTLAWS = int(P.PRISON), int(P.CITY_HALL), int(P.OUTLAWS)
#: Personalities whose points are a constant plus weighted parcel counts (CG-7.12).
_LINEAR_POINTS: dict[str, tuple[int, tuple[tuple[int, int], ...]]] = {
    "captain": (6, ()),
    "doctor": (5, ()),
    "heroes": (6, ()),
    "paperboy": (3, ()),
    "banker": (0, ((_BANK, 4),)),
    "cowboy": (0, ((_RANCH, 3),)),
    "grocer": (0, ((_DRUGSTORE, 4),)),
    "teacher": (0, ((_HOUSE, 1), (_TOWNHOUSE, 2), (_HOTEL, 2))),
    "prospector": (0, ((_MOUNTAIN, 1), (_MINE, 1))),
    "sheriff": (0, ((_PRISON, 3),)),
}


def _shifted8(mask: int) -> tuple[int, ...]:
    """``mask`` moved one cell in each of the 8 directions."""
    full, stride = board.FULL, board.STRIDE  # board's shifts, written out (a hot path)
    e, w = (mask << 1) & full, (mask >> 1) & full
    return (e, w, (mask << stride) & full, mask >> stride,
            (e << stride) & full, (w << stride) & full, e >> stride, w >> stride)  # fmt: skip
