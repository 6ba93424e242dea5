"""Pausing on an arena's page (issue 48): a member's Pause button, the page telling them they
are paused with a Come back button, "(paused)" in the standings, a non-member refused — in
the five languages; and the notification of a pause for a timeout, in each."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_tournament_pages import ARENA, FORM, browsers, post

from carson.core.i18n import LANGUAGES
from carson.server.notify.notices import TIMEOUT_SOON
from carson.server.notify.texts import notice_text

__all__ = ["browsers"]  # the fixture, used by name

WORDS = {  # Pause, Come back, paused, You are paused…, the refusal of a Swiss cup's pause
    "en": ("Pause", "Come back", "(paused)", "You are paused", "Only an arena"),
    "de": ("Pausieren", "Zurückkommen", "(pausiert)", "Du pausierst", "Pausieren können nur"),
    "fr": ("Faire une pause", "Revenir", "(en pause)", "Vous êtes en pause", "Seuls les joueurs"),
    "it": ("Pausa", "Torna", "(in pausa)", "Sei in pausa", "Solo i giocatori"),
    "nl": ("Pauzeren", "Terugkomen", "(gepauzeerd)", "Je pauzeert", "Alleen spelers"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pause_and_come_back_on_the_arena_page(
    browsers: tuple[TestClient, TestClient], lang: str
) -> None:
    alice, bob = browsers
    pause, back, paused, told, refused = WORDS[lang]
    for browser in (alice, bob):
        browser.cookies.set("lang", lang)
    page_url = post(alice, "/tournaments", **ARENA).headers["location"]
    outside = bob.get(page_url).text
    assert 'id="arena-pause"' not in outside  # not a member: nothing to pause
    assert post(bob, page_url + "/pause").status_code == 409
    assert post(bob, page_url + "/join").status_code == 303
    page = bob.get(page_url).text
    assert 'id="arena-pause"' in page and f"{pause}</button>" in page and told not in page
    assert post(bob, page_url + "/pause").status_code == 303
    gone = bob.get(page_url).text
    assert told in gone and f"{back}</button>" in gone and f'action="{page_url}/resume"' in gone
    assert paused in alice.get(page_url).text  # the others see it in the standings
    assert post(bob, page_url + "/resume").status_code == 303
    assert paused not in alice.get(page_url).text and told not in bob.get(page_url).text
    swiss = post(alice, "/tournaments", **FORM).headers["location"]
    assert 'id="arena-pause"' not in alice.get(swiss).text
    no = post(alice, swiss + "/pause")
    assert no.status_code == 409 and refused in no.text


def test_the_pause_notification_in_each_language() -> None:
    said = {lang: notice_text(lang, TIMEOUT_SOON, {"paused": "cup"}) for lang in LANGUAGES}
    assert said["en"] == "Your time ran out: you are paused in the arena until you come back."
    assert len(set(said.values())) == len(LANGUAGES)  # each language its own words
    assert notice_text("en", TIMEOUT_SOON, {}) == "Your time to move runs out soon."
