"""The pages work under their Content-Security-Policy in a real browser: every page a player
goes through, htmx swaps, the live stream and the scoring assistant, without one violation;
and an htmx request answered 503 during a database outage says so."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_play import play_board_decision
from fastapi.testclient import TestClient
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route, expect

from carson.app import create_app

#: Run in every page before its own scripts: collects the browser's CSP violation reports.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", event => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${where}`
  );
});
"""


@pytest.fixture
def watched(browser: Browser) -> Iterator[tuple[BrowserContext, list[str]]]:
    """A browser context whose pages report every CSP violation (events and console)."""
    context = browser.new_context()
    context.add_init_script(WATCH_VIOLATIONS)
    console: list[str] = []

    def listen(page: Page) -> None:
        def on_console(message: ConsoleMessage) -> None:
            if "Content Security Policy" in message.text:
                console.append(message.text)

        page.on("console", on_console)

    context.on("page", listen)
    yield context, console
    context.close()


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__cspViolations || []"), *console]


def test_pages_htmx_and_live_updates_run_without_a_csp_violation(
    watched: tuple[BrowserContext, list[str]], base_url: str
) -> None:
    context, console = watched
    page = context.new_page()
    register(page, base_url, "strict")
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    seen: list[str] = []
    # A card game: htmx swaps the board on each click, the live stream brings the rest.
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(11)
    for _ in range(8):
        if not play_one_decision(page, rng):
            break
    seen += violations(page, console)
    # A board game page, with a few clicks.
    page.goto(base_url + "/")
    page.click("#tab-board")
    page.select_option("#board-play-now select[name=opponent]", "greedy")
    page.click("#board-play-now button")
    page.wait_for_url(GAME_URL)
    for _ in range(4):
        if play_board_decision(page, rng) is None:
            break
    seen += violations(page, console)
    # The rules, the scoring assistant (htmx on load and on change), a missing page.
    for path in ("/rules", "/score", "/games/nosuchgame"):
        page.goto(base_url + path)
        if path == "/score":
            page.check("input[name=brush][value='r']")
            page.click("[data-cell='0-0']")
            expect(page.locator("#total")).not_to_have_text("")
        seen += violations(page, console)
    assert seen == []


def test_the_watch_does_see_a_violation(
    watched: tuple[BrowserContext, list[str]], base_url: str
) -> None:
    """The test above cannot pass for want of listening: an inline script is reported."""
    context, console = watched
    page = context.new_page()
    page.goto(base_url + "/rules")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = true'; document.body.append(s); }"
    )
    page.wait_for_function("() => window.__cspViolations.length > 0")
    assert page.evaluate("window.ran") is None
    assert any("script-src" in line for line in violations(page, console))


def outage_page(tmp_path: Path) -> str:
    """The page the server sends a visitor while its database is down."""
    app = create_app(f"sqlite:///{tmp_path / 'lost' / 'web.db'}")
    with TestClient(app) as client:
        shutil.rmtree(tmp_path / "lost")
        app.state.engine.dispose()
        client.cookies.set("carson_session", "any")  # asks the database for the session
        response = client.get("/")
    assert response.status_code == 503
    return response.text


def test_an_htmx_request_answered_503_shows_the_outage_message_until_one_succeeds(
    watched: tuple[BrowserContext, list[str]], base_url: str, tmp_path: Path
) -> None:
    (tmp_path / "lost").mkdir()
    html = outage_page(tmp_path)
    context, console = watched
    page = context.new_page()
    register(page, base_url, "outage")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    game = page.locator("#board").get_attribute("data-game")
    refresh = f"htmx.ajax('GET', '/games/{game}/board', {{target: '#board', swap: 'outerHTML'}})"

    def down(route: Route) -> None:
        """The database is down: every request of the page's scripts is answered 503 (the
        page's other refreshes, a clock's or the log's, would end the notice if they
        succeeded: any success does)."""
        if route.request.resource_type != "xhr":
            route.continue_()
            return
        route.fulfill(status=503, body=html, headers={"content-type": "text/html"})

    page.route("**/*", down)
    page.evaluate(refresh)
    expect(page.locator("#outage")).to_contain_text("cannot reach its database")
    expect(page.locator("#board")).to_be_visible()  # the board stays as it was
    page.unroute("**/*", down)
    page.evaluate(refresh)
    expect(page.locator("#outage")).to_have_count(0)
    assert violations(page, console) == []
