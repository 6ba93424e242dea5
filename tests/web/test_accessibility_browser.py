"""Every page of both games, at a desktop's width (1280) and a phone's (390): axe-core (from
npm, ``make test-deps``) finds no serious or critical violation, nothing overflows sideways,
and on a phone the game page shows the player's city (or town) and the decision together."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from play import GAME_URL, play_one_decision, register, seq, wait_for_change
from playwright.sync_api import Browser, Page, expect

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}

#: The serious and critical violations axe-core finds on the page (rule, help, 3 targets).
_VIOLATIONS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.help + ' @ '
      + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.skip("no axe-core: `make test-deps` installs it with npm ci")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def player(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Page:
    """A signed-in player of the test (each check opens its own page with its cookies)."""
    page = browser.new_page()
    register(page, base_url, re.sub(r"[^a-z]", "", request.node.name)[-20:])
    return page


Check = Callable[[str, str], None]


@pytest.fixture
def check(browser: Browser, player: Page, axe_source: str) -> Iterator[Check]:
    """``check(url, width)``: opens the URL at that width and asserts what the module says;
    every problem found is reported at the end, all pages together."""
    problems: list[str] = []

    def run(url: str, width: str) -> None:
        w, h = WIDTHS[width]
        page = browser.new_page(viewport={"width": w, "height": h})
        page.context.add_cookies(player.context.cookies())
        page.goto(url)
        page.wait_for_load_state("networkidle")
        where = f"{url} at {width}"
        page.evaluate(axe_source)  # evaluated, not a script tag: the page's CSP allows none
        problems.extend(f"{where}: {found}" for found in page.evaluate(_VIOLATIONS))
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > w:
            problems.append(f"{where}: {scroll} px wide")
        page.close()

    yield run
    assert not problems, "\n".join(problems)


def test_the_platforms_pages(check: Check, base_url: str) -> None:
    for path in (
        "/",
        "/?game=board",
        "/rules/card",
        "/rules/board",
        "/score",
        "/account",
        "/notifications",
        "/notifications/settings",
        "/friends",
        "/tournaments",
    ):
        for width in WIDTHS:
            check(base_url + path, width)


def test_the_platforms_pages_in_german_on_a_phone(
    check: Check, browser: Browser, player: Page, base_url: str
) -> None:
    """German's long compounds ("Benachrichtigungseinstellungen") and wider tables: nothing
    overflows, and the bell's panel opens on the screen, not off its left edge."""
    player.context.add_cookies([{"name": "lang", "value": "de", "url": base_url}])
    for path in ("/", "/account", "/notifications", "/notifications/settings", "/lobby",
                 "/rules/card", "/rules/board"):  # fmt: skip
        check(base_url + path, "phone")
    w, h = WIDTHS["phone"]
    phone = browser.new_page(viewport={"width": w, "height": h})
    phone.context.add_cookies(player.context.cookies())
    phone.goto(base_url + "/")
    phone.click("#bell-menu summary")
    expect(phone.locator("#bell-panel")).to_be_visible()
    box = phone.locator("#bell-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= w, box
    phone.close()


@pytest.mark.parametrize("lang", ["en", "fr", "it", "nl"])  # German: the test above
def test_the_rules_pages_on_a_phone(check: Check, player: Page, base_url: str, lang: str) -> None:
    """Each language's rules pages (issue 44): their longest words and widest tables stay
    within a phone's 390 px, and axe finds nothing serious."""
    player.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    for game in ("card", "board"):
        check(f"{base_url}/rules/{game}", "phone")


def test_the_rules_link_of_a_game_page(browser: Browser, player: Page) -> None:
    """The game page's link opens its game's rules, on a phone too."""
    player.click("#tab-board")
    player.select_option("#board-play-now select[name=opponent]", "greedy")
    player.click("#board-play-now button")
    player.wait_for_url(GAME_URL)
    w, h = WIDTHS["phone"]
    phone = browser.new_page(viewport={"width": w, "height": h})
    phone.context.add_cookies(player.context.cookies())
    phone.goto(player.url)
    phone.click("#rules-link")
    phone.wait_for_url("**/rules/board")
    expect(phone.locator("#rules-tab-board")).to_have_attribute("aria-current", "page")
    expect(phone.locator("#carson-river .map-art")).to_be_visible()
    phone.close()


def _together(page: Page, first: str, second: str) -> bool:
    """Whether, with ``second`` scrolled to the top of the screen, both are on it at once."""
    page.evaluate("selector => document.querySelector(selector).scrollIntoView()", second)
    return bool(
        page.evaluate(
            """([a, b]) => [a, b].every(selector => {
                const r = document.querySelector(selector).getBoundingClientRect();
                return r.bottom > 0 && r.top < window.innerHeight;
            })""",
            [first, second],
        )
    )


def test_the_card_game_pages(check: Check, browser: Browser, player: Page) -> None:
    page = player
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    game = page.url
    for width in WIDTHS:
        check(game, width)  # the auction card to choose
    rng = random.Random(2)
    while not page.locator("#board a.cell.mark").count():
        before = seq(page)
        terrain = page.locator(f'#board[data-seq="{before}"] .row-card.terrain button.take')
        if terrain.count():
            terrain.first.click()
            wait_for_change(page, before)
        else:
            play_one_decision(page, rng)
    corner = page.locator("#board a.cell.mark").first
    x, y = corner.get_attribute("data-x"), corner.get_attribute("data-y")
    for width in WIDTHS:
        check(game, width)  # the corners to choose
        check(f"{game}?x={x}&y={y}", width)  # a previewed placement
        check(f"{game}?cmp={x}:{y}", width)  # places compared (issue 25)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(game)
    assert _together(phone, "#decision", "#my-city")
    phone.close()


def test_a_guided_game_page(check: Check, player: Page, base_url: str) -> None:
    player.click("#guided-card")  # a new account is offered the guided games (issue 25)
    player.wait_for_url(GAME_URL)
    game = player.url
    for width in WIDTHS:
        check(game, width)
    player.goto(base_url + "/")  # while it is being played, the home offers to continue it
    player.click("#continue-guided-card")
    player.wait_for_url(game)
    for width in WIDTHS:
        check(base_url + "/", width)


def test_the_board_game_pages(check: Check, browser: Browser, player: Page) -> None:
    page = player
    page.click("#tab-board")
    form = "#board-play-now"
    page.select_option(f"{form} select[name=opponent]", "greedy")
    page.check(f"{form} input[name=river]")
    page.click(f"{form} button")
    page.wait_for_url(GAME_URL)
    page.wait_for_selector("#board .choice")  # the bots wait for this seat: a still page
    for width in WIDTHS:
        check(page.url, width)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(page.url)
    assert _together(phone, "#decision", ".town")
    phone.close()


def _played_to_the_end(player: Page, base_url: str, body: dict[str, object]) -> str:
    """A game played to its end through the API (this seat: its first legal action each
    time; the machine seats move in the background): its page."""
    api = player.request
    csrf = next(c["value"] for c in player.context.cookies() if c["name"] == "carson_csrf")
    headers = {"X-CSRF-Token": csrf}
    game = (
        f"{base_url}/api/games/"
        + api.post(base_url + "/api/games", headers=headers, data=body).json()["id"]
    )
    for _ in range(5000):
        view = api.get(game).json()
        if view["status"] == "over":
            return game.replace("/api/games/", "/games/")
        if not view["legal_actions"]:
            player.wait_for_timeout(20)
            continue
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        api.post(game + "/actions", headers=headers, data=move)  # 409 if a machine was first
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "body",
    [
        {"seats": ["human", "expert", "advanced", "beginner"]},
        {"game": "board", "seats": ["human", "random"], "variants": ["duel-tiles"]},
    ],
    ids=["card", "board"],
)
def test_the_end_and_the_replay(
    check: Check, player: Page, base_url: str, body: dict[str, object]
) -> None:
    game = _played_to_the_end(player, base_url, body)
    for width in WIDTHS:
        check(game, width)
        check(f"{game}/replay?step=40", width)


def test_a_card_is_placed_with_the_keyboard_alone(player: Page) -> None:
    """Tab reaches a marked corner (with a visible focus ring), Enter previews the card
    there, and Tab and Enter confirm it."""
    page = player
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(4)
    while not page.locator("#board a.cell.mark").count():
        before = seq(page)
        terrain = page.locator(f'#board[data-seq="{before}"] .row-card.terrain button.take')
        if terrain.count():
            terrain.first.focus()
            page.keyboard.press("Enter")
            wait_for_change(page, before)
        else:
            play_one_decision(page, rng)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.cell.mark')"):
            break
    else:
        raise AssertionError("no marked corner is reached with Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(31, 111, 235)"  # the focus colour, not the marks' own outline
    page.keyboard.press("Enter")
    expect(page.locator("#board button.confirm")).to_be_visible()
    page.locator("#board button.confirm").focus()
    before = seq(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    expect(page.locator("#board button.confirm")).to_have_count(0)


#: A practice game against machines, made through the API with the page's cookies.
_NEW_GAME = """async () => {
  const csrf = decodeURIComponent(document.cookie.match(/carson_csrf=([^;]*)/)[1]);
  const answer = await fetch("/api/games", {method: "POST", body: JSON.stringify(
      {seats: ["human", "random", "random", "random"]}),
    headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}});
  return answer.status;
}"""


def test_the_pages_of_my_games(check: Check, player: Page, base_url: str) -> None:
    """More games than a page holds: the home page's newer/older links (issue 25)."""
    for _ in range(21):  # a page holds 20
        assert player.evaluate(_NEW_GAME) == 201
    player.goto(base_url + "/")
    player.click("#older-games")
    expect(player.locator("#my-games .games li")).to_have_count(1)
    expect(player.locator("#newer-games")).to_be_visible()
    for width in WIDTHS:
        check(base_url + "/", width)
        check(base_url + "/?page=1", width)


def test_a_players_pages(
    check: Check, player: Page, base_url: str, request: pytest.FixtureRequest
) -> None:
    """A player's profile and list of games, with a game played to its end in both (the
    tables scroll in their own box on a phone), and a game's leaderboard."""
    _played_to_the_end(player, base_url, {"seats": ["human", "expert", "advanced", "beginner"]})
    name = re.sub(r"[^a-z]", "", request.node.name)[-20:]
    for width in WIDTHS:
        check(f"{base_url}/players/{name}", width)
        check(f"{base_url}/players/{name}/games", width)
        check(f"{base_url}/ratings/card", width)
