"""People in a real browser (issue 48): one follows another from the profile, invites them to
a waiting table by name, and the invited person opens the invitation from the notifications
and takes the seat."""

from __future__ import annotations

from play import GAME_URL, create_game, register
from playwright.sync_api import Browser, expect


def test_follow_invite_by_name_and_join_from_the_notification(
    browser: Browser, base_url: str
) -> None:
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(bob, base_url, "invitee")
    alice = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(alice, base_url, "host")
    alice.goto(base_url + "/players/invitee")
    alice.click("#person-actions button:has-text('Follow')")
    expect(alice.locator("#people-done")).to_have_text("You follow invitee.")
    alice.click("#friends-link")
    expect(alice.locator("#friends li[data-user=invitee] .presence.online")).to_be_visible()

    game_id = create_game(alice, "card", ("human", "human", "random", "random"))
    alice.goto(f"{base_url}/games/{game_id}")
    alice.fill("#invite-by-name input[name=username]", "Invitee")
    alice.click("#invite-by-name button")
    expect(alice.locator("#invited .notice")).to_contain_text("invitee is invited")

    bob.goto(base_url + "/notifications")
    bob.click(f"a[href='/games/{game_id}']")
    bob.locator(".invitation button").first.click()
    bob.wait_for_url(GAME_URL)
    alice.goto(f"{base_url}/games/{game_id}")
    expect(alice.locator("#invite")).to_have_count(0)  # the table started: no more invitations
