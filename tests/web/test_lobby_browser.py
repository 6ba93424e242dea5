"""The lobby in a real browser against a real ``carson serve`` (issue 23): a table one
person opens appears in another's lobby without a reload (htmx refresh), who joins it; both
are at the game. And a quick match: two people's seeks make one table."""

from __future__ import annotations

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
