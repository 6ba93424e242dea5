"""Issue 48's pages in a real browser, as people use them: a private message answered and
then a block that ends the conversation; a guest who plays, signs up keeping the game,
downloads their data and asks for (then cancels) the account's deletion; a tournament opened
by one person and joined by another."""

from __future__ import annotations

import json
from pathlib import Path

from play import create_game, register
from playwright.sync_api import Browser, expect


def test_a_message_answered_then_a_block_keeps_them_apart(browser: Browser, base_url: str) -> None:
    alice = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(alice, base_url, "writer")
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(bob, base_url, "reader")
    alice.goto(base_url + "/messages")
    alice.fill("#new-message input[name=username]", "Reader")
    alice.fill("#new-message textarea[name=text]", "Shall we play <b>tonight</b>?")
    alice.click("#new-message button")
    expect(alice.locator("#conversation")).to_contain_text("Shall we play <b>tonight</b>?")

    bob.goto(base_url + "/messages")
    expect(bob.locator("#conversations li[data-user=writer] .count")).to_be_visible()
    bob.click("#conversations a[href='/messages/writer']")
    expect(bob.locator("#conversation")).to_contain_text("Shall we play <b>tonight</b>?")
    bob.fill("#reply textarea[name=text]", "Yes, at eight.")
    bob.click("#reply button")
    expect(bob.locator("#conversation .mine")).to_contain_text("Yes, at eight.")

    bob.goto(base_url + "/players/writer")
    bob.click("#person-actions button:has-text('Block')")
    expect(bob.locator("#person-actions button:has-text('Unblock')")).to_be_visible()
    alice.goto(base_url + "/messages/reader")
    expect(alice.locator("#conversation")).to_contain_text("Yes, at eight.")
    alice.fill("#reply textarea[name=text]", "Why not?")
    alice.click("#reply button")
    expect(alice.locator("#messages-error")).to_have_text(
        "A block keeps you apart from this person."
    )
    expect(alice.locator("#reply textarea[name=text]")).to_have_value("Why not?")  # kept
    bob.goto(base_url + "/messages/writer")
    expect(bob.locator("#conversation")).not_to_contain_text("Why not?")


def test_a_guest_signs_up_keeping_the_game_and_takes_their_data(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(base_url + "/")
    page.click("#guest-form button")
    expect(page.locator("#play-now")).to_be_visible()
    game_id = create_game(page, "card", ("human", "random", "random", "random"))
    page.goto(base_url + "/account")
    page.fill("#claim-form input[name=username]", "newcomer")
    page.fill("#claim-form input[name=password]", "a long password")
    page.click("#claim-form button")
    expect(page.locator("#claim-form")).to_have_count(0)
    expect(page.locator("header")).to_contain_text("newcomer")

    with page.expect_download() as download:
        page.click("#your-data a[href='/account/data']")
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["account"][0]["username"] == "newcomer"
    assert [seat["game_id"] for seat in data["seats"]] == [game_id]  # the guest's game kept

    page.fill("#delete-account input[name=password]", "a long password")
    page.click("#delete-account button")
    expect(page.locator("#delete-account .notice")).to_contain_text("will be deleted on")
    page.click("#delete-account button:has-text('Keep my account')")
    expect(page.locator("#delete-account input[name=password]")).to_be_visible()


def test_a_tournament_opened_and_joined(browser: Browser, base_url: str) -> None:
    host = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(host, base_url, "organiser")
    host.goto(base_url + "/tournaments")
    host.fill("#new-tournament input[name=name]", "Winter cup")
    host.select_option("#new-tournament select[name=game]", "card")
    host.select_option("#new-tournament select[name=rounds]", "2")
    host.click("#new-tournament button")
    expect(host.locator("h1")).to_contain_text("Winter cup")
    expect(host.locator("#standings tr[data-user=organiser]")).to_be_visible()
    url = host.url

    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(guest, base_url, "entrant")
    guest.goto(base_url + "/tournaments")
    guest.click("#tournaments a:has-text('Winter cup')")
    guest.click("#tournament-entry button:has-text('Join the tournament')")
    expect(guest.locator("#standings tr[data-user=entrant]")).to_be_visible()
    expect(guest.locator("#tournament-entry button")).to_have_text("Withdraw")
    host.goto(url)
    expect(host.locator("#standings tr[data-user=entrant]")).to_be_visible()
