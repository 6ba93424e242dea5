"""The clocks in a real browser, under the pages' Content-Security-Policy: the running clocks
count down every second, a move by the other player (arriving live) stops theirs, and
resigning behind its confirmation hands the seat to a machine — without one CSP violation."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser import running_server
from play import create_game, register, watched
from playwright.sync_api import Browser, Page, expect

from toy import toy_environment

GAME = re.compile(r"/games/(\w+)$")
LIVE = 15_000


@pytest.fixture(scope="module")
def toy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("clocks-web"), toy_environment()) as base:
        yield base


def clock_times(page: Page) -> list[str]:
    return page.locator("#clocks .clock-time").all_inner_texts()


def test_a_correspondence_clock_reads_in_days_and_hours_next_to_the_decision_on_a_phone(
    browser: Browser, toy_base_url: str
) -> None:
    """One format for a correspondence clock, days and hours, as drawn and as it ticks; on
    a 390 px phone the clocks are on the first screen with the decision."""
    alice = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bob = browser.new_context().new_page()
    register(alice, toy_base_url, "alma")
    register(bob, toy_base_url, "bert")
    game = create_game(alice, time_control="2d")
    bob.goto(f"{toy_base_url}/games/{game}")
    bob.click("#join")
    alice.goto(f"{toy_base_url}/games/{game}")
    expect(alice.locator("#clocks .clock.running")).to_have_count(2)
    assert clock_times(alice) == ["1 d 23 h", "1 d 23 h"]  # as the server drew them
    alice.wait_for_timeout(1500)  # clocks.js redraws running clocks every second
    assert clock_times(alice) == ["1 d 23 h", "1 d 23 h"]  # not "1d 23:59"

    board_game = create_game(alice, "board", ("human", "greedy"), time_control="2d")
    alice.goto(f"{toy_base_url}/games/{board_game}")
    alice.wait_for_selector("#board .choice")  # the board game's long page
    top = alice.evaluate(
        "() => ['#clocks', '#decision'].map(s => document.querySelector(s)"
        ".getBoundingClientRect()).map(r => [r.top, r.bottom])"
    )
    assert all(start >= 0 and end <= 844 for start, end in top), top


def test_the_clocks_tick_stop_on_a_move_and_a_resign_hands_the_seat_over(
    browser: Browser, toy_base_url: str
) -> None:
    reports: list[str] = []
    alice, bob = watched(browser, reports), watched(browser, reports)
    register(alice, toy_base_url, "alice")
    register(bob, toy_base_url, "bob")
    game = create_game(alice, time_control="5+3")
    bob.goto(f"{toy_base_url}/games/{game}")
    bob.click("#join")
    alice.goto(f"{toy_base_url}/games/{game}")
    expect(alice.locator("#clocks .clock.running")).to_have_count(2)
    first = clock_times(alice)
    alice.wait_for_function(
        "first => [...document.querySelectorAll('#clocks .clock-time')]"
        ".map(t => t.textContent).join() !== first.join()",
        arg=first,
        timeout=5000,
    )  # a second later, both clocks went down
    assert all(re.fullmatch(r"4:5\d", time) for time in clock_times(alice))

    bob.wait_for_selector('#board[data-status="playing"]')
    bob.locator('#board[data-status="playing"] #decision button.choice').first.click()
    expect(alice.locator("#clocks .clock.running")).to_have_count(1, timeout=LIVE)
    expect(alice.locator("#clocks .clock").nth(1)).not_to_have_class(re.compile("running"))

    alice.click("#clocks details.resign summary")
    alice.click("#clocks details.resign button.danger")
    expect(alice.locator("#clocks .clock-gone")).to_have_text("resigned", timeout=LIVE)
    expect(alice.locator("#clocks details.resign")).to_have_count(0)
    assert reports == []


#: Two redraws of the clocks panel close together, the second asked for as the first is
#: swapped in and before it settles (another player's move and the page's own refresh).
TWO_REDRAWS = """game => new Promise(done => {
  const url = "/games/" + game + "/clocks";
  const draw = () => htmx.ajax("GET", url, {target: "#clocks", swap: "outerHTML"});
  let swaps = 0;
  document.addEventListener("htmx:afterSwap", function second(event) {
    const id = event.detail.target.id;
    if (id !== "clocks" && id !== "clock-state") return; // the panel, or what changes in it
    swaps += 1;
    if (swaps === 1) draw();
    else {
      document.removeEventListener("htmx:afterSwap", second);
      window.setTimeout(() => done(true), 200); // both settled
    }
  });
  draw();
})"""


def two_playing(browser: Browser, base: str, names: tuple[str, str]) -> tuple[Page, str]:
    """Two players (``names``) in a game with clocks, both running: the first's page and the
    game's id."""
    alice, bob = (browser.new_context().new_page() for _ in range(2))
    register(alice, base, names[0])
    register(bob, base, names[1])
    game = create_game(alice, time_control="5+3")
    bob.goto(f"{base}/games/{game}")
    bob.click("#join")
    alice.goto(f"{base}/games/{game}")
    expect(alice.locator("#clocks .clock.running")).to_have_count(2)
    return alice, game


def test_the_resign_confirmation_stays_open_through_redraws_landing_together(
    browser: Browser, toy_base_url: str
) -> None:
    alice, game = two_playing(browser, toy_base_url, ("alice2", "bob2"))
    alice.click("#clocks details.resign summary")
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "")
    alice.evaluate(TWO_REDRAWS, game)
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "")
    alice.click("#clocks details.resign summary")  # closed by the player: closed it stays
    alice.evaluate(TWO_REDRAWS, game)
    expect(alice.locator("#clocks details.resign")).not_to_have_attribute("open", "")


#: Draw the clocks panel again and wait until it settled.
REDRAW = """game => new Promise(done => {
  document.addEventListener("htmx:afterSettle", function settled(event) {
    const id = event.detail.target.id;
    if (id !== "clocks" && id !== "clock-state") return;
    document.removeEventListener("htmx:afterSettle", settled);
    done(id);
  });
  htmx.ajax("GET", "/games/" + game + "/clocks", {target: "#clocks", swap: "outerHTML"});
})"""


def test_a_click_on_the_resign_summary_survives_a_redraw_between_press_and_release(
    browser: Browser, toy_base_url: str
) -> None:
    """The player presses the mouse on "Resign…", another player's move redraws the panel,
    the player releases: the confirmation opens (the summary pressed is still the one
    released on, so the click is not lost with a replaced element)."""
    alice, game = two_playing(browser, toy_base_url, ("alice3", "bob3"))
    alice.evaluate("document.querySelector('#clocks').scrollIntoView({block: 'center'})")
    box = alice.locator("#clocks details.resign summary").bounding_box()
    assert box is not None
    alice.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    alice.mouse.down()
    assert alice.evaluate(REDRAW, game) == "clock-state"  # the clocks drawn again
    alice.mouse.up()
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "")


#: A click on "Resign…", then the panel drawn again in the same task — as when a refresh's
#: answer was already waiting: the click's toggle event comes only after the redraw took its
#: element away (as htmx swaps an answer: its events tell the panel's old element).
CLICK_THEN_REDRAW = """game => fetch("/games/" + game + "/clocks").then(answer => answer.text())
  .then(html => new Promise(done => {
    const panel = document.getElementById("clocks");
    document.addEventListener("htmx:afterSettle", () => done(true), {once: true});
    panel.querySelector("details.resign summary").click();
    htmx.swap(panel, html, {swapStyle: "outerHTML"}, {eventInfo: {target: panel}});
  }))"""


def test_a_click_whose_toggle_event_comes_after_the_redraw_still_opens_the_confirmation(
    browser: Browser, toy_base_url: str
) -> None:
    alice, game = two_playing(browser, toy_base_url, ("alice4", "bob4"))
    alice.evaluate(CLICK_THEN_REDRAW, game)
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "")
    alice.click("#clocks details.resign summary")  # closed by the player, before a redraw
    alice.evaluate(CLICK_THEN_REDRAW, game)  # and opened again by the next click
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "")
