"""Live updates never lose what a player is in the middle of choosing (Playwright driving
Debian's chromium): a ticked box of the board game's secret vote survives the other player's
vote, and the card game's previewed placement survives a live update of the same move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play import GAME_URL, play_one_decision, register, seq, wait_for_change
from playwright.sync_api import Browser, Page, Route, expect

from carson.games.board.catalog import PERSONALITY_IDS


def _game(page: Page) -> dict[str, Any]:
    game_id = page.url.rsplit("/", 1)[-1]
    answer = page.request.get(page.url.replace(f"/games/{game_id}", f"/api/games/{game_id}"))
    assert answer.ok, answer.text()
    body: dict[str, Any] = answer.json()
    return body


@pytest.mark.parametrize("width", [1280, 390])
def test_a_ticked_vote_survives_the_other_players_vote(
    browser: Browser, base_url: str, width: int
) -> None:
    """The issue's case: sides by vote and a new beginning, two players; alice ticks the
    Banker, bob votes, alice's board is redrawn: the Banker is still ticked, and her vote
    is stored with it (at a desktop's width and a phone's)."""
    alice = browser.new_page(viewport={"width": width, "height": 844})
    register(alice, base_url, f"alice{width}")
    alice.click("#tab-board")
    form = "#board-play-friends"
    alice.select_option(f"{form} select[name=friends]", "1")
    alice.select_option(f"{form} select[name=seats]", "2")
    alice.check(f"{form} input[name=sides][value=vote-sides]")
    alice.check(f"{form} input[name=new-beginning]")
    alice.click(f"{form} button")
    alice.wait_for_url(GAME_URL)
    expect(alice.locator("#invite-link")).to_have_value(alice.url)
    bob = browser.new_page()
    register(bob, base_url, f"bob{width}")
    bob.goto(alice.url)
    bob.click("#join")
    bob.wait_for_url(GAME_URL)

    banker = alice.locator(".vote-form label.vote-card", has_text="Banker").locator("input")
    expect(banker).to_be_visible()  # the live update brought the vote once bob sat down
    expect(alice.locator("#invite")).to_have_count(0)  # and took the invitation away
    banker.check()
    banker.focus()
    before = seq(alice)
    bob.click(".vote-form button")
    wait_for_change(alice, before)  # bob's vote redrew alice's board
    expect(alice.locator(".vote-form")).to_be_visible()
    expect(banker).to_be_checked()
    assert alice.evaluate("document.activeElement.value") == "banker"
    alice.click(".vote-form button")
    expect(alice.locator(".vote-form")).to_have_count(0)
    game = _game(alice)
    mine = game["view"]["players"][game["seat"]]
    assert mine["vote"] == 1 << PERSONALITY_IDS.index("banker")
    alice.close()
    bob.close()


TERRAIN_TAKE = "#board .row-card.terrain button.take"


def _play_until_a_take(page: Page, rng: random.Random) -> None:
    for _ in range(60):
        page.wait_for_function(
            "() => { const b = document.querySelector('#board');"
            " return b && b.querySelector('#decision button.choice, button.take'); }"
        )
        if page.locator(TERRAIN_TAKE).count():
            return
        play_one_decision(page, rng)
    raise AssertionError("the game never offered a terrain card to take")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_previewed_placement_survives_a_live_update(
    browser: Browser, base_url: str, width: int
) -> None:
    """The live update of one's own take may come back after the board that the take's own
    answer brought and after a corner was clicked: the preview stays on the page (at a
    desktop's width and a phone's)."""
    page = browser.new_page(viewport={"width": width, "height": 844})
    register(page, base_url, f"carol{width}")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    _play_until_a_take(page, random.Random(5))
    answers: list[tuple[Route, Any]] = []
    refreshes: list[Route] = []

    def hold_answer(route: Route) -> None:  # the move reaches the server; its answer waits
        answers.append((route, route.fetch()))

    def hold_refresh(route: Route) -> None:  # the page's own refresh: the board alone
        if route.request.url.endswith("/board"):
            refreshes.append(route)
        else:
            route.continue_()

    page.route("**/games/*/act", hold_answer)
    page.route("**/games/*/board*", hold_refresh)
    page.locator(TERRAIN_TAKE).first.click()
    for _ in range(200):  # the stream announced the take: the page asked for the board
        if answers and refreshes:
            break
        page.wait_for_timeout(50)
    assert answers and refreshes, "the take's answer and the live refresh should both be asked"
    route, answer = answers.pop()
    route.fulfill(response=answer)
    page.locator("#board a.cell.mark").first.click()
    expect(page.locator("#board button.confirm")).to_be_visible()
    with page.expect_response(lambda response: "/board" in response.url):
        refreshes.pop().continue_()
    page.wait_for_timeout(200)  # htmx swaps (or not) after the answer
    expect(page.locator("#board button.confirm")).to_be_visible()
    page.unroute("**/games/*/act")
    page.unroute("**/games/*/board*")
    before = seq(page)
    page.click("#board button.confirm")
    wait_for_change(page, before)
    page.close()
