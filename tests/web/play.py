"""Playing through the web page as a person does: by clicking what the page offers."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect


def register(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#register-form input[name=username]", name)
    page.fill("#register-form input[name=password]", "a long password")
    page.click("#register-form button")
    expect(page.locator("#play-now")).to_be_visible()


def seq(page: Page) -> str:
    return page.locator("#board").get_attribute("data-seq") or ""


def wait_for_change(page: Page, before: str) -> None:
    """Until the board shows another move than ``before`` (swapped in by htmx)."""
    page.wait_for_function(
        "before => { const b = document.querySelector('#board');"
        " return b && (b.dataset.seq !== before || b.dataset.status === 'over'); }",
        arg=before,
    )


def play_one_decision(page: Page, rng: random.Random) -> bool:
    """Make this seat's next decision by clicking; False if the page asks nothing now."""
    board = page.locator("#board")
    if board.get_attribute("data-status") != "playing":
        return False
    before = seq(page)
    marks = page.locator("a.cell.mark")
    takes = page.locator("button.take")
    choices = page.locator("#decision button.choice")
    if marks.count():
        marks.nth(rng.randrange(marks.count())).click()  # preview the placement …
        confirm = page.locator("button.confirm")
        expect(confirm).to_be_visible()
        confirm.click()  # … and place the card there
    elif takes.count():
        takes.nth(rng.randrange(takes.count())).click()
    elif choices.count():
        choices.nth(rng.randrange(choices.count())).click()
    else:
        return False
    wait_for_change(page, before)
    return True


def final_totals(page: Page) -> list[int]:
    cells = page.locator("#result tr.total th").all_inner_texts()[1:]
    return [int(value) for value in cells]


GAME_URL = re.compile(r".*/games/[0-9a-f]+$")
