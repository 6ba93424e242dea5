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
from browser import CHROMIUM, CHROMIUM_ARGS, running_server
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, FloatRect, Page, sync_playwright


def shoot(page: Page, out: Path, name: str, height: int | None = None) -> None:
    """The whole page, or its top ``height`` pixels (a long page: the rules)."""
    clip = None if height is None else FloatRect(x=0, y=0, width=1200, height=height)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True, clip=clip)
    print(out / f"{name}.png")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as directory,
        running_server(Path(directory)) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        register(page, base, "Annie")
        shoot(page, out, "home")
        page.click("#play-now button")
        page.wait_for_url(GAME_URL)
        rng = random.Random(11)
        for _ in range(40):  # into the first era, to a placement
            play_one_decision(page, rng)
        while not page.locator("a.cell.mark").count():
            play_one_decision(page, rng)
        page.locator("a.cell.mark").first.click()
        page.locator("button.confirm").wait_for()
        shoot(page, out, "game-placement")
        while play_one_decision(page, rng):
            pass
        shoot(page, out, "game-over")
        game_url = page.url
        page.goto(game_url + "/replay?step=60")
        shoot(page, out, "replay")
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
        page.click("a[hreflang=de]")
        page.goto(base + "/rules/card")
        shoot(page, out, "rules-de", height=2400)
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.context.add_cookies(page.context.cookies())
        phone.goto(game_url)
        shoot(phone, out, "phone")
        page.click("a[hreflang=en]")
        board_game(page, base, out)
        lobby_and_clocks(browser, page, base, out)
        browser.close()


def board_game(page: Page, base: str, out: Path) -> None:
    """The board game: cowboys being placed (with prices shown), a building's free house
    being placed, and the end. Moves go through the API to reach those moments quickly;
    another game is played if the first had no house to place."""
    rng = random.Random(5)
    shots: set[str] = set()
    for _ in range(6):
        page.goto(base + "/?game=board")
        page.select_option("#board-play-now select[name=opponent]", "greedy")
        page.click("#board-play-now button")
        page.wait_for_url(GAME_URL)
        _play_board(page, base, out, rng, shots)
        if "board-game-over" not in shots:
            page.locator("#result").wait_for()
            shoot(page, out, "board-game-over")
            shots.add("board-game-over")
        if "board-construction" in shots:
            return


def _play_board(page: Page, base: str, out: Path, rng: random.Random, shots: set[str]) -> None:
    game = page.url.rstrip("/").split("/")[-1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
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
        mine = sum(
            cowboy["seat"] == view["seat"]
            for place in view["view"]["spaces"] + view["view"]["parcels"]
            for cowboy in place["cowboys"]
        )
        if kind == "place" and mine >= 2 and "board-placement" not in shots:
            page.goto(page.url)
            page.check("#show-values")
            shoot(page, out, "board-placement")
            page.uncheck("#show-values")
            shots.add("board-placement")
        if kind == "place" and view["view"]["round"] >= 4 and "board-map" not in shots:
            page.goto(page.url)  # the town later in the game: owners, buildings, roads
            page.locator("#town").screenshot(path=str(out / "board-map.png"))
            print(out / "board-map.png")
            shots.add("board-map")
        if kind == "house" and "board-construction" not in shots:
            page.goto(page.url)
            shoot(page, out, "board-construction")
            shots.add("board-construction")
        action = _builder(kind, legal, view["view"], rng)
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
    other = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
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


def _builder(
    kind: str, legal: list[dict[str, Any]], view: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A player who claims parcels by the town centre and builds what comes with a house."""
    prefer: list[dict[str, Any]] = []
    if kind in ("claim", "settler"):
        cx, cy = next((p["x"], p["y"]) for p in view["parcels"] if p["tile"] == "house")
        prefer = [
            a
            for a in legal
            if "parcel" in a and max(abs(a["parcel"][0] - cx), abs(a["parcel"][1] - cy)) == 1
        ]
    elif kind == "personality":
        prefer = [a for a in legal if a["id"] == "worker"]
    elif kind == "place" and rng.random() < 0.8:
        town = {s["id"]: s.get("building") for s in view["spaces"]}  # buildings with a house
        prefer = [a for a in legal if town.get(a.get("space")) not in (None, "ranch", "mine")]
    elif kind == "menu":
        prefer = [a for a in legal if a.get("option") == "take"]
    elif kind == "construct":
        prefer = [a for a in legal if a["kind"] == "build"] or [{"kind": "store"}]
    return rng.choice(prefer or legal)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
