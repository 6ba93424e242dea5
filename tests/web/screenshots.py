"""Screenshots of the main pages for the README: ``make screenshots`` (needs chromium).

python tests/web/screenshots.py docs/screenshots
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import CHROMIUM, CHROMIUM_ARGS, running_server
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Page, sync_playwright


def shoot(page: Page, out: Path, name: str) -> None:
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)
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
        page.goto(base + "/rules")
        shoot(page, out, "rules-de")
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.context.add_cookies(page.context.cookies())
        phone.goto(game_url)
        shoot(phone, out, "phone")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
