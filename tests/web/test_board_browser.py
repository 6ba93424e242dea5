"""The board game in a real browser (Playwright driving Debian's chromium): a whole game
against two AI seats by clicking, with the price view, the score sheet and the replay; a
duel-tiles game where the tiles are chosen by clicking; the town on a phone."""

from __future__ import annotations

import random
import re

from board_play import play_board_decision, wait_for_change
from play import GAME_URL, register
from playwright.sync_api import Browser, Page, expect


def start_board_game(
    browser: Browser, base_url: str, name: str, opponent: str, seats: str, variants: str = ""
) -> Page:
    page = browser.new_page()
    register(page, base_url, name)
    page.click("#tab-board")
    form = "#board-play-now"
    page.select_option(f"{form} select[name=opponent]", opponent)
    page.select_option(f"{form} select[name=seats]", seats)
    for variant in variants.split():
        page.check(f"{form} input[name={variant}]")
    page.click(f"{form} button")
    page.wait_for_url(GAME_URL)
    return page


def test_a_board_game_against_two_ais_by_clicking(browser: Browser, base_url: str) -> None:
    page = start_board_game(browser, base_url, "annie", "ai-easy", "3")
    expect(page.locator("#personalities .person")).to_have_count(7)
    page.check("#show-values")  # BG-9.5: parcel prices and incomes on the town
    rng = random.Random(7)
    clicked: list[str] = []
    notes: list[str] = []
    while (kind := play_board_decision(page, rng, notes=notes)) is not None:
        clicked.append(kind)
        assert len(clicked) < 600, "the game should end"
    # BG-9.5: while placing, the $ of the buildings and parcels one's cowboys stand on
    placement_sums = [note for note in notes if "stand on buildings and parcels worth $" in note]
    expect(page.locator("#result")).to_be_visible()
    assert {"card", "parcel", "button"} <= set(clicked)
    assert {"space", "crowded space"} & set(clicked)
    assert placement_sums and "worth $0;" in placement_sums[0]
    # The price view stayed on over every board the live updates swapped in.
    assert page.locator("html.show-values").count() == 1
    expect(page.locator("#show-values")).to_be_checked()
    expect(page.locator(".town .value.price").first).to_be_visible()
    # The sheet's totals are the players' VP, and it names the winner.
    totals = page.locator("#result tr.total th").all_inner_texts()[1:]
    shown = page.locator(".player[data-seat]").evaluate_all(  # the own supply first: by seat
        "ps => ps.sort((a, b) => a.dataset.seat - b.dataset.seat)"
        ".map(p => p.querySelector('.vp').textContent)"
    )
    assert len(totals) == 3 and [int(t) for t in totals] == [int(v) for v in shown]
    headline = page.locator("#result h3").inner_text()
    assert headline == "You won!" or headline.startswith("Winner: ")
    page.click("text=Watch the replay")
    expect(page.locator(".replay-controls")).to_contain_text("Move 0 of")
    page.click("#forward")
    expect(page.locator(".replay-controls")).to_contain_text("Move 1 of")
    page.click("#forward10")
    expect(page.locator(".replay-controls")).to_contain_text("Move 11 of")
    expect(page.locator("#replay-board .events li").first).to_be_visible()
    page.click("#last")
    expect(page.locator("#replay-board #result")).to_be_visible()
    page.close()


def test_duel_tiles_are_chosen_by_clicking(browser: Browser, base_url: str) -> None:
    """BG-10.2: two players with duel tiles; crowding the greedy bot's spaces brings duels,
    whose tiles are clicked; the tile leaves the hand and the duel is told."""
    page = start_board_game(browser, base_url, "duelist", "greedy", "2", "duel-tiles")

    def crowd(kinds: list[str], rng: random.Random) -> int:
        for wanted in ("tile", "crowded space"):
            if wanted in kinds:
                return kinds.index(wanted) + rng.randrange(kinds.count(wanted))
        return rng.randrange(len(kinds))

    rng = random.Random(3)
    tiles = 0
    while tiles < 2:
        kind = play_board_decision(page, rng, crowd)
        assert kind is not None, "no duel in a whole game"
        tiles += kind == "tile"
    me = page.locator("#my-supply")
    expect(me).to_contain_text("duel tiles")
    expect(page.locator("#events")).to_contain_text("Duel (")
    page.close()


#: Each parcel of the map's clickable grid against its drawing (px, the largest gap).
_MISPLACED = """() => Math.max(...[...document.querySelectorAll('.map-grid [data-parcel]')]
 .map(cell => {
  const a = cell.getBoundingClientRect();
  const lot = `.map-art [data-lot="${cell.dataset.parcel}"]`;
  const b = document.querySelector(lot).getBoundingClientRect();
  return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top),
                  Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom));
}))"""


def test_the_town_map_fits_a_phone_and_is_played_by_keyboard(
    browser: Browser, base_url: str
) -> None:
    """The town is a drawn map whose parcels are labelled controls lying on their drawing;
    on a 390 px phone it fits without scrolling sideways, and a parcel is chosen with the
    keyboard alone."""
    page = start_board_game(browser, base_url, "phoebe", "greedy", "4", "river")
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.context.add_cookies(page.context.cookies())
    phone.goto(page.url)
    target = phone.locator("#board .map-grid button.parcel-target").first
    target.wait_for()  # the setup's claim: every free parcel is a target
    # Read in one go: a live update may swap the board between two questions.
    left, right = phone.evaluate(
        "() => { const r = document.querySelector('.town').getBoundingClientRect();"
        " return [r.left, r.right]; }"
    )
    assert left >= 0 and right <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.locator(".map-grid [data-parcel]").count() == 64
    assert phone.evaluate(_MISPLACED) < 1
    expect(phone.locator(".town .parcel.river").first).to_be_visible()
    label = target.get_attribute("aria-label") or ""
    assert re.search(r": [A-H][1-8] · ", label), label
    before = phone.locator("#board").get_attribute("data-seq") or ""
    target.focus()
    phone.keyboard.press("Enter")
    wait_for_change(phone, before)
    expect(phone.locator("#events")).to_contain_text("phoebe claims")
    phone.close()
    page.close()
