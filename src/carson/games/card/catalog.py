"""The card catalog (CG-1): every card, read from ``data/cards.toml`` and checked.

The data file is the only place cards are defined (CG-1.6). The loader refuses a file that
breaks the rules' invariants — card counts, the CG-1.5 element table, ids, names, backs —
with a message naming the card and field, so an edited deck fails loudly, never subtly.

Names are English in the data file; their translations are gettext messages of the game's
``data`` catalogs (``locale/<lang>/LC_MESSAGES/data.po``), the English name as msgid and the
kind of thing named as msgctxt. A name without a translation in every language fails too.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from carson.core import i18n
from carson.core.game import JSON
from carson.games.card.parcels import Parcel


class CatalogError(ValueError):
    """The data file breaks an invariant of CG-1; the message says where."""


class Suit(StrEnum):
    """The six suits (CG-1.1); definition order is the CG-4.6 DECISION fallback tie order."""

    HAT = "hat"
    STAR = "star"
    CACTUS = "cactus"
    BOOT = "boot"
    HORSESHOE = "horseshoe"
    CATTLE = "cattle"


LANGUAGES: tuple[str, ...] = i18n.LANGUAGES
#: Where the names' translations are: the ``data`` gettext domain of this package.
NAMES_CATALOG = ("carson.games.card", "data")
SYMBOLS = ("$", "↻")
TERRAIN_PER_ERA = 48
PERSONALITY_IDS: tuple[str, ...] = (
    "gunsmith", "lawyer", "banker", "captain", "singer", "settler", "auctioneer", "cowboy",
    "grocer", "undertaker", "doctor", "editor", "heroes", "governor", "teacher", "indian",
    "chinese_worker", "paperboy", "prospector", "sheriff", "mercenary",
)  # fmt: skip
#: CG-1.5: non-empty parcels per era; all other parcels are empty.
ELEMENT_COUNTS: dict[int, dict[Parcel, int]] = {
    1: {
        Parcel.HOUSE: 32, Parcel.MOUNTAIN: 18, Parcel.TOWNHOUSE: 2, Parcel.MINE: 10,
        Parcel.RANCH: 10, Parcel.BLACKSMITH: 2, Parcel.DRUGSTORE: 3, Parcel.BANK: 3,
        Parcel.SALOON: 1, Parcel.HOTEL: 1, Parcel.GENERAL_STORE: 1, Parcel.CHURCH: 1,
        Parcel.PRISON: 1, Parcel.CITY_HALL: 0, Parcel.OUTLAWS: 3,
    },
    2: {
        Parcel.HOUSE: 12, Parcel.MOUNTAIN: 18, Parcel.TOWNHOUSE: 10, Parcel.MINE: 4,
        Parcel.RANCH: 4, Parcel.BLACKSMITH: 1, Parcel.DRUGSTORE: 8, Parcel.BANK: 8,
        Parcel.SALOON: 5, Parcel.HOTEL: 4, Parcel.GENERAL_STORE: 1, Parcel.CHURCH: 2,
        Parcel.PRISON: 3, Parcel.CITY_HALL: 1, Parcel.OUTLAWS: 5,
    },
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class TerrainCard:
    id: int
    era: int
    parcels: tuple[Parcel, Parcel, Parcel, Parcel]
    desirability: int


@dataclass(frozen=True, slots=True)
class Personality:
    id: str
    names: Mapping[str, str]
    symbols: tuple[str, ...]
    desirability: int
    back: tuple[Suit, ...] | None  # None: a skull back (CG-1.8)

    @property
    def scores(self) -> bool:
        """Has the ``$`` symbol: scores at the game's end."""
        return "$" in self.symbols

    @property
    def has_ability(self) -> bool:
        """Has the ``↻`` symbol: a one-use ability."""
        return "↻" in self.symbols

    @property
    def skull(self) -> bool:
        return self.back is None

    def name(self, lang: str = "en") -> str:
        return self.names[lang]

    def __hash__(self) -> int:
        return hash(self.id)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its id in the shipped catalog (its names are a read-only mapping)."""
        if _default_catalog().personality(self.id) != self:
            raise TypeError("only personalities of the shipped catalog can be pickled")
        return _shipped_personality, (self.id,)


@dataclass(frozen=True, slots=True)
class Catalog:
    suits: tuple[Suit, ...]
    suit_names: Mapping[Suit, Mapping[str, str]]
    terrain: tuple[TerrainCard, ...]
    personalities: tuple[Personality, ...]
    virtual_levels: Mapping[str, tuple[int, ...]]
    human_hand: tuple[int, ...]
    #: Each era's terrain cards, listed once: every game deals both decks from them, and
    #: filtering the 96 cards again cost a twelfth of a simulated game (issue 21).
    _era_decks: tuple[tuple[TerrainCard, ...], ...] = field(init=False, repr=False, compare=False)
    #: Each card's desirability by its id, for the virtual seats' scores (CG-8.1): summed
    #: by ``map`` over these, a final score no longer costs a Python call per card (that was
    #: 5 % of a simulated game, issue 21).
    terrain_desirability: Mapping[int, int] = field(init=False, repr=False, compare=False)
    personality_desirability: Mapping[str, int] = field(init=False, repr=False, compare=False)
    #: The personalities' ids in catalog order: what every action read from JSON is parsed
    #: with (a move the server accepts or replays).
    personality_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A frozen dataclass's derived fields.
        decks = tuple(tuple(card for card in self.terrain if card.era == era) for era in (1, 2))
        object.__setattr__(self, "_era_decks", decks)
        terrain = MappingProxyType({card.id: card.desirability for card in self.terrain})
        object.__setattr__(self, "terrain_desirability", terrain)
        people = MappingProxyType({card.id: card.desirability for card in self.personalities})
        object.__setattr__(self, "personality_desirability", people)
        object.__setattr__(self, "personality_ids", tuple(p.id for p in self.personalities))

    def terrain_card(self, card_id: int) -> TerrainCard:
        card = self.terrain[card_id - 1] if 1 <= card_id <= len(self.terrain) else None
        if card is None or card.id != card_id:
            raise KeyError(f"no terrain card {card_id}")
        return card

    def personality(self, personality_id: str) -> Personality:
        for card in self.personalities:
            if card.id == personality_id:
                return card
        raise KeyError(f"no personality {personality_id!r}")

    def era_deck(self, era: int) -> tuple[TerrainCard, ...]:
        """The era's terrain cards (era 1 or 2), in catalog order."""
        if era not in (1, 2):
            raise ValueError(f"there is no era {era}")
        return self._era_decks[era - 1]

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickled as "the shipped catalog" (it holds read-only mappings)."""
        if self is not _default_catalog():
            raise TypeError("only the shipped catalog can be pickled")
        return _default_catalog, ()


@lru_cache(maxsize=1)
def _default_catalog() -> Catalog:
    text = resources.files("carson.games.card").joinpath("data/cards.toml").read_text("utf-8")
    return parse_catalog(text, "cards.toml")


def load_catalog(path: str | Path | None = None) -> Catalog:
    """The catalog of ``path``, or of the shipped data file (read once) when ``None``."""
    if path is None:
        return _default_catalog()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CatalogError(f"cannot read {path}: {error.strerror or error}") from None
    return parse_catalog(text, Path(path).name)


def parse_catalog(text: str, source: str = "cards.toml") -> Catalog:
    """Parse and validate a catalog's TOML text; ``source`` names it in error messages."""

    def fail(message: str) -> CatalogError:
        return CatalogError(f"{source}: {message}")

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise fail(f"not valid TOML: {error}") from None
    suits, suit_names = _suits(data, fail)
    personalities = _personalities(data, fail)
    terrain = _terrain(data, fail)
    hand = _values(data.get("human_hand"), "human_hand", fail)
    levels_data = data.get("virtual_levels")
    if not isinstance(levels_data, dict) or set(levels_data) != {"beginner", "advanced", "expert"}:
        raise fail("virtual_levels must define exactly beginner, advanced and expert")
    levels = {
        name: _values(values, f"virtual_levels.{name}", fail)
        for name, values in levels_data.items()
    }
    return Catalog(
        suits=suits,
        suit_names=MappingProxyType(suit_names),
        terrain=terrain,
        personalities=personalities,
        virtual_levels=MappingProxyType(levels),
        human_hand=hand,
    )


Fail = Any  # a callable turning a message into a CatalogError


def _names(english: Any, context: str, where: str, fail: Fail) -> Mapping[str, str]:
    """The entry's English ``name`` and its translation into every other language."""
    if not isinstance(english, str) or not english:
        raise fail(f"{where}: name must be a non-empty string (the English name)")
    try:
        return i18n.in_every_language(*NAMES_CATALOG, context, english)
    except i18n.MissingTranslation as error:
        raise fail(f"{where}: {error}") from None


def _suits(data: JSON, fail: Fail) -> tuple[tuple[Suit, ...], dict[Suit, Mapping[str, str]]]:
    entries = data.get("suits")
    if not isinstance(entries, list):
        raise fail("missing [[suits]]")
    ids = [entry.get("id") if isinstance(entry, dict) else None for entry in entries]
    if ids != [suit.value for suit in Suit]:
        raise fail(f"suits must be exactly {', '.join(s.value for s in Suit)} in that order")
    names = {
        Suit(entry["id"]): _names(entry.get("name"), "suit", f"suit {entry['id']}", fail)
        for entry in entries
    }
    return tuple(Suit), names


def _personalities(data: JSON, fail: Fail) -> tuple[Personality, ...]:
    entries = data.get("personalities")
    if not isinstance(entries, list):
        raise fail("missing [[personalities]]")
    ids = [entry.get("id") if isinstance(entry, dict) else None for entry in entries]
    if sorted(map(str, ids)) != sorted(PERSONALITY_IDS) or len(ids) != len(PERSONALITY_IDS):
        unknown = sorted(set(map(str, ids)) - set(PERSONALITY_IDS))
        detail = f" (unknown: {', '.join(unknown)})" if unknown else ""
        raise fail(f"personalities must be exactly the 21 of CG-1.7, each once{detail}")
    cards = []
    for entry in entries:
        where = f"personality {entry['id']}"
        symbols = entry.get("symbols")
        if (
            not isinstance(symbols, list)
            or not symbols
            or any(symbol not in SYMBOLS for symbol in symbols)
            or len(set(symbols)) != len(symbols)
        ):
            raise fail(f"{where}: symbols must be a list of '$' and/or '↻'")
        desirability = entry.get("desirability")
        if not isinstance(desirability, int) or isinstance(desirability, bool) or desirability < 0:
            raise fail(f"{where}: desirability must be a whole number >= 0")
        back_data = entry.get("back")
        back: tuple[Suit, ...] | None
        if back_data == "skull":
            back = None
        elif isinstance(back_data, list) and sorted(map(str, back_data)) == sorted(
            s.value for s in Suit
        ):
            back = tuple(Suit(suit) for suit in back_data)
        else:
            raise fail(f'{where}: back must be "skull" or an order of the six suits')
        cards.append(
            Personality(
                id=entry["id"],
                names=_names(entry.get("name"), "personality", where, fail),
                symbols=tuple(symbols),
                desirability=desirability,
                back=back,
            )
        )
    order = {pid: index for index, pid in enumerate(PERSONALITY_IDS)}
    return tuple(sorted(cards, key=lambda card: order[card.id]))


def _terrain(data: JSON, fail: Fail) -> tuple[TerrainCard, ...]:
    entries = data.get("terrain")
    if not isinstance(entries, list):
        raise fail("missing [[terrain]]")
    if len(entries) != 2 * TERRAIN_PER_ERA:
        raise fail(f"there must be {2 * TERRAIN_PER_ERA} terrain cards, not {len(entries)}")
    cards: list[TerrainCard] = []
    for position, entry in enumerate(entries, start=1):
        card_id = entry.get("id") if isinstance(entry, dict) else None
        expected_era = 1 if position <= TERRAIN_PER_ERA else 2
        if card_id != position:
            raise fail(f"terrain card number {position} must have id {position}, not {card_id!r}")
        where = f"terrain card {card_id}"
        if entry.get("era") != expected_era:
            raise fail(f"{where}: era must be {expected_era} (ids 1–48 era I, 49–96 era II)")
        parcels = entry.get("parcels")
        if not isinstance(parcels, list) or len(parcels) != 4:
            raise fail(f"{where}: parcels must list exactly 4 parcel ids")
        layout = []
        for parcel in parcels:
            try:
                layout.append(Parcel.from_id(str(parcel)))
            except ValueError:
                raise fail(f"{where}: unknown parcel {parcel!r}") from None
        desirability = entry.get("desirability")
        if (
            not isinstance(desirability, int)
            or isinstance(desirability, bool)
            or not 1 <= desirability <= 9
        ):
            raise fail(f"{where}: desirability must be a whole number from 1 to 9")
        cards.append(
            TerrainCard(
                card_id, expected_era, (layout[0], layout[1], layout[2], layout[3]), desirability
            )
        )
    for era, expected in ELEMENT_COUNTS.items():
        found = Counter(parcel for card in cards if card.era == era for parcel in card.parcels)
        for parcel, count in expected.items():
            if found[parcel] != count:
                raise fail(
                    f"era {era} must have {count} {parcel.id} parcels (CG-1.5), "
                    f"the deck has {found[parcel]}"
                )
    return tuple(cards)


def _values(value: Any, where: str, fail: Fail) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != 9
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 11 for v in value)
        or len(set(value)) != 9
    ):
        raise fail(f"{where} must be 9 distinct auction values from 1 to 11 (CG-1.2)")
    return tuple(sorted(value))


def _shipped_personality(personality_id: str) -> Personality:
    return _default_catalog().personality(personality_id)
