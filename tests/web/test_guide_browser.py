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
