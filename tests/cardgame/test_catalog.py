"""The card catalog (CG-1): the shipped deck's invariants, and every validation error."""

from __future__ import annotations

import math
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from carson.core import i18n
from carson.games.card import catalog as catalog_module
from carson.games.card.catalog import (
    ELEMENT_COUNTS,
    LANGUAGES,
    CatalogError,
    Suit,
    TerrainCard,
    load_catalog,
    parse_catalog,
)
from carson.games.card.desirability import WEIGHTS as FORMULA_WEIGHTS
from carson.games.card.desirability import desirability
from carson.games.card.parcels import Parcel
from catalog_stand_in import names_without

TEXT = resources.files("carson.games.card").joinpath("data/cards.toml").read_text("utf-8")
#: docs/deck.md: desirability = round(1 + the sum of these weights), clamped to 1–9.
WEIGHTS = {
    "empty": 0, "house": 1, "townhouse": 2, "hotel": 3, "mountain": 0.5, "mine": 2,
    "ranch": 1.5, "blacksmith": 2, "drugstore": 2, "bank": 2, "saloon": 3, "general_store": 3,
    "church": 3, "prison": 2, "city_hall": 4, "outlaws": -2,
}  # fmt: skip
RARE = {Parcel.SALOON, Parcel.HOTEL, Parcel.GENERAL_STORE, Parcel.CHURCH, Parcel.PRISON,
        Parcel.CITY_HALL, Parcel.BLACKSMITH}  # fmt: skip


def test_cg_1_5_element_counts_per_era_exactly() -> None:
    catalog = load_catalog()
    for era in (1, 2):
        deck = catalog.era_deck(era)
        assert len(deck) == 48
        found = Counter(parcel for card in deck for parcel in card.parcels)
        for parcel, count in ELEMENT_COUNTS[era].items():
            assert found[parcel] == count, (era, parcel)
        # Everything else is empty: 104 in era I (see docs/rules.md), 106 in era II.
        assert found[Parcel.EMPTY] == {1: 104, 2: 106}[era]


def test_an_era_deck_is_the_eras_terrain_in_catalog_order_and_kept() -> None:
    catalog = load_catalog()
    for era in (1, 2):
        assert catalog.era_deck(era) == tuple(c for c in catalog.terrain if c.era == era)
        assert catalog.era_deck(era) is catalog.era_deck(era)  # listed once, not per game
    with pytest.raises(ValueError, match="no era 3"):
        catalog.era_deck(3)


def test_desirability_tables_hold_every_cards_desirability_by_id() -> None:
    catalog = load_catalog()
    assert catalog.terrain_desirability == {c.id: c.desirability for c in catalog.terrain}
    assert catalog.personality_desirability == {p.id: p.desirability for p in catalog.personalities}


def test_every_row_card_is_true_so_any_row_says_a_card_is_left() -> None:
    # The engine asks ``any(row)`` whether the row holds a card (``None`` once taken).
    catalog = load_catalog()
    assert all(catalog.terrain) and all(catalog.personalities)
    assert not any([None, None]) and any([None, catalog.terrain[0]])


def test_cg_1_6_layouts_hold_at_most_one_rare_building() -> None:
    for card in load_catalog().terrain:
        assert sum(parcel in RARE for parcel in card.parcels) <= 1, card


def test_cg_1_6_desirability_follows_the_documented_formula() -> None:
    for card in load_catalog().terrain:
        raw = 1 + sum(WEIGHTS[parcel.id] for parcel in card.parcels)
        assert card.desirability == max(1, min(9, math.floor(raw + 0.5))), card
        assert desirability(card.parcels) == card.desirability, card


def test_cg_1_6_the_formula_the_rules_page_shows_is_the_documented_one() -> None:
    """The weights the rules page draws (carson.games.card.desirability) are docs/deck.md's."""
    assert {parcel.id: weight for parcel, weight in FORMULA_WEIGHTS.items()} == WEIGHTS
    assert desirability([Parcel.OUTLAWS] * 4) == 1 and desirability([Parcel.CITY_HALL] * 4) == 9
    assert desirability([Parcel.MOUNTAIN, Parcel.EMPTY, Parcel.EMPTY, Parcel.EMPTY]) == 2  # 1.5 up


def test_cg_1_7_personalities_names_symbols_desirability() -> None:
    catalog = load_catalog()
    assert len(catalog.personalities) == 21
    for card in catalog.personalities:
        assert set(card.names) == set(LANGUAGES)
    assert catalog.personality("doctor").symbols == ("$", "↻")
    assert catalog.personality("teacher").desirability == 7
    assert catalog.personality("chinese_worker").name("de") == "Tagelöhner"
    assert catalog.personality("mercenary").name("nl") == "Huurmoordenaar"


def test_cg_1_8_backs_three_skulls_each_suit_on_top_three_times() -> None:
    cards = load_catalog().personalities
    assert {card.id for card in cards if card.skull} == {"auctioneer", "governor", "teacher"}
    tops = Counter(card.back[0] for card in cards if card.back is not None)
    assert tops == Counter({suit: 3 for suit in Suit})


def test_cg_2_4_virtual_levels() -> None:
    levels = load_catalog().virtual_levels
    assert levels["beginner"] == tuple(range(1, 10))
    assert levels["advanced"] == tuple(range(2, 11))
    assert levels["expert"] == tuple(range(3, 12))


def test_lookups() -> None:
    catalog = load_catalog()
    assert isinstance(catalog.terrain_card(49), TerrainCard) and catalog.terrain_card(49).era == 2
    with pytest.raises(KeyError):
        catalog.terrain_card(97)
    with pytest.raises(KeyError):
        catalog.personality("sherif")


def broken(pattern: str, replacement: str, count: int = 1) -> str:
    text, done = re.subn(pattern, replacement, TEXT, count=count, flags=re.M)
    assert done, pattern
    return text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not = [valid", "not valid TOML"),
        (broken(r'"house"', '"hosue"'), "unknown parcel 'hosue'"),
        (
            broken(r"^desirability = \d+$(?=\n\n\[\[terrain\]\]\nid = 2\n)", "desirability = 12"),
            "terrain card 1: desirability",
        ),
        (
            broken(r'^parcels = \[("\w+", ){3}"\w+"\]', 'parcels = ["empty"]'),
            "exactly 4 parcel ids",
        ),
        (broken(r"^id = 2$", "id = 200"), "must have id 2"),
        (broken(r"^era = 1$", "era = 2"), "era must be 1"),
        (broken(r'"mine"', '"ranch"'), "must have 10 mine parcels"),
        (broken(r'^id = "gunsmith"$', 'id = "gunslinger"'), "unknown: gunslinger"),
        (
            broken(r'^name = "The Gunsmith"$', 'name = "The Gunmaker"'),
            "personality gunsmith: name 'The Gunmaker' has no translation in de, it, nl, fr",
        ),
        (broken(r'^name = "Hat"$', 'name = "Cowboy"'), "suit hat: name 'Cowboy' has no"),
        (broken(r'^name = "The Lawyer"\n', ""), "personality lawyer: name must be a non-empty"),
        (broken(r'^name = "Star"$', 'name = ""'), "suit star: name must be a non-empty string"),
        (broken(r'^back = "skull"$', 'back = ["hat"]'), "back must be"),
        (broken(r'^symbols = \["↻"\]$', 'symbols = ["?"]'), "symbols must be"),
        (broken(r'^id = "hat"$', 'id = "sombrero"'), "suits must be exactly"),
        (broken(r"^expert = .*$", "expert = [1, 1, 1]"), "virtual_levels.expert"),
        (broken(r"^\[\[terrain\]\]\nid = 96\n(.*\n){3}", ""), "96 terrain cards"),
    ],
)
def test_invalid_catalogs_fail_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(CatalogError, match=re.escape(message)):
        parse_catalog(text)


def test_languages_are_carsons() -> None:
    assert LANGUAGES is i18n.LANGUAGES


def test_names_come_from_the_data_catalogs_with_a_context_per_kind() -> None:
    """English from cards.toml; the rest from ``data.po``, whose messages are exactly the names
    (msgctxt "suit" / "personality"): a renamed card cannot leave a stale translation behind."""
    catalog = load_catalog()
    assert catalog.suit_names[Suit.CACTUS] == {
        "en": "Cactus", "de": "Kaktus", "it": "Cactus", "nl": "Cactus", "fr": "Cactus",
    }  # fmt: skip
    assert catalog.personality("cowboy").name("fr") == "Le Cowboy"
    names = {("suit", catalog.suit_names[suit]["en"]) for suit in catalog.suits}
    names |= {("personality", card.name("en")) for card in catalog.personalities}
    for lang in LANGUAGES[1:]:
        po = i18n.po_file("carson.games.card", "data", lang)
        with po.open("rb") as source:
            assert {(m.context, m.id) for m in read_po(source) if m.id} == names, lang


def test_a_name_missing_in_one_language_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in package whose French catalog lacks the doctor: only fr is reported."""
    name = names_without(
        tmp_path, monkeypatch, "carson.games.card", "fr", "personality", "The Doctor"
    )
    monkeypatch.setattr(catalog_module, "NAMES_CATALOG", (name, "data"))
    with pytest.raises(CatalogError) as raised:
        parse_catalog(TEXT)
    assert str(raised.value) == (
        "cards.toml: personality doctor: name 'The Doctor' has no translation in fr "
        f'(msgctxt "personality" in {name} locale/<lang>/LC_MESSAGES/data.po)'
    )


def test_unreadable_file(tmp_path: object) -> None:
    with pytest.raises(CatalogError, match="cannot read"):
        load_catalog("/nonexistent/cards.toml")
