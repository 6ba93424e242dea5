"""The "your turn" sound (issue 25) in a real browser: off by default, the choice kept by the
browser across pages, and played when a live update makes it the player's turn (the page's
HTMLMediaElement.play is replaced by a recorder: a headless browser has no speakers)."""

from __future__ import annotations

import random

import pytest
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, expect

#: Before the page's own scripts: every play() is recorded with the sound it plays.
RECORD_PLAYS = """
window.__plays = [];
HTMLMediaElement.prototype.play = function () {
  window.__plays.push(this.currentSrc || this.src);
  return Promise.resolve();
};
"""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_sound_is_off_then_kept_on_and_played_when_the_turn_comes(
    browser: Browser, base_url: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844})
    context.add_init_script(RECORD_PLAYS)
    page = context.new_page()
    register(page, base_url, f"listener{width}")
    page.select_option("#play-now select[name=opponent]", "greedy")  # moves as live updates
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    choice = page.locator("#turn-sound")
    expect(choice).to_be_visible()
    expect(choice).to_have_value("off")
    choice.select_option("always")
    page.reload()
    expect(page.locator("#turn-sound")).to_have_value("always")  # kept by this browser
    rng = random.Random(3)
    for _ in range(40):
        if page.evaluate("window.__plays.length") > 0:
            break
        if not play_one_decision(page, rng):  # the machines play: wait for the live update
            page.wait_for_function(
                "() => window.__plays.length > 0"
                " || (document.querySelector('#board') || {dataset: {}}).dataset.decision",
                timeout=10_000,
            )
    plays = page.evaluate("window.__plays")
    assert plays and all(src.endswith("/static/turn.wav") for src in plays)
    response = page.request.get(base_url + "/static/turn.wav")
    assert response.ok and response.body()[:4] == b"RIFF"
    context.close()


def test_the_sound_setting_reads_as_large_as_the_other_controls(
    browser: Browser, base_url: str
) -> None:
    """Its dropdown once kept the browser's own tiny font; at a desktop's and a phone's width
    it reads at the size of the page's buttons."""
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        register(page, base_url, f"sizes{width}")
        page.click("#play-now button")
        page.wait_for_url(GAME_URL)
        expect(page.locator("#turn-sound")).to_be_visible()
        sizes = page.evaluate(
            """() => ['#turn-sound', '#decision button']
                .map((s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))"""
        )
        assert sizes[0] >= 16 and sizes[0] == sizes[1], (width, sizes)
        context.close()
