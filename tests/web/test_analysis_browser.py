"""Hints and the post-game analysis in a real browser (Playwright driving Debian's
chromium): the hint button of a practice game shows the machine's move and marks it on the
table; the analysis page of a game that is over fills in while the worker weighs it."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from play import GAME_URL, register
from playwright.sync_api import Browser, Page, expect

from live_server import running_server


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``carson serve`` whose worker searches little: quick hints and analyses."""
    directory: Path = tmp_path_factory.mktemp("analysis")
    quick = {"CARSON_HINT_ITERATIONS": "60", "CARSON_ANALYSIS_ITERATIONS": "4"}
    with running_server(directory, env={**os.environ, **quick}) as base:
        yield base


def practice_board_game(browser: Browser, base_url: str, name: str, width: int = 1280) -> Page:
    page = browser.new_page(viewport={"width": width, "height": 844})
    register(page, base_url, name)
    page.click("#tab-board")
    page.select_option("#board-play-now select[name=seats]", "2")
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    return page


def played_to_the_end(page: Page, base_url: str) -> str:
    """The page's game played to its end: the person's moves through the API, at random;
    its id."""
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    api, rng = page.context.request, random.Random(3)
    for _ in range(2000):  # the person's moves through the API, at random, to the end
        view = api.get(f"{base_url}/api/games/{game}").json()
        if view["status"] == "over":
            return game
        if view["legal_actions"]:
            body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
            api.post(f"{base_url}/api/games/{game}/actions", data=body,
                     headers={"X-CSRF-Token": csrf, "Origin": base_url})  # fmt: skip
        else:
            page.wait_for_timeout(50)  # the machine's move
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_hint_button_shows_and_marks_the_machines_move(
    browser: Browser, base_url: str, width: int
) -> None:
    page = practice_board_game(browser, base_url, f"hint{width}", width)
    expect(page.locator("#hint-button")).to_be_visible(timeout=30_000)  # at the person's turn
    page.click("#hint-button")
    expect(page.locator("#hint-answer")).to_be_visible(timeout=30_000)
    expect(page.locator("#hint-answer .hint-move")).not_to_be_empty()
    expect(page.locator("#board .hinted")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_analysis_page_after_a_game(browser: Browser, base_url: str) -> None:
    page = practice_board_game(browser, base_url, "analysta")
    game = played_to_the_end(page, base_url)
    page.goto(f"{base_url}/games/{game}")
    page.click("#analysis-link")
    page.click("#analyse-button")
    expect(page.locator("#analysis-table")).to_be_visible(timeout=60_000)
    expect(page.locator("svg.loss-chart")).to_be_visible()
    assert page.locator("#analysis-table tr").count() > 10
    phone = browser.new_page(viewport={"width": 390, "height": 844})  # the same, on a phone
    phone.context.add_cookies(page.context.cookies())
    phone.goto(page.url)
    expect(phone.locator("#analysis-table")).to_be_visible()
    expect(phone.locator("svg.loss-chart")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
    page.locator("#analysis-table a").first.click()
    page.wait_for_url(f"**/games/{game}/replay?step=*")


def test_the_analysis_page_of_a_card_game_on_a_phone(browser: Browser, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    register(page, base_url, "analystc")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    game = played_to_the_end(page, base_url)
    page.goto(f"{base_url}/games/{game}")
    page.click("#analysis-link")
    page.click("#analyse-button")
    expect(page.locator("#analysis-table")).to_be_visible(timeout=60_000)
    assert page.locator("#analysis-table tr").count() > 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
