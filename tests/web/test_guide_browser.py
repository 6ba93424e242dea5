"""The guided first game (issue 25) in a real browser: a new account starts the guided card
game from the home page and the guide's sentence changes as the player clicks through the
first steps; hiding the guide keeps it hidden."""

from __future__ import annotations

import random

from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, expect


def test_a_new_account_plays_the_guided_card_game_and_the_sentences_follow(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_page()
    register(page, base_url, "firsttimer")
    page.click("#guided-card")
    page.wait_for_url(GAME_URL)
    guide = page.locator("#guide-text")
    expect(guide).to_contain_text("Welcome!")
    seen = [guide.inner_text()]
    rng = random.Random(5)
    for _ in range(6):
        assert play_one_decision(page, rng)
        text = page.locator("#guide-text").inner_text()
        if text != seen[-1]:
            seen.append(text)
    assert any(text.startswith("Take a card of the row") for text in seen), seen
    assert any(text.startswith("Place your terrain card") for text in seen), seen
    page.click("#guide-dismiss")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#guide")).to_have_count(0)
    page.close()


def test_both_guided_games_start_with_their_guide_at_every_width(
    browser: Browser, base_url: str
) -> None:
    """The home offers both guided games; each starts with its first sentence shown next to
    the table, and the page fits the screen, at a desktop's width and a phone's."""
    for width in (1280, 390):
        page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
        register(page, base_url, f"guided{width}")
        for game in ("card", "board"):
            page.goto(base_url + "/")
            page.click(f"#guided-{game}")
            page.wait_for_url(GAME_URL)
            expect(page.locator("#guide-text")).not_to_be_empty()
            expect(page.locator("#board")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.context.close()
