"""An arena tournament's pages in a real browser (issue 48): opened from the form with its
mode and window, joined by another person who pauses and comes back, then cancelled by its
creator (the only one offered the button)."""

from __future__ import annotations

from play import register
from playwright.sync_api import Browser, expect


def test_an_arena_opened_joined_and_cancelled(browser: Browser, base_url: str) -> None:
    host = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(host, base_url, "arenahost")
    host.goto(base_url + "/tournaments")
    host.fill("#new-tournament input[name=name]", "Night arena")
    # The form shows the window for an arena only, the rounds for Swiss rounds only.
    expect(host.locator("#new-tournament select[name=minutes]")).to_be_hidden()
    expect(host.locator("#new-tournament select[name=rounds]")).to_be_visible()
    host.select_option("#new-tournament select[name=mode]", "arena")
    expect(host.locator("#new-tournament select[name=rounds]")).to_be_hidden()
    host.select_option("#new-tournament select[name=minutes]", "90")
    host.click("#new-tournament button")
    expect(host.locator("h1")).to_contain_text("Night arena")
    expect(host.locator("#arena-hint")).to_be_visible()
    expect(host.locator("#arena-playing")).to_contain_text("Nobody is playing right now.")
    url = host.url

    entrant = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(entrant, base_url, "arenaguest")
    entrant.goto(base_url + "/tournaments")
    expect(entrant.locator("#tournaments tr:has-text('Night arena')")).to_contain_text("Arena")
    entrant.click("#tournaments a:has-text('Night arena')")
    expect(entrant.locator("#tournament-cancel")).to_have_count(0)
    entrant.click("#tournament-entry button:has-text('Join the tournament')")
    expect(entrant.locator("#standings tr[data-user=arenaguest]")).to_be_visible()
    entrant.click("#arena-pause button:has-text('Pause')")
    expect(entrant.locator("#arena-paused")).to_be_visible()
    expect(entrant.locator("#standings tr[data-user=arenaguest]")).to_contain_text("(paused)")
    entrant.click("#arena-pause button:has-text('Come back')")
    expect(entrant.locator("#arena-paused")).to_have_count(0)
    expect(entrant.locator("#standings tr[data-user=arenaguest]")).not_to_contain_text("paused")

    host.goto(url)
    host.click("#tournament-cancel button")
    expect(host.locator("main")).to_contain_text("cancelled")
    entrant.goto(url)
    expect(entrant.locator("#tournament-entry button")).to_have_count(0)
