"""The move log's filters in a real browser (issue 25), at a desktop's width (1280) and a
phone's (390): a player filters the card game's log by seat and by kind, by keyboard, and the
board game's by seat; a move made elsewhere arrives live and the log redrawn is still
filtered; axe-core finds no serious or critical violation and nothing overflows sideways."""

from __future__ import annotations

import random

import pytest
from play import GAME_URL, play_one_decision, register, seq, wait_for_change
from playwright.sync_api import Browser, Page, expect
from test_accessibility_browser import _VIOLATIONS, AXE, WIDTHS

#: Each visible log line's (seat, kind), and how many lines are hidden.
_SHOWN = """() => {
  const lines = [...document.querySelectorAll('#log-lines > li[data-kind]')];
  return {shown: lines.filter(l => !l.hidden && l.offsetParent !== null)
                      .map(l => [l.dataset.seat, l.dataset.kind]),
          hidden: lines.filter(l => l.hidden).length};
}"""


def _filtered(page: Page, seat: str, kind: str) -> None:
    found = page.evaluate(_SHOWN)
    assert found["hidden"] > 0
    assert all(line == [seat, kind] for line in found["shown"]), found["shown"]


def _move_by_api(page: Page, base_url: str, rng: random.Random | None = None) -> None:
    """This seat's next move made through the API, not the page: once it is its turn."""
    game = page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    api = page.context.request
    view = api.get(f"{base_url}/api/games/{game}").json()
    while not view["legal_actions"]:  # the machines' turn: wait for the player's
        page.wait_for_timeout(50)
        view = api.get(f"{base_url}/api/games/{game}").json()
    actions = view["legal_actions"]
    body = {"seq": view["seq"], "action": rng.choice(actions) if rng else actions[0]}
    response = api.post(f"{base_url}/api/games/{game}/actions", data=body,
                        headers={"X-CSRF-Token": csrf, "Origin": base_url})  # fmt: skip
    assert response.ok, response.text()


def _to_a_machines_take(page: Page) -> None:
    """Play until the log holds a card taken by the first virtual player."""
    rng = random.Random(5)
    for _ in range(60):
        if page.locator('#log-lines li[data-seat="1"][data-kind="takes"]').count():
            return
        if not play_one_decision(page, rng):
            page.wait_for_timeout(100)  # the machines' turn
    raise AssertionError("no virtual player took a card")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_log_filter_survives_a_live_update(browser: Browser, base_url: str, width: str) -> None:
    if not AXE.exists():
        pytest.skip("no axe-core: `make test-deps` installs it with npm ci")
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    register(page, base_url, f"logfilter{width}")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    _to_a_machines_take(page)
    page.get_by_label("Player").select_option("1")
    page.get_by_label("Kind of move").select_option("takes")
    page.locator("#log-filter button").focus()
    page.keyboard.press("Enter")  # filtered in place: no reload
    _filtered(page, "1", "takes")
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    before = seq(page)
    _move_by_api(page, base_url)
    wait_for_change(page, before)  # the move arrives by the live stream, not this page
    expect(page.get_by_label("Player")).to_have_value("1")
    expect(page.get_by_label("Kind of move")).to_have_value("takes")
    _filtered(page, "1", "takes")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate(_VIOLATIONS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    page.goto(f"{base_url}/games/{game}?log_seat=1")  # filtered by the server
    expect(page.get_by_label("Player")).to_have_value("1")
    assert page.locator('#log-lines li[data-seat="0"]').count() == 0
    with page.expect_navigation():  # that log lacks the other lines: the server is asked
        page.get_by_label("Player").select_option("0")
    expect(page.get_by_label("Player")).to_have_value("0")
    assert page.locator('#log-lines li[data-seat="0"]').count() > 0
    page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_board_games_log_filter_survives_a_live_update(
    browser: Browser, base_url: str, width: str
) -> None:
    if not AXE.exists():
        pytest.skip("no axe-core: `make test-deps` installs it with npm ci")
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    register(page, base_url, f"boardfilter{width}")
    page.click("#tab-board")
    page.select_option("#board-play-now select[name=opponent]", "greedy")
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(3)
    for _ in range(30):  # past the setup: both seats' lines in the log
        _move_by_api(page, base_url, rng)
    page.reload()
    page.get_by_label("Player").select_option("1")  # filtered at once, no button needed
    found = page.evaluate(_SHOWN)
    assert found["hidden"] > 0 and all(line[0] == "1" for line in found["shown"])
    before = seq(page)
    _move_by_api(page, base_url, rng)
    wait_for_change(page, before)
    expect(page.get_by_label("Player")).to_have_value("1")
    found = page.evaluate(_SHOWN)
    assert found["hidden"] > 0 and all(line[0] == "1" for line in found["shown"])
    page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate(_VIOLATIONS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    page.context.close()
