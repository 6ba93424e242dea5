"""Playing through the web page as a person does: by clicking what the page offers."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from playwright.sync_api import Browser, ConsoleMessage, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def register(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#register-form input[name=username]", name)
    page.fill("#register-form input[name=password]", "a long password")
    page.click("#register-form button")
    expect(page.locator("#play-now")).to_be_visible()


def watched(browser: Browser, reports: list[str], errors: bool = False) -> Page:
    """A page of a context of its own whose Content-Security-Policy reports (and, with
    ``errors``, console errors) are collected in ``reports``."""
    page = browser.new_context().new_page()

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or (errors and message.type == "error"):
            reports.append(message.text)

    page.on("console", on_console)
    return page


#: Creates a game through the API with the page's own session (and its CSRF cookie).
_CREATE = """async asked => {
  const csrf = decodeURIComponent(document.cookie.match(/carson_csrf=([^;]*)/)[1]);
  const answer = await fetch("/api/games", {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
    body: JSON.stringify(asked),
  });
  return (await answer.json()).id;
}"""


def create_game(
    page: Page,
    game: str = "toy",
    seats: Sequence[str] = ("human", "human"),
    time_control: str | None = None,
) -> str:
    """A new game's id, made by the signed-in player of ``page``."""
    asked: dict[str, object] = {"game": game, "seats": list(seats)}
    if time_control is not None:
        asked["time_control"] = time_control
    game_id = page.evaluate(_CREATE, asked)
    assert isinstance(game_id, str), game_id
    return game_id


def seq(page: Page) -> str:
    return page.locator("#board").get_attribute("data-seq") or ""


def wait_for_change(page: Page, before: str) -> None:
    """Until the board shows another move than ``before`` (swapped in by htmx)."""
    page.wait_for_function(
        "before => { const b = document.querySelector('#board');"
        " return b && (b.dataset.seq !== before || b.dataset.status === 'over'); }",
        arg=before,
    )


#: What the page offers now, read in one go so that a board swapped in between cannot mix
#: two boards' counts.
_OFFER = """() => {
  const board = document.querySelector('#board');
  if (!board) return null;
  const count = selector => board.querySelectorAll(selector).length;
  return {seq: board.dataset.seq, status: board.dataset.status,
          marks: count('a.cell.mark'), takes: count('button.take'),
          choices: count('#decision button.choice')};
}"""


def play_one_decision(page: Page, rng: random.Random) -> bool:
    """Make this seat's next decision by clicking; False if the page asks nothing now.

    A live update may replace the board at any moment, so every click is aimed at the board
    of the move that was read (``#board[data-seq=…]``); when that board is gone before the
    click, nothing was decided and the caller simply asks again.
    """
    offer = page.evaluate(_OFFER)
    if not offer or offer["status"] != "playing":
        return False
    before = offer["seq"]
    board = f'#board[data-seq="{before}"]'
    try:
        if offer["marks"]:
            mark = rng.randrange(offer["marks"])
            page.locator(f"{board} a.cell.mark").nth(mark).click(timeout=2000)  # preview …
            page.locator(f"{board} button.confirm").click(timeout=5000)  # … and place it
        elif offer["takes"]:
            take = rng.randrange(offer["takes"])
            page.locator(f"{board} button.take").nth(take).click(timeout=2000)
        elif offer["choices"]:
            choice = rng.randrange(offer["choices"])
            page.locator(f"{board} #decision button.choice").nth(choice).click(timeout=2000)
        else:
            return False
    except PlaywrightTimeout:
        return False  # the board changed under the pointer: read it again
    wait_for_change(page, before)
    return True


def final_totals(page: Page) -> list[int]:
    cells = page.locator("#result tr.total th").all_inner_texts()[1:]
    return [int(value) for value in cells]


GAME_URL = re.compile(r".*/games/[0-9a-f]+$")
