"""The board game's components and tables, read from ``data/boardgame.toml`` and checked.

Buildings (BG-1.6, BG-6.4), personalities with numbers and cash limits (BG-7.1), the action
track in resolution order (BG-2.3), the start (BG-3.1) and the two placeholders the spec asks
to keep replaceable: the river layout (BG-10.3) and the "Ein neuer Anfang" prices (BG-10.4).
A file edited wrongly fails to load with a message naming the entry and field.

Names are English in the data file; their translations are gettext messages of the game's
``data`` catalogs (``locale/<lang>/LC_MESSAGES/data.po``), the English name as msgid and the
kind of thing named as msgctxt. A name without a translation in every language fails too.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from carson.core import i18n

LANGUAGES: tuple[str, ...] = i18n.LANGUAGES
#: Where the names' translations are: the ``data`` gettext domain of this package.
NAMES_CATALOG = ("carson.games.board", "data")
BUILDING_IDS: tuple[str, ...] = (
    "ranch", "mine", "drugstore", "bank", "saloon", "hotel", "church", "prison",
)  # fmt: skip
PERSONALITY_IDS: tuple[str, ...] = (
    "sheriff", "banker", "grocer", "worker", "settler", "captain", "gunslinger",
)  # fmt: skip
#: BG-2.3, resolution order; the engine refers to spaces by these ids.
SPACE_IDS: tuple[str, ...] = (
    "wages", "ammunition", "roads_3", "road_1", "parcel_purchase",
    "build_12", "build_10", "build_8", "build_6", "build_5", "build_4", "build_3",
    "income_parcels", "income_strength", "income_dice", "income_buildings",
    "vp_parcels", "vp_strength", "vp_buildings",
    "buy_vp_5", "buy_vp_4", "buy_vp_3", "buy_vp_2",
)  # fmt: skip
NEW_BEGINNING_ITEMS: tuple[str, ...] = (
    "cowboy", "revolver", "road", "marker", "vp", "sharpshooter",
)  # fmt: skip
NEW_BEGINNING_SALES: tuple[str, ...] = ("sell_5_vp", "sell_10_vp")


class CatalogError(ValueError):
    """The data file breaks an invariant of the spec; the message says where."""


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    count: int
    revolvers: int
    needs_road: bool
    names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Personality:
    id: str
    number: int
    cash_limit: Mapping[str, int]  # "yellow" / "red"
    names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    duel: bool
    takes_cowboys: bool
    price: int | None
    names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class BoardCatalog:
    buildings: Mapping[str, Building]
    personalities: Mapping[str, Personality]
    spaces: tuple[Space, ...]
    start: Mapping[str, int]
    limits: Mapping[str, int]
    new_cowboys: tuple[int, ...]
    rounds: int
    setup_buildings: Mapping[int, str]
    river: tuple[tuple[int, int], ...]
    new_beginning: Mapping[str, int]
    new_beginning_prices: Mapping[str, int]
    new_beginning_sales: Mapping[str, int]

    def space(self, space_id: str) -> Space:
        return self.spaces[SPACE_IDS.index(space_id)]


def load_board_catalog(path: Path | None = None) -> BoardCatalog:
    """Read and check the data file (the packaged one unless ``path`` is given)."""
    if path is None:
        return _packaged()
    try:  # a file that cannot be read or is not TOML is a CatalogError too (module docstring)
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CatalogError(f"cannot read {path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{path}: not valid TOML: {error}") from None
    return _parse(data, str(path))


@lru_cache(maxsize=1)
def _packaged() -> BoardCatalog:
    text = resources.files("carson.games.board").joinpath("data/boardgame.toml").read_text("utf-8")
    return _parse(tomllib.loads(text), "boardgame.toml")


def _names(entry: Mapping[str, Any], context: str) -> Mapping[str, str]:
    """The entry's English ``name`` and its translation into every other language."""
    where, english = f"{context} {entry['id']}", entry.get("name")
    if not isinstance(english, str) or not english:
        raise CatalogError(f"{where}: name must be a non-empty string (the English name)")
    try:
        return i18n.in_every_language(*NAMES_CATALOG, context, english)
    except i18n.MissingTranslation as error:
        raise CatalogError(f"{where}: {error}") from None


def _ids(entries: list[Mapping[str, Any]], expected: tuple[str, ...], what: str) -> None:
    found = tuple(str(entry.get("id")) for entry in entries)
    if found != expected:
        raise CatalogError(
            f"{what}: expected ids {list(expected)} in this order, found {list(found)}"
        )


def _parse(data: Mapping[str, Any], source: str) -> BoardCatalog:
    try:
        return _checked(data)
    except (AttributeError, KeyError, TypeError, ValueError) as error:  # a value of a wrong type
        if isinstance(error, CatalogError):
            raise CatalogError(f"{source}: {error}") from None
        raise CatalogError(f"{source}: malformed entry ({error!r})") from None


def _checked(data: Mapping[str, Any]) -> BoardCatalog:
    buildings = _buildings(data["buildings"])
    personalities = _personalities(data["personalities"])
    spaces = _spaces(data["spaces"])
    setup = {int(price): str(kind) for price, kind in data["setup_buildings"].items()}
    for price, kind in setup.items():
        if kind not in buildings or f"build_{price}" not in SPACE_IDS:
            raise CatalogError(f"setup_buildings: {price} = {kind!r} is not a space and building")
    river = tuple((int(x), int(y)) for x, y in data["river"]["parcels"])
    _check_river(river)
    new_beginning = data["new_beginning"]
    prices = {item: int(new_beginning["prices"][item]) for item in NEW_BEGINNING_ITEMS}
    sales = {item: int(new_beginning["sales"][item]) for item in NEW_BEGINNING_SALES}
    if min(prices.values()) <= 0 or min(sales.values()) <= 0:
        raise CatalogError("new_beginning: prices and sales must be positive")
    return BoardCatalog(
        buildings=MappingProxyType(buildings),
        personalities=MappingProxyType(personalities),
        spaces=spaces,
        start=MappingProxyType({key: int(value) for key, value in data["start"].items()}),
        limits=MappingProxyType({key: int(value) for key, value in data["limits"].items()}),
        new_cowboys=tuple(int(count) for count in data["new_cowboys"]),
        rounds=int(data["rounds"]),
        setup_buildings=MappingProxyType(setup),
        river=river,
        new_beginning=MappingProxyType(
            {key: int(new_beginning[key]) for key in ("money", "cowboys")}
        ),
        new_beginning_prices=MappingProxyType(prices),
        new_beginning_sales=MappingProxyType(sales),
    )


def _buildings(entries: list[Mapping[str, Any]]) -> dict[str, Building]:
    _ids(entries, BUILDING_IDS, "buildings")
    buildings = {
        entry["id"]: Building(
            id=entry["id"],
            count=int(entry["count"]),
            revolvers=int(entry["revolvers"]),
            needs_road=bool(entry["road"]),
            names=_names(entry, "building"),
        )
        for entry in entries
    }
    for building in buildings.values():  # BG-1.6: no negative count inside the total of 30
        if building.count < 0:
            raise CatalogError(f"building {building.id}: count {building.count} is negative")
    if sum(building.count for building in buildings.values()) != 30:  # BG-1.6
        raise CatalogError("buildings: the counts must add up to 30 (BG-1.6)")
    return buildings


def _personalities(entries: list[Mapping[str, Any]]) -> dict[str, Personality]:
    _ids(entries, PERSONALITY_IDS, "personalities")
    personalities = {
        entry["id"]: Personality(
            id=entry["id"],
            number=int(entry["number"]),
            cash_limit=MappingProxyType(
                {side: int(entry["cash_limit"][side]) for side in ("yellow", "red")}
            ),
            names=_names(entry, "personality"),
        )
        for entry in entries
    }
    if sorted(p.number for p in personalities.values()) != list(range(1, 8)):
        raise CatalogError("personalities: numbers must be 1..7, each once (BG-7.1)")
    return personalities


def _spaces(entries: list[Mapping[str, Any]]) -> tuple[Space, ...]:
    _ids(entries, SPACE_IDS, "spaces")
    spaces = tuple(
        Space(
            id=entry["id"],
            duel=bool(entry["duel"]),
            takes_cowboys=bool(entry.get("cowboys", True)),
            price=int(entry["price"]) if "price" in entry else None,
            names=_names(entry, "space"),
        )
        for entry in entries
    )
    for space in spaces:
        priced = space.id.startswith(("build_", "buy_vp_"))
        if priced != (space.price is not None):
            raise CatalogError(f"space {space.id}: a price belongs to BUILD_* and BUY_VP_* only")
        expected = space.id.rpartition("_")[2]  # BG-2.3: the price is the one in the id
        if priced and str(space.price) != expected:
            raise CatalogError(f"space {space.id}: price {space.price}, not {expected} (BG-2.3)")
    return spaces


def _check_river(river: tuple[tuple[int, int], ...]) -> None:
    """BG-10.3: a river runs from edge to edge, one parcel after another, never doubling back."""
    if len(set(river)) != len(river) or len(river) < 2:
        raise CatalogError("river: at least 2 parcels, each once")
    for x, y in river:
        if not (0 <= x < 8 and 0 <= y < 8):
            raise CatalogError(f"river: ({x}, {y}) is off the 8×8 town")
    for (x1, y1), (x2, y2) in itertools.pairwise(river):
        if abs(x1 - x2) + abs(y1 - y2) != 1:
            raise CatalogError(f"river: ({x1}, {y1}) and ({x2}, {y2}) do not share a side")
    for (i, (x1, y1)), (j, (x2, y2)) in itertools.combinations(enumerate(river), 2):
        if j > i + 1 and abs(x1 - x2) + abs(y1 - y2) == 1:  # BG-10.3: one parcel wide
            raise CatalogError(f"river: ({x1}, {y1}) and ({x2}, {y2}) lie side by side")
    ends = (river[0], river[-1])
    if not all(x in (0, 7) or y in (0, 7) for x, y in ends):
        raise CatalogError("river: it must start and end on the town's edge")
