"""Screenshots of the main pages for the README: ``make screenshots`` (needs chromium).

python tests/web/screenshots.py docs/screenshots
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/ (live_server)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_play import builder_move
from browser import CHROMIUM, CHROMIUM_ARGS, running_server
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, FloatRect, Page, sync_playwright

#: The table's gallery: each game's first screen on a laptop and on a phone.
SCREENS = {"laptop": (1366, 768), "phone": (390, 844)}


def shoot(page: Page, out: Path, name: str, height: int | None = None) -> None:
    """The whole page, or its top ``height`` pixels (a long page: the rules)."""
    clip = None if height is None else FloatRect(x=0, y=0, width=1366, height=height)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True, clip=clip)
    print(out / f"{name}.png")


def shoot_table(browser: Browser, page: Page, out: Path, name: str, lang: str = "en") -> None:
    """The page's URL as a player sees it first, without scrolling, on each screen:
    ``<name>-laptop.png`` and ``<name>-phone.png``."""
    for screen, (width, height) in SCREENS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies(page.context.cookies())
        context.add_cookies([{"name": "lang", "value": lang, "url": page.url}])
        seen = context.new_page()
        seen.goto(page.url)
        seen.wait_for_load_state("networkidle")
        seen.screenshot(path=str(out / f"{name}-{screen}.png"))
        print(out / f"{name}-{screen}.png")
        context.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as directory,
        running_server(Path(directory)) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        register(page, base, "Annie")
        shoot(page, out, "home")
        card_game(browser, page, out)
        game_url = page.url
        page.goto(game_url + "/replay?step=60")
        shoot(page, out, "replay")
        scoring_assistant(page, base, out)
        page.click("a[hreflang=de]")
        page.goto(base + "/rules/card")
        shoot(page, out, "rules-de", height=2400)
        page.goto(game_url)
        shoot_table(browser, page, out, "card-end-de", "de")
        page.click("a[hreflang=en]")
        board_game(browser, page, base, out)
        lobby_and_clocks(browser, page, base, out)
        browser.close()


def card_game(browser: Browser, page: Page, out: Path) -> None:
    """The card game at its start, in the middle (a card to place) and at its end."""
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    shoot_table(browser, page, out, "card-start")
    rng = random.Random(11)
    for _ in range(40):  # into the second era, to a placement
        play_one_decision(page, rng)
    while not page.locator("a.cell.mark").count():
        play_one_decision(page, rng)
    shoot_table(browser, page, out, "card-middle")
    while play_one_decision(page, rng):
        pass
    shoot_table(browser, page, out, "card-end")


def scoring_assistant(page: Page, base: str, out: Path) -> None:
    page.goto(base + "/score")
    for letter, cells in (
        ("r", ["0-0", "3-1"]), (".", ["1-0", "0-1", "1-1", "2-1"]),
        ("h", ["2-0", "3-0"]), ("b", ["4-0"]), ("s", ["4-1"]),
    ):  # fmt: skip
        page.check(f"input[name=brush][value='{letter}']")
        for cell in cells:
            page.click(f"[data-cell='{cell}']")
    page.check("input[name=p-cowboy]")
    page.locator("#total").wait_for()
    shoot(page, out, "scoring-assistant")


def board_game(browser: Browser, page: Page, base: str, out: Path) -> None:
    """The board game at its start, in the middle (cowboys being placed, prices shown) and at
    its end; the town as a map late in the game. Moves go through the API to reach those
    moments quickly."""
    page.goto(base + "/?game=board")
    page.select_option("#board-play-now select[name=opponent]", "greedy")
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    page.locator("#board .choice").first.wait_for()
    shoot_table(browser, page, out, "board-start")
    _play_board(browser, page, base, out, random.Random(5))
    page.locator("#result").wait_for()
    shoot_table(browser, page, out, "board-end")


def _play_board(browser: Browser, page: Page, base: str, out: Path, rng: random.Random) -> None:
    game = page.url.rstrip("/").split("/")[-1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    shots: set[str] = set()
    while True:
        view = page.request.get(f"{base}/api/games/{game}").json()
        if view["status"] == "over":
            page.goto(page.url)
            return
        legal = view["legal_actions"]
        if not legal:
            page.wait_for_timeout(50)
            continue
        kind = view["view"]["decision"]["kind"]
        if kind == "place" and view["view"]["round"] >= 2 and "middle" not in shots:
            page.goto(page.url)
            shoot_table(browser, page, out, "board-middle")
            shots.add("middle")
        if kind == "place" and view["view"]["round"] >= 4 and "map" not in shots:
            page.goto(page.url)  # the town later in the game: owners, buildings, roads
            page.locator("#town").screenshot(path=str(out / "board-map.png"))
            print(out / "board-map.png")
            shots.add("map")
        action = builder_move(kind, legal, view["view"], rng)
        page.request.post(
            f"{base}/api/games/{game}/actions",
            data={"seq": view["seq"], "action": action},
            headers={"X-CSRF-Token": csrf},
        )


def _api(page: Page, base: str, body: dict[str, Any]) -> str:
    """A game made through the API with the page's session: its id."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    made = page.request.post(f"{base}/api/games", data=body, headers={"X-CSRF-Token": csrf})
    return str(made.json()["id"])


def lobby_and_clocks(browser: Browser, page: Page, base: str, out: Path) -> None:
    """The lobby with others' tables and one's own private one; a timed game's first screen,
    its clocks next to the decision."""
    other = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(other, base, "Bruno")
    _api(other, base, {"game": "card", "seats": ["human", "human", "ai-easy", "expert"],
                       "time_control": "3d", "rating_min": 1400, "rating_max": 2000,
                       "rated": True, "lang": "de", "public": True})  # fmt: skip
    _api(other, base, {"game": "board", "seats": ["human", "human", "greedy"],
                       "time_control": "10+5", "variants": ["river"], "public": True})  # fmt: skip
    _api(other, base, {"game": "board", "seats": ["human", "human"], "rating_min": 1800,
                       "rated": True, "public": True})  # fmt: skip
    _api(page, base, {"game": "board", "seats": ["human", "human", "ai-medium"],
                      "public": False, "time_control": "2d"})  # fmt: skip
    page.goto(base + "/lobby")
    page.locator(".lobby-table").first.wait_for()
    shoot(page, out, "lobby")
    timed = _api(page, base, {"game": "board", "seats": ["human", "greedy", "greedy"],
                              "time_control": "10+5"})  # fmt: skip
    page.goto(f"{base}/games/{timed}")
    page.locator("#board .choice").first.wait_for()
    page.screenshot(path=str(out / "clocks.png"))  # the first screen only
    print(out / "clocks.png")
    other.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
