"""The card game's rules page: the data its templates draw (``card_rules*.html``), all of it
read from the game's catalog — the parcels, the personalities, the auction cards and the whole
deck of terrain cards with their desirability — so the page shows the cards carson plays
with, never a copy typed by hand.

The page's prose is in the templates, one gettext message per paragraph, translated in the
game's ``web`` catalogs like every other text of its pages: a changed rule leaves its
translations missing in every language, which the catalog tests report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from babel.numbers import format_decimal

from carson.core.game import JSON
from carson.games.card.catalog import ELEMENT_COUNTS, Catalog, Suit, TerrainCard, load_catalog
from carson.games.card.desirability import HIGHEST, LOWEST, WEIGHTS
from carson.games.card.parcels import Parcel
from carson.games.card.tui.texts import texts
from carson.games.card.web.pictures import PARCEL_PICTURES
from carson.terminal.texts import Texts

#: What may cover what in a city (CG-6.4), drawn on the page as examples: (new, old).
COVERS: dict[str, tuple[Parcel, Parcel]] = {
    "empty": (Parcel.SALOON, Parcel.EMPTY),
    "same": (Parcel.HOUSE, Parcel.HOUSE),
    "mountain": (Parcel.MOUNTAIN, Parcel.MOUNTAIN),
    "townhouse": (Parcel.TOWNHOUSE, Parcel.HOUSE),
    "outlaws": (Parcel.BANK, Parcel.OUTLAWS),
}
ERAS = {1: "I", 2: "II"}


def card_rules_context(lang: str) -> JSON:
    """Everything the rules page draws, in ``lang``."""
    catalog = load_catalog()
    names = texts(lang)
    return {
        "pictures": PARCEL_PICTURES,
        "parcels": [_parcel(names, parcel) for parcel in Parcel],
        "suits": [catalog.suit_names[suit][lang] for suit in catalog.suits],
        "tie_order": [catalog.suit_names[suit][lang] for suit in Suit],
        "hand": _span(catalog.human_hand),
        "levels": ", ".join(
            f"{names('levels', level)} {_span(values)}"
            for level, values in catalog.virtual_levels.items()
        ),
        "people": _people(catalog, names, lang),
        "eras": [_era(catalog, names, era) for era in ERAS],
        "example": _card(names, _example(catalog)),
        "elements": _elements(catalog, names),
        "weights": [
            {**_parcel(names, parcel), "weight": format_decimal(weight, locale=lang)}
            for parcel, weight in WEIGHTS.items()
        ],
        "lowest": LOWEST,
        "highest": HIGHEST,
        "covers": {
            rule: (_parcel(names, new), _parcel(names, old)) for rule, (new, old) in COVERS.items()
        },
    }


def _parcel(names: Texts, parcel: Parcel) -> dict[str, str]:
    return {"id": parcel.id, "name": names("parcels", parcel.id)}


def _span(values: Sequence[int]) -> str:
    """Auction card values as the page writes them: ``1–9``."""
    return f"{min(values)}–{max(values)}"


def _people(catalog: Catalog, names: Texts, lang: str) -> list[JSON]:
    return [
        {
            "id": person.id,
            "name": person.name(lang),
            "symbols": " ".join(person.symbols),
            "desirability": person.desirability,
            "back": None
            if person.back is None
            else [catalog.suit_names[suit][lang] for suit in person.back],
        }
        for person in catalog.personalities
    ]


def _card(names: Texts, card: TerrainCard) -> JSON:
    """A terrain card as the table's macro draws it."""
    return {
        "parcels": [_parcel(names, parcel) for parcel in card.parcels],
        "desirability": card.desirability,
    }


def _example(catalog: Catalog) -> TerrainCard:
    """The card the page shows as an example: era I's first with the most kinds of parcel."""
    return max(catalog.era_deck(1), key=lambda card: len(set(card.parcels)))


def _era(catalog: Catalog, names: Texts, era: int) -> JSON:
    cards = [_card(names, card) for card in catalog.era_deck(era)]
    return {"era": era, "label": ERAS[era], "cards": cards}


def _elements(catalog: Catalog, names: Texts) -> list[JSON]:
    """How many of each parcel the deck of each era holds (CG-1.5; empty land as counted)."""
    found = {
        era: Counter(parcel for card in catalog.era_deck(era) for parcel in card.parcels)
        for era in ERAS
    }
    return [
        {**_parcel(names, parcel), "counts": [found[era][parcel] for era in ERAS]}
        for parcel in Parcel
        if parcel is Parcel.EMPTY or parcel in ELEMENT_COUNTS[1]
    ]
