"""Issue 46, point 8: the card game's terminal says machine seats in words (not ``ai-easy``),
its placement refusals are whole sentences in German too, and a personality's text in the
compact row wraps instead of being cut with "…"."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from carson.games.card.catalog import Personality, load_catalog
from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.tui.kit import KIT, new_state
from carson.games.card.tui.places import refusal, to_current
from carson.games.card.tui.screen import compact_row
from carson.games.card.tui.texts import texts
from carson.terminal.generic import GenericNames
from carson.terminal.texts import Texts

E, H = Parcel.EMPTY, Parcel.HOUSE
LANGUAGES = ("en", "de", "fr", "it", "nl")
WORDS = {
    ("en", "ai-easy"): "Machine (easy)",
    ("en", "random"): "Machine (random)",
    ("de", "ai-master"): "Maschine (Meister)",
    ("de", "greedy"): "Maschine (gierig)",
    ("fr", "ai-hard"): "Machine (difficile)",
    ("it", "ai-medium"): "Macchina (media)",
    ("nl", "random"): "Machine (willekeurig)",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_machine_seats_are_named_in_words(lang: str) -> None:
    machines = ["random", "greedy", "ai-easy", "ai-medium", "ai-hard", "ai-master"]
    for kind in machines:
        kinds = ["human", kind, kind, kind]
        names = KIT.names(new_state(kinds, 1), kinds, texts(lang))
        generic = GenericNames(kinds, Texts(lang))
        for said in (names.seat(1), generic.seat(1)):
            assert not said.endswith(f"· {kind}"), said
            if (lang, kind) in WORDS:
                assert WORDS[lang, kind] in said


def covering_refusal(lang: str) -> str:
    """Why a house may not be covered by empty land, in ``lang``."""
    city = City()
    city.place(1, (H, E, E, E), 0, 0)
    reason = refusal(city, (E, E, E, E), *to_current(city, 0, 0), texts(lang))
    assert reason is not None
    return reason


def test_german_refusals_are_grammatical() -> None:
    assert covering_refusal("de") == (
        "bei (0, 0) würde die Parzelle „leeres Land“ der Karte die Parzelle „Haus“ auf "
        "(0, 0) verdecken"
    )
    first = refusal(City(), (E, E, E, E), 1, 0, texts("de"))
    assert first == "die erste Karte einer Stadt gehört auf (0, 0)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_covering_refusal_names_both_parcels(lang: str) -> None:
    reason = covering_refusal(lang)
    words = texts(lang)
    assert words("parcels", "empty") in reason and words("parcels", "house") in reason


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_personalitys_text_wraps_in_the_compact_row(lang: str) -> None:
    state = new_state(["human", "expert", "expert", "expert"], 1)
    person = max(
        load_catalog().personalities,
        key=lambda p: len(texts(lang)("does", p.id)) if texts(lang).has("does", p.id) else 0,
    )
    assert isinstance(person, Personality)
    state.row[0] = person
    console = Console(file=io.StringIO(), width=60, record=True, color_system=None)
    console.print(compact_row(state, texts(lang)))
    shown = console.export_text()
    assert "…" not in shown
    words = iter(shown.split())  # every word of the text, in order (the worth among them)
    assert all(word in words for word in texts(lang)("does", person.id).split()), shown
