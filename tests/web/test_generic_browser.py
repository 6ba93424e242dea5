"""A game without a web adapter of its own (the toy game, High Dice, installed only through
its entry point) in a real browser: created from the home page, played to the end through the
generic page — one button per legal action, the random bot's moves arriving live — and its
replay stepped through."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from browser import running_server
from play import GAME_URL, register
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from toy import toy_environment

#: How long a page may wait for a move announced live (the machine may be busy).
LIVE = 15_000
STAKES = [{"kind": "stake", "chips": chips} for chips in (1, 2, 3)]


@pytest.fixture(scope="module")
def toy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``carson serve`` with the toy game installed."""
    with running_server(tmp_path_factory.mktemp("toy-web"), toy_environment()) as base:
        yield base


def rolls(page: Page) -> Locator:
    """The die rolls in the view the page shows."""
    term = page.locator("#board #view dt", has_text="rolls")
    return term.locator("xpath=following-sibling::dd[1]")


#: Whether the page's seat has staked in round ``round`` (its stake shown, or the roll).
_STAKED = """round => {
  const terms = [...document.querySelectorAll('#board #view dt')];
  const value = name => terms.find(term => term.textContent === name).nextElementSibling;
  return value('rolls').querySelectorAll('li').length > round
      || value('my_stake').textContent.trim() !== '—';
}"""


def stake(page: Page, round_: int) -> None:
    """Click this round's stake; again if a live update replaced the board under the click
    (the move is then refused as stale and the page says so)."""
    for _ in range(5):
        page.locator('#board[data-status="playing"] #decision button.choice').nth(round_).click()
        try:
            page.wait_for_function(_STAKED, arg=round_, timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the stake of round {round_ + 1} was never taken")


def test_the_toy_game_is_created_and_played_to_the_end_in_the_browser(
    browser: Browser, toy_base_url: str
) -> None:
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    register(alice, toy_base_url, "alice")
    register(bob, toy_base_url, "bob")
    alice.click("#tab-toy")
    expect(alice.locator("h1")).to_have_text("High Dice")
    alice.select_option("#toy-play-friends select[name=seats]", "3")
    alice.click("#toy-play-friends button")  # alice, bob and a random bot
    alice.wait_for_url(GAME_URL)
    bob.goto(alice.locator("#invite-link").input_value())
    bob.click("#join")
    bob.wait_for_url(GAME_URL)
    for round_ in range(3):  # every round: the bot, alice and bob stake; the die is rolled
        for page in (alice, bob):
            buttons = page.locator('#board[data-status="playing"] #decision button.choice')
            expect(buttons).to_have_count(3, timeout=LIVE)
            assert [json.loads(label) for label in buttons.all_inner_texts()] == STAKES
            stake(page, round_)
        # alice's page learns of the roll live, without a reload
        expect(rolls(alice).locator("li")).to_have_count(round_ + 1, timeout=LIVE)
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "over")
        expect(page.locator("#board")).to_contain_text("Game over")
        expect(rolls(page).locator("li")).to_have_count(3)
    alice.click("text=Watch the replay")
    expect(alice.locator(".replay-controls")).to_contain_text("Move 0 of 9")
    alice.click("#last")
    expect(alice.locator(".replay-controls")).to_contain_text("Move 9 of 9")
    expect(alice.locator("#replay-board")).to_have_attribute("data-status", "over")
    assert re.search(r"/games/[0-9a-f]+/replay", alice.url)
    alice.context.close()
    bob.context.close()
