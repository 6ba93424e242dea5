"""Comparing parcels for a building (or its free house) in a real browser (issue 25): by keyboard
only, at a desktop's width (1280) and a phone's (390), with axe-core finding no serious or
critical violation and nothing overflowing sideways."""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from play import register
from playwright.sync_api import APIRequestContext, Browser, Page, expect
from test_accessibility_browser import _VIOLATIONS, AXE, WIDTHS

#: The most of the person's moves played to reach parcels to compare.
MAX_MOVES = 500


def api(request: APIRequestContext, base: str, game: str) -> dict[str, Any]:
    """The person's view once the machine seat has moved (it acts in the background)."""
    deadline = time.monotonic() + 30
    while True:
        view: dict[str, Any] = request.get(f"{base}/api/games/{game}").json()
        if view["legal_actions"] or view["status"] == "over" or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


Action = dict[str, Any]


def play_until(
    page: Page, base: str, reached: Callable[[list[Action]], bool], pick: Callable[..., Action]
) -> str:
    """A practice game against the random player, the person's moves made through the API
    (``pick(rng, legal)``), until ``reached(legal)``: the game's id."""
    csrf = {
        "X-CSRF-Token": next(
            c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf"
        )
    }
    body = {"game": "board", "seats": ["human", "random"], "seed": 5}
    game = page.request.post(f"{base}/api/games", data=body, headers=csrf).json()["id"]
    rng = random.Random(3)
    for _ in range(MAX_MOVES):
        view = api(page.request, base, game)
        legal = view["legal_actions"]
        assert legal, "the game ended before the decision to compare came"
        if reached(legal):
            return str(game)
        move = {"seq": view["seq"], "action": pick(rng, legal)}
        page.request.post(f"{base}/api/games/{game}/actions", data=move, headers=csrf)
    raise AssertionError(f"no decision to compare in {MAX_MOVES} moves")


def towards_a_building(rng: random.Random, legal: list[Action]) -> Action:
    building = [a for a in legal if "build" in json.dumps(a)]  # spaces, menus: to build
    return rng.choice(building or [a for a in legal if a["kind"] != "store"] or legal)


def at_a_house(page: Page, base: str) -> str:
    """A game at a building or a house with two parcels or more to choose from."""
    return play_until(
        page,
        base,
        lambda legal: len([a for a in legal if a["kind"] in ("build", "house")]) >= 2,
        towards_a_building,
    )


def comparing(browser: Browser, base: str, person: Page, game: str, width: str) -> Page:
    """The person's page of ``game`` at ``width``, its comparison started by keyboard."""
    w, h = WIDTHS[width]
    page = browser.new_page(viewport={"width": w, "height": h})
    page.context.add_cookies(person.context.cookies())
    page.goto(f"{base}/games/{game}")
    page.locator("#compare-start").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#compare")).to_be_visible()
    return page


def accessible_and_chosen(page: Page, width: int) -> None:
    """No serious axe violation and nothing wider than the screen; then the first compared
    choice taken by keyboard ends the comparison."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate(_VIOLATIONS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    choose = page.locator("#compare .choose-compared").first
    choose.focus()
    page.keyboard.press("Enter")
    # The choice is a move: written, then the board drawn again (slower on a loaded machine)
    # with no comparison left: none, or, when the machines played meanwhile and it is this
    # player's turn again, a new one with nothing marked yet.
    expect(page.locator("#compare tbody tr")).to_have_count(0, timeout=15_000)
    page.close()


@pytest.fixture
def person(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Page:
    page = browser.new_page()
    # One account per test (the module shares a server): parcels and cowboys at each width.
    digest = hashlib.sha256(request.node.name.encode()).hexdigest()[:10]
    register(page, base_url, "comparer" + digest)
    return page


@pytest.mark.parametrize("width", list(WIDTHS))
def test_parcels_are_compared_by_keyboard_at_every_width(
    browser: Browser, base_url: str, person: Page, width: str
) -> None:
    if not AXE.exists():
        pytest.skip("no axe-core: `make test-deps` installs it with npm ci")
    page = comparing(browser, base_url, person, at_a_house(person, base_url), width)
    for index in range(2):  # two parcels marked by keyboard
        mark = page.locator('.compare-mark[data-marked="false"]').first
        parcel = mark.get_attribute("data-parcel")
        mark.focus()
        page.keyboard.press("Enter")
        expect(page.locator(f'#compare tr[data-parcel="{parcel}"]')).to_be_visible()
        expect(page.locator("#compare tbody tr")).to_have_count(index + 1)
    cells = page.locator("#compare tbody td.delta").all_inner_texts()
    assert all(re.fullmatch(r"[+-]\d+ \$", cell) for cell in cells), cells
    accessible_and_chosen(page, WIDTHS[width][0])


def at_a_cowboy(page: Page, base: str) -> str:
    """A game at a cowboy's placement with two places or more (moves at random)."""
    return play_until(
        page,
        base,
        lambda legal: len([a for a in legal if a["kind"] == "cowboy"]) >= 2,
        lambda rng, legal: rng.choice(legal),
    )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_cowboys_places_are_compared_by_keyboard_at_every_width(
    browser: Browser, base_url: str, person: Page, width: str
) -> None:
    if not AXE.exists():
        pytest.skip("no axe-core: `make test-deps` installs it with npm ci")
    page = comparing(browser, base_url, person, at_a_cowboy(person, base_url), width)
    for index, group in enumerate((0, 1)):  # a space of the track, then a parcel
        marks = page.locator("#compare details.compare-group").nth(group)
        if group == 1:  # the town's parcels, folded, unfold by keyboard
            marks.locator("summary").focus()
            page.keyboard.press("Enter")
        mark = marks.locator('.compare-mark[data-marked="false"]').first
        place = mark.get_attribute("data-place")
        mark.focus()
        page.keyboard.press("Enter")
        expect(page.locator(f'#compare tr[data-place="{place}"]')).to_be_visible()
        expect(page.locator("#compare tbody tr")).to_have_count(index + 1)
    strengths = page.locator("#compare tbody td.strength").all_inner_texts()
    assert len(set(strengths)) == 1 and strengths[0].isdigit(), strengths
    accessible_and_chosen(page, WIDTHS[width][0])
