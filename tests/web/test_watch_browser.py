"""Watching in a real browser against a real ``carson serve`` (issue 24): two people play a
public card game and chat; a third browser, signed out, finds it in the lobby's games in
progress, watches it, sees how many watch (as a player does at once), and sees a player's
move appear without a reload — but never the bid that move placed before the reveal, nor the
players' chat."""

from __future__ import annotations

from play import register
from playwright.sync_api import Browser, expect


def test_two_players_chat_while_a_signed_out_visitor_watches_live(
    browser: Browser, base_url: str
) -> None:
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    register(alice, base_url, "alice")
    register(bob, base_url, "bob")
    alice.goto(base_url + "/lobby")
    form = alice.locator("#new-table")
    form.locator("select[name=seats]").select_option("4")
    form.locator("select[name=seat-1]").select_option("human")
    form.locator("select[name=seat-2]").select_option("expert")
    form.locator("select[name=seat-3]").select_option("expert")
    form.locator("button").click()
    alice.wait_for_url("**/games/*")
    game = alice.url.rsplit("/", 1)[1]
    bob.goto(base_url + "/lobby")
    bob.locator(f"#table-{game} button.join-table").click()
    bob.wait_for_url(f"**/games/{game}")

    carol = browser.new_context().new_page()  # signed out
    carol.goto(base_url + "/lobby")
    row = carol.locator(f"#playing-{game}")  # loaded by htmx
    expect(row).to_contain_text("alice", timeout=15_000)
    expect(row).to_contain_text("bob")
    row.locator("a.watch-game").click()
    carol.wait_for_url(f"**/games/{game}")
    expect(carol.locator("#watching")).to_be_visible()
    expect(carol.locator("#watchers-count")).to_have_text("1")
    # a player's page says so at once (its stream's own look comes every 20 s; 10 s: a busy machine)
    expect(bob.locator("#watchers-count")).to_have_text("1", timeout=10_000)
    expect(carol.locator("#decision button.choice")).to_have_count(0)
    expect(carol.locator("#my-city")).to_have_count(0)
    before = carol.locator("#board").get_attribute("data-seq")

    alice.reload()
    alice.locator("#decision button.choice").first.click()  # her secret bid
    expect(alice.locator("#board")).to_contain_text("secretly chooses the auction card")
    board = carol.locator("#board")
    expect(board).not_to_have_attribute("data-seq", before or "", timeout=15_000)  # live
    waiting = carol.locator("#decision .waiting")  # bob still bids; alice's bid is placed
    expect(waiting).to_contain_text("bob")
    expect(waiting).not_to_contain_text("alice")
    shown = carol.content()
    assert "secretly chooses" not in shown and "You played your auction card" not in shown
    assert f'action="/games/{game}/act"' not in shown

    # The players chat, live; what they say stays theirs (issue 24's "done when").
    alice.fill("#chat-text", "good luck, bob")
    alice.press("#chat-text", "Enter")
    expect(bob.locator("#chat-list .chat-text").last).to_have_text("good luck, bob",
                                                                   timeout=15_000)  # fmt: skip
    bob.click("#chat-form button.phrase[value=good_luck]")
    expect(alice.locator("#chat-list .chat-text").last).to_have_text("Good luck!", timeout=15_000)
    assert "good luck, bob" not in carol.content()
    expect(carol.locator("#chat-list .chat-text")).to_have_count(0)
