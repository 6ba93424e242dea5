"""Ratings and rematch in a real browser: alice and bob play a rated game (the toy game,
through the generic page) to its end; both see their new provisional ratings on the
leaderboard and the profile (with its SVG chart and the finished game); alice offers a
rematch from the game-over page, bob's page shows the offer by itself, he accepts and the
new game starts. Bob's page, open when the game ended, offers the rematch with no reload."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx2 as httpx
import pytest
from browser import running_server
from play import GAME_URL, register
from playwright.sync_api import Browser, expect
from test_generic_browser import LIVE, stake

from toy import toy_environment


@pytest.fixture(scope="module")
def toy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("ratings-web"), toy_environment()) as base:
        yield base


def bearer(base: str, name: str) -> dict[str, str]:
    login = {"username": name, "password": "a long password"}
    token = httpx.post(f"{base}/api/login", json=login).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def test_a_rated_game_its_ratings_and_a_rematch_in_the_browser(
    browser: Browser, toy_base_url: str
) -> None:
    base = toy_base_url
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    register(alice, base, "alice")
    register(bob, base, "bob")
    body = {"game": "toy", "seats": ["human", "human"], "rated": True}
    created = httpx.post(f"{base}/api/games", json=body, headers=bearer(base, "alice"))
    game_id = created.json()["id"]
    assert httpx.post(f"{base}/api/games/{game_id}/join", headers=bearer(base, "bob"))
    for page in (alice, bob):
        page.goto(f"{base}/games/{game_id}")
    for round_ in range(3):
        for page in (alice, bob):
            buttons = page.locator('#board[data-status="playing"] #decision button.choice')
            expect(buttons).to_have_count(3, timeout=LIVE)
            stake(page, round_)
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "over", timeout=LIVE)

    # Bob's page was open when the game ended: the rematch shows without a reload, and
    # what only a game being played shows is gone.
    expect(bob.locator("#rematch-button")).to_have_text("Rematch", timeout=LIVE)
    expect(bob.locator("#watchers")).to_have_count(0)
    expect(bob.locator("#turn-sound-setting")).to_have_count(0)

    alice.click("a[href='/ratings']")
    alice.click("#tab-toy")
    expect(alice.locator("#leaderboard tbody tr")).to_have_count(2)
    expect(alice.locator("#leaderboard abbr.provisional")).to_have_count(2)
    alice.click("#my-profile")
    expect(alice.locator("h1")).to_have_text("alice")
    expect(alice.locator("#chart-toy svg")).to_be_visible()
    expect(alice.locator(f"#finished-{game_id}")).to_contain_text("bob")
    expect(alice.locator("#stats-toy")).to_contain_text("?")

    alice.goto(f"{base}/games/{game_id}")  # bob's page shows no offer yet, finds alice's itself
    expect(bob.locator("#rematch-button")).to_have_text("Rematch")
    alice.click("#rematch-button")
    alice.wait_for_url(GAME_URL)
    rematch_url = alice.url
    assert not rematch_url.endswith(game_id)
    expect(bob.locator("#rematch")).to_contain_text("alice", timeout=LIVE)
    bob.click("#rematch-button")
    bob.wait_for_url(rematch_url)
    expect(bob.locator("#board")).to_have_attribute("data-status", "playing", timeout=LIVE)
    assert re.search(r"/games/[0-9a-f]+$", bob.url)
    alice.context.close()
    bob.context.close()
