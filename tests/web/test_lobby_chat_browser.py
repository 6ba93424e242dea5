"""Two people talk in the lobby chat in real browsers, under the pages' Content-Security-Policy:
a message sent by one appears at the other's without a reload, escaped; what one is typing
stays while messages arrive; a refused message stays in the form; a room is its language's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser import running_server
from play import register, watched
from playwright.sync_api import Browser, expect

from toy import toy_environment

LIVE = 10_000


@pytest.fixture(scope="module")
def toy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("lobby-chat-web"), toy_environment()) as base:
        yield base


def test_two_people_talk_in_the_lobby(browser: Browser, toy_base_url: str) -> None:
    reports: list[str] = []
    alice, bob = watched(browser, reports, errors=True), watched(browser, reports, errors=True)
    carl = watched(browser, reports, errors=True)
    register(alice, toy_base_url, "alice")
    register(bob, toy_base_url, "bob")
    register(carl, toy_base_url, "carl")
    carl.goto(f"{toy_base_url}/lang/de?next=/lobby")  # the German room
    for page in (alice, bob):
        page.goto(f"{toy_base_url}/lobby")
    expect(bob.locator("#chat")).to_be_visible()
    expect(carl.locator("#chat h2")).to_contain_text("Lobby-Chat")

    alice.fill("#chat-text", "<img src=x onerror=alert(1)> hi @bob")
    alice.press("#chat-text", "Enter")
    line = bob.locator("#chat-list .chat-text").last
    expect(line).to_have_text("<img src=x onerror=alert(1)> hi @bob", timeout=LIVE)
    expect(alice.locator("#chat-list .chat-text")).to_have_count(1, timeout=LIVE)
    expect(alice.locator("#chat-text")).to_have_value("")  # sent: the form is empty again

    bob.fill("#chat-text", "half typ")  # bob is typing when alice's next message comes
    alice.fill("#chat-text", "are you there?")
    alice.click("#chat-send")
    expect(bob.locator("#chat-list .chat-text").last).to_have_text("are you there?", timeout=LIVE)
    expect(bob.locator("#chat-text")).to_have_value("half typ")
    bob.fill("#chat-text", "yes!")
    bob.press("#chat-text", "Enter")
    expect(alice.locator("#chat-list .chat-text").last).to_have_text("yes!", timeout=LIVE)
    expect(alice.locator("#chat-list .chat-line")).to_have_count(3)

    alice.fill("#chat-text", "\u200b")  # nothing left once cleaned: refused, kept
    alice.press("#chat-text", "Enter")
    expect(alice.locator("#chat-form .error")).to_be_visible(timeout=LIVE)
    expect(alice.locator("#chat-text")).to_have_value("\u200b")
    expect(carl.locator("#chat-list .chat-line")).to_have_count(0)  # another room's
    assert reports == []


def test_a_guest_reads_the_lobby_chat_live(browser: Browser, toy_base_url: str) -> None:
    """A guest's panel shows the room and its new messages without a reload, with no form
    and no report or mute buttons, but the reason and a link to sign up (issue 48)."""
    reports: list[str] = []
    dora, visitor = watched(browser, reports, errors=True), watched(browser, reports, errors=True)
    register(dora, toy_base_url, "dora")
    dora.goto(f"{toy_base_url}/lobby")
    dora.fill("#chat-text", "welcome, guests")
    dora.press("#chat-text", "Enter")
    expect(dora.locator("#chat-list .chat-text").last).to_have_text("welcome, guests", timeout=LIVE)
    visitor.goto(toy_base_url + "/")
    visitor.click("#guest-form button")
    expect(visitor.locator("#sign-up-link")).to_be_visible()
    visitor.goto(f"{toy_base_url}/lobby")
    expect(visitor.locator("#chat-list .chat-text").last).to_have_text("welcome, guests")
    note = visitor.locator("#lobby-chat-guest")
    expect(note).to_contain_text("only accounts can write in it")
    expect(note.locator("a")).to_have_attribute("href", "/account#claim-form")
    expect(visitor.locator("#chat-form")).to_have_count(0)
    dora.fill("#chat-text", "and a new one")
    dora.press("#chat-text", "Enter")
    expect(visitor.locator("#chat-list .chat-text").last).to_have_text("and a new one",
                                                                       timeout=LIVE)  # fmt: skip
    expect(visitor.locator("#chat-list .chat-actions")).to_have_count(0)
    assert reports == []
