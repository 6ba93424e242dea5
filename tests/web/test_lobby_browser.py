"""The lobby in a real browser against a real ``carson serve`` (issue 23): a table one
person opens appears in another's lobby without a reload (htmx refresh), who joins it; both
are at the game. And a quick match: two people's seeks make one table."""

from __future__ import annotations

import re

from play import register
from playwright.sync_api import Browser, expect


def test_two_people_meet_through_the_lobby(browser: Browser, base_url: str) -> None:
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    register(alice, base_url, "alice")
    register(bob, base_url, "bob")
    bob.click("header a[href='/lobby']")
    expect(bob.locator("#lobby-tables")).to_be_visible()
    alice.goto(base_url + "/lobby")
    form = alice.locator("#new-table")
    form.locator("select[name=seats]").select_option("4")
    form.locator("select[name=seat-1]").select_option("human")
    form.locator("select[name=seat-2]").select_option("expert")
    form.locator("select[name=seat-3]").select_option("ai-easy")
    form.locator("select[name=time_control]").select_option("10+5")
    form.locator("input[name=rated]").check()
    form.locator("button").click()
    alice.wait_for_url("**/games/*")
    game = alice.url.rsplit("/", 1)[1]
    row = bob.locator(f"#table-{game}")  # swapped in by the lobby's refresh, no reload
    expect(row).to_contain_text("alice", timeout=15_000)
    expect(row).to_contain_text("10 min + 5 s a move")
    row.locator("button.join-table").click()
    bob.wait_for_url(f"**/games/{game}")
    expect(bob.locator("#board")).to_have_attribute("data-status", "playing")
    alice.reload()
    expect(alice.locator("#board")).to_have_attribute("data-status", "playing")


def test_a_quick_match_pairs_two_people(browser: Browser, base_url: str) -> None:
    carol = browser.new_context().new_page()
    dave = browser.new_context().new_page()
    for page, name in ((carol, "carol"), (dave, "dave")):
        register(page, base_url, name)
        page.goto(base_url + "/lobby?make=board")
        form = page.locator("#quick-match")
        form.locator("select[name=seats]").select_option("2")
        form.locator("select[name=time_control]").select_option("5+3")
        form.locator("button").click()
    dave.wait_for_url("**/games/*")  # the second seek fills the table at once
    carol.wait_for_url(dave.url, timeout=15_000)  # her waiting page follows, by itself
    expect(carol.locator("#board")).to_have_attribute("data-status", "playing")


def test_the_lobby_fits_a_phone_and_its_form_hides_the_seats_not_played(
    browser: Browser, base_url: str
) -> None:
    """On a 390 px phone the list of tables is as wide as the screen at most; the new-table
    form shows only the seats of the chosen number of players, and what was chosen in a
    hidden seat is still there when the number grows again (no script needed: CSS)."""
    host = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(host, base_url, "hanna")
    host.goto(base_url + "/lobby?make=card")
    form = host.locator("#new-table")
    form.locator("select[name=seats]").select_option("6")
    form.locator("select[name=seat-5]").select_option("ai-hard")
    form.locator("select[name=seats]").select_option("4")
    for seat in (1, 2, 3):
        expect(form.locator(f"select[name=seat-{seat}]")).to_be_visible()
    for seat in (4, 5):
        expect(form.locator(f"select[name=seat-{seat}]")).to_be_hidden()
    form.locator("select[name=seats]").select_option("6")
    expect(form.locator("select[name=seat-5]")).to_have_value("ai-hard")
    form.locator("select[name=seats]").select_option("4")
    form.locator("select[name=seat-3]").select_option("ai-easy")
    form.locator("button").click()  # a public table with a long row: machines' names
    host.wait_for_url("**/games/*")
    game = host.url.rsplit("/", 1)[1]
    host.goto(base_url + "/lobby")
    expect(host.locator(f"#table-{game}")).to_have_count(1)
    right = host.evaluate("document.querySelector('.lobby-list').getBoundingClientRect().right")
    assert right <= 390 and host.evaluate("document.documentElement.scrollWidth") <= 390
    expect(host.locator(f"#table-{game}")).to_contain_text(re.compile(r"Machine (\d )?\(easy\)"))


def test_a_game_in_progress_says_what_each_figure_is_on_a_phone(
    browser: Browser, base_url: str
) -> None:
    """On a phone a game in progress is a card, not a table row under headings: each of its
    figures (players, progress, time control, watchers) carries its own label."""
    host = browser.new_context().new_page()
    register(host, base_url, "ingrid")
    host.goto(base_url + "/lobby?make=card")
    form = host.locator("#new-table")  # the host and machines only: it starts at once
    form.locator("select[name=seats]").select_option("4")
    for seat in (1, 2, 3):
        form.locator(f"select[name=seat-{seat}]").select_option("ai-easy")
    form.locator("button").click()
    host.wait_for_url("**/games/*")
    game = host.url.rsplit("/", 1)[1]
    labels = """row => [...row.querySelectorAll('td')].map(
        td => getComputedStyle(td, '::before').content)"""
    for width, shown in ((390, True), (1280, False)):
        page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
        page.goto(base_url + "/lobby/playing")
        row = page.locator(f"#playing-{game}")
        expect(row).to_contain_text("ingrid")
        found = row.evaluate(labels)
        expected = ["Game", "Players", "Progress", "Time control", "Watching"]
        if shown:  # the headings are hidden: each figure says what it is
            assert found[:5] == [f'"{label}: "' for label in expected], found
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        else:  # a table under its headings
            assert all(content in ("none", "normal") for content in found), found
            expect(page.locator("#lobby-playing thead")).to_be_visible()
        page.context.close()
