"""Issue 44's first screen: on a laptop (1366×768) and a phone (390×844), in English and in
German, what a player decides with is on the screen without scrolling — the decision, the
row and the player's city (card game), the decision, the town and the player's supply (board
game) — and the page is never wider than the screen."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from board_play import builder_move
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, Page

SCREENS = {"laptop": (1366, 768), "phone": (390, 844)}
LANGUAGES = ("en", "de")

#: Each selector's box against the window: [selector, found, fully inside, its top, its bottom].
_BOXES = """selectors => selectors.map(selector => {
  const element = document.querySelector(selector);
  if (!element) return [selector, false, false, 0, 0];
  const r = element.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
    && r.right <= window.innerWidth && r.height > 0;
  return [selector, true, inside, Math.round(r.top), Math.round(r.bottom)];
})"""

#: Words of the elements ``selector`` finds that the browser broke across two lines.
_BROKEN_WORDS = """selector => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      for (const match of text.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""

#: The words of a player's figures (``dl.stats``) that ended a line with the figure on the next.
_PARTED = """() => [...document.querySelectorAll('.stats dt')].filter(dt => {
  const dd = dt.nextElementSibling;
  return dd && Math.abs(dd.getBoundingClientRect().top - dt.getBoundingClientRect().top) > 4;
}).map(dt => dt.textContent)"""

Look = Callable[[str, dict[str, tuple[str, ...]]], None]


@pytest.fixture
def player(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Page:
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(page, base_url, request.node.name.split("_")[2] + "firstscreen")  # card, board
    return page


@pytest.fixture
def look(browser: Browser, player: Page) -> Iterator[Look]:
    """``look(url, {screen: selectors})``: opens the URL on each screen in each language and
    notes every selector not wholly on the first screen, and any page wider than it; all the
    problems are reported together at the end."""
    problems: list[str] = []

    def run(url: str, wanted: dict[str, tuple[str, ...]]) -> None:
        for screen, selectors in wanted.items():
            width, height = SCREENS[screen]
            for lang in LANGUAGES:
                context = browser.new_context(viewport={"width": width, "height": height})
                context.add_cookies(player.context.cookies())
                context.add_cookies([{"name": "lang", "value": lang, "url": url}])
                page = context.new_page()
                page.goto(url)
                page.wait_for_load_state("networkidle")
                where = f"{url} on a {screen} in {lang}"
                for selector, found, inside, top, bottom in page.evaluate(_BOXES, selectors):
                    if not inside:
                        seen = f"from {top} to {bottom} px" if found else "missing"
                        problems.append(f"{where}: {selector} {seen}, the screen is {height}")
                broken = page.evaluate(_BROKEN_WORDS, ".track .space")
                if broken:  # issue 44: "Einkomme n"
                    problems.append(f"{where}: words broken in the track: {broken}")
                parted = page.evaluate(_PARTED)
                if parted:  # "Stärke:" at a line's end, "9" on the next
                    problems.append(f"{where}: figures apart from their words: {parted}")
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    problems.append(f"{where}: the page is {wide} px wide")
                context.close()

    yield run
    assert not problems, "\n".join(problems)


def _round(page: Page) -> int:
    text = page.locator("#board .status-line strong").first.inner_text()
    digits = [int(word) for word in text.split() if word.isdigit()]
    return digits[0] if digits else 0


def test_the_card_games_first_screen(player: Page, look: Look) -> None:
    """Mid-game, when a card is to be taken and when it is to be placed (its city grown)."""
    page = player
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(11)
    while not (_round(page) >= 8 and page.locator("#board button.take").count()):
        if not play_one_decision(page, rng):
            page.wait_for_timeout(100)  # the machines' turn
    look(
        page.url,
        {
            "laptop": ("#decision", "#row", "#my-city .city"),
            "phone": ("#decision", "#row"),
        },
    )
    while not page.locator("#board a.cell.mark").count():
        if not play_one_decision(page, rng):
            page.wait_for_timeout(100)
    look(
        page.url,
        {
            "laptop": ("#decision", "#row", "#my-city .city"),
            "phone": ("#decision", "#my-city .city"),
        },
    )


def test_the_board_games_first_screen(player: Page, look: Look, base_url: str) -> None:
    """In the second round, placing cowboys: the town has buildings, the supply has changed."""
    page = player
    page.goto(base_url + "/?game=board")
    page.select_option("#board-play-now select[name=opponent]", "greedy")
    page.select_option("#board-play-now select[name=seats]", "4")  # the longest legend
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    rng = random.Random(5)
    while True:  # through the API to the second round's cowboys
        view = page.request.get(f"{base_url}/api/games/{game}").json()
        legal = view["legal_actions"]
        if not legal:
            page.wait_for_timeout(50)
            continue
        kind = view["view"]["decision"]["kind"]
        if kind == "place" and view["view"]["round"] >= 2:
            break
        action = builder_move(kind, legal, view["view"], rng)
        page.request.post(
            f"{base_url}/api/games/{game}/actions",
            data={"seq": view["seq"], "action": action},
            headers={"X-CSRF-Token": csrf},
        )
    look(
        page.url,
        {
            # the legend's last line too (it fell below the fold at 1366×768)
            "laptop": ("#decision", "#town .town-map", "#town .legend", "#my-supply"),
            "phone": ("#decision", "#town .town-map"),
        },
    )
