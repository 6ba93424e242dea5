"""Issue 25's table at a desktop's width (1280) and a phone's (390), in a real browser: both
games are drawn (SVG pictures, a legend of every parcel or tile), and the move log tells
what happened (the card game's bids revealed side by side, the board game's full log)
without the page growing sideways."""

from __future__ import annotations

import random

import pytest
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, Page, expect

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def _player(browser: Browser, base_url: str, width: str, name: str) -> Page:
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    register(page, base_url, f"{name}{width}")
    return page


def _fits(page: Page, width: str) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= WIDTHS[width][0], f"{scroll} px wide at {width}"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_card_game_is_drawn_and_its_log_reveals_the_bids(
    browser: Browser, base_url: str, width: str
) -> None:
    page = _player(browser, base_url, width, "cardtable")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(7)
    for _ in range(30):  # until an auction was decided: the log shows its bids
        if page.locator("#log-lines table.bids").count():
            break
        if not play_one_decision(page, rng):
            page.wait_for_timeout(100)  # the machines' turn
    bids = page.locator("#log-lines table.bids").first
    expect(bids).to_be_attached()
    assert bids.locator("tr").count() >= 3  # a header and one row per player at least
    expect(page.locator("#log-lines")).to_contain_text("Taking order")
    legend = page.locator("#legend")
    legend.locator("summary").click()  # closed by default: it opens at a click or a tap
    pictures = legend.locator("ul.legend li svg")
    assert pictures.count() >= 8  # every parcel and building, drawn
    expect(pictures.first).to_be_visible()
    expect(page.locator("#my-suit")).to_be_visible()  # the page says which suit is yours
    assert "CG-" not in page.locator("main").inner_text()  # no rule ids for players
    _fits(page, width)
    page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_board_games_town_track_and_full_log(
    browser: Browser, base_url: str, width: str
) -> None:
    page = _player(browser, base_url, width, "boardtable")
    page.click("#tab-board")
    page.select_option("#board-play-now select[name=opponent]", "greedy")
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    api, rng, moves = page.context.request, random.Random(3), 0
    while moves < 40:  # past the setup and a few rounds of cowboys, through the API
        view = api.get(f"{base_url}/api/games/{game}").json()
        if view["status"] == "over":
            break
        if not view["legal_actions"]:
            page.wait_for_timeout(50)
            continue
        body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
        api.post(f"{base_url}/api/games/{game}/actions", data=body,
                 headers={"X-CSRF-Token": csrf, "Origin": base_url})  # fmt: skip
        moves += 1
    page.goto(page.url)
    expect(page.locator("#town svg").first).to_be_visible()  # the town as a map
    expect(page.locator("#track")).to_be_visible()  # the action track as a board
    legend = page.locator("#town ul.legend li svg")
    assert legend.count() >= 5  # every tile and the river, drawn
    log = page.locator("#log-lines li")
    assert log.count() > 16  # the full log, not the last lines only
    assert "BG-" not in page.locator("main").inner_text()
    _fits(page, width)
    page.context.close()


def _card_game_played_to_the_end(page: Page, base_url: str) -> str:
    """A card game against three beginners played to its end through the API (this seat:
    its first legal action each time): its page."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    headers = {"X-CSRF-Token": csrf, "Origin": base_url}
    api = page.context.request
    body = {"seats": ["human", "beginner", "beginner", "beginner"]}
    game = (
        f"{base_url}/api/games/"
        + api.post(f"{base_url}/api/games", headers=headers, data=body).json()["id"]
    )
    for _ in range(5000):
        view = api.get(game).json()
        if view["status"] == "over":
            return game.replace("/api/games/", "/games/")
        if not view["legal_actions"]:
            page.wait_for_timeout(20)
            continue
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        api.post(game + "/actions", headers=headers, data=move)  # 409 if a machine was first
    raise AssertionError("the game did not end")


def test_the_end_of_a_card_game_at_every_width(browser: Browser, base_url: str) -> None:
    """The score sheet names the player (not the suit), the per-round chart is drawn, the
    rematch is offered, and no rule id shows, at a desktop's width and a phone's."""
    first = _player(browser, base_url, "desktop", "ender")
    game = _card_game_played_to_the_end(first, base_url)
    for width in WIDTHS:
        w, h = WIDTHS[width]
        page = browser.new_context(viewport={"width": w, "height": h}).new_page()
        page.context.add_cookies(first.context.cookies())
        page.goto(game)
        result = page.locator("#result")
        expect(result).to_contain_text("enderdesktop")
        expect(page.locator("#score-chart svg.chart")).to_be_visible()
        expect(page.locator("#rematch-button")).to_be_visible()
        assert "CG-" not in page.locator("main").inner_text()
        _fits(page, width)
        page.context.close()
    first.context.close()


def test_a_board_swapped_in_leaves_the_page_where_the_player_looked(
    browser: Browser, base_url: str
) -> None:
    """On a phone, scrolled down to the city, a tap on a marked place swaps the board in
    (the placement's preview): the page stays where it was instead of following the log
    below the old board down (the browser's scroll anchoring)."""
    page = _player(browser, base_url, "phone", "anchored")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(3)
    for _ in range(60):  # until this seat places a card: its city shows marked places
        if page.locator("#board a.cell.mark").count():
            break
        terrain = page.locator("#board .row-card.terrain button.take")
        if terrain.count():
            terrain.first.click()
            page.wait_for_timeout(200)
        elif not play_one_decision(page, rng):
            page.wait_for_timeout(100)
    page.evaluate("window.scrollBy(0, 150)")  # the city is in the first screen: a little down
    page.locator("#board a.cell.mark").first.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before > 0  # scrolled: a jump would show
    page.evaluate("window.oldBoard = document.getElementById('board')")
    page.locator("#board a.cell.mark").first.click()
    page.wait_for_function("() => document.getElementById('board') !== window.oldBoard")
    page.wait_for_timeout(200)  # the swap's settling
    assert abs(page.evaluate("window.scrollY") - before) < 50
    page.context.close()
