"""The terminal's gettext catalogs: every message in every language, with its placeholders."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import carson
from carson.core.i18n import LANGUAGES, UnknownLanguage
from carson.terminal.kits import installed_kits, texts
from carson.terminal.texts import DOMAIN, SHARED, Texts, english

PACKAGE_DIR = Path(carson.__file__).parent
TEMPLATES = sorted(PACKAGE_DIR.rglob(f"locale/{DOMAIN}.pot"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _package(template: Path) -> str:
    return ".".join(template.parent.parent.relative_to(PACKAGE_DIR.parent).parts)


def test_the_catalogs_are_the_shared_one_and_each_games() -> None:
    packages = {_package(template) for template in TEMPLATES}
    assert packages == {"carson.terminal", "carson.games.card", "carson.games.board"}
    read = {source for kit in installed_kits() for source in kit.text_sources()}
    assert read == {(package, DOMAIN) for package in packages}  # each catalog has a reader


@pytest.mark.parametrize("template", TEMPLATES, ids=_package)
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_message_is_translated_with_the_same_placeholders(template: Path, lang: str) -> None:
    english_texts = {(m.context, m.id) for m in _read(template) if m.id}
    assert english_texts and all(context for context, _ in english_texts)
    po = template.parent / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    catalog = _read(po)
    assert catalog.locale is not None and str(catalog.locale) == lang
    messages = [message for message in catalog if message.id]
    assert {(m.context, m.id) for m in messages} == english_texts, po
    for message in messages:
        where = f"{po}: {message.context}"
        assert isinstance(message.string, str) and message.string.strip(), where
        assert not message.fuzzy, where
        assert _fields(message.string) == _fields(str(message.id)), where


#: The word for no in each language, as its players would type it.
NO_WORDS = {"en": "no", "de": "nein", "fr": "non", "it": "no", "nl": "nee"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_word_a_prompt_offers_for_no_is_the_language_s_own_and_taken_as_no(
    lang: str,
) -> None:
    """A prompt that ends "…, or 'no'" names the word in the player's language, and the
    terminal takes that word as no (it once told German players to type 'no')."""
    offered = 0
    for kit in installed_kits():
        texts_of_game = Texts(lang, kit.text_sources())
        english_texts = Texts("en", kit.text_sources())
        for key in texts_of_game.keys("ui"):
            if not english_texts.template("ui", key).endswith("'no'"):
                continue
            said = texts_of_game.template("ui", key)
            word = said.rsplit("'", 2)[-2]
            assert word == NO_WORDS[lang] and texts_of_game.yes(word) is False, said
            offered += 1
    assert offered >= 2  # the auctioneer's and the paperboy's prompts at least


def test_a_game_reads_its_own_catalog_then_the_shared_one() -> None:
    for kit in installed_kits():
        assert kit.text_sources()[-1] == SHARED
        english(tuple(kit.text_sources()))  # raises if a game redefines a shared word
    board = texts("de")  # every installed game's catalog with the shared one
    assert board("board", "title").startswith("Carson City")
    assert board("ui", "winner", who="Anna") == "Gewinner: Anna"
    assert board("events", "round", round=4) == "Runde 4 beginnt"
    assert texts("en")("events", "round", round=4) == "Round 4 begins"


def test_a_context_in_two_catalogs_of_one_lookup_is_refused() -> None:
    with pytest.raises(ValueError, match="defined twice"):
        Texts("en", [SHARED, SHARED])


def test_lookups_by_section_and_key() -> None:
    french = Texts("fr")
    assert french.has("ui", "saved") and not french.has("ui", "nothing")
    assert french.template("ui", "winner") == "Vainqueur : {who}"
    assert "winner" in french.keys("ui") and french.keys("yes") == ["letters"]
    assert french.yes("oui") is True and french.yes("non") is False and french.yes("?") is None
    with pytest.raises(KeyError):
        french("ui", "nothing")
    with pytest.raises(UnknownLanguage):
        Texts("xx")
