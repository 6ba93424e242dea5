"""Two players chat live in real browsers, under the pages' Content-Security-Policy: a
message sent by one appears at the other's without a reload, escaped; a quick phrase is shown
in each reader's language; what a player is typing stays while messages arrive."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser import running_server
from play import create_game, register, watched
from playwright.sync_api import Browser, Route, expect

from toy import toy_environment

LIVE = 10_000


@pytest.fixture(scope="module")
def toy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("chat-web"), toy_environment()) as base:
        yield base


def test_two_players_chat_live(browser: Browser, toy_base_url: str) -> None:
    reports: list[str] = []
    alice, bob = watched(browser, reports, errors=True), watched(browser, reports, errors=True)
    register(alice, toy_base_url, "alice")
    register(bob, toy_base_url, "bob")
    bob.goto(f"{toy_base_url}/lang/de?next=/")
    game = create_game(alice)
    bob.goto(f"{toy_base_url}/games/{game}")
    bob.click("#join")
    alice.goto(f"{toy_base_url}/games/{game}")
    expect(bob.locator("#chat")).to_be_visible()
    asked: list[str] = []  # what bob's page asks the server for while the chat goes on
    bob.on("request", lambda request: asked.append(request.url))

    alice.fill("#chat-text", "<img src=x onerror=alert(1)> hi bob")
    alice.press("#chat-text", "Enter")
    line = bob.locator("#chat-list .chat-text").last
    expect(line).to_have_text("<img src=x onerror=alert(1)> hi bob", timeout=LIVE)
    expect(alice.locator("#chat-list .chat-text")).to_have_count(1, timeout=LIVE)
    expect(alice.locator("#chat-text")).to_have_value("")  # sent: the form is empty again

    bob.fill("#chat-text", "half typ")  # bob is typing when alice's next message comes
    alice.fill("#chat-text", "are you there?")
    alice.click("#chat-send")
    expect(bob.locator("#chat-list .chat-text").last).to_have_text("are you there?", timeout=LIVE)
    expect(bob.locator("#chat-text")).to_have_value("half typ")

    bob.click("#chat-form button.phrase[value=good_luck]")  # "Viel Glück!" on bob's page
    expect(alice.locator("#chat-list .chat-text").last).to_have_text("Good luck!", timeout=LIVE)
    expect(bob.locator("#chat-list .chat-text").last).to_have_text("Viel Glück!", timeout=LIVE)
    expect(alice.locator("#chat-list .chat-line")).to_have_count(3)
    assert reports == []
    assert [url for url in asked if "/clocks" in url or "/board" in url] == []  # no move made


def test_after_a_report_the_author_can_still_be_muted(browser: Browser, toy_base_url: str) -> None:
    """Reporting a message answers in the message's menu and leaves its mute button there
    (it once replaced the whole menu until a reload); at a desktop's and a phone's width."""
    reports: list[str] = []
    carol, dave = watched(browser, reports, errors=True), watched(browser, reports, errors=True)
    register(carol, toy_base_url, "carol")
    register(dave, toy_base_url, "dave")
    game = create_game(carol)
    dave.goto(f"{toy_base_url}/games/{game}")
    dave.click("#join")
    carol.goto(f"{toy_base_url}/games/{game}")
    for count, text in enumerate(("first", "second"), start=1):
        carol.fill("#chat-text", text)
        carol.press("#chat-text", "Enter")
        expect(carol.locator("#chat-list .chat-line")).to_have_count(count, timeout=LIVE)
    for index, width in enumerate((1280, 390)):
        dave.set_viewport_size({"width": width, "height": 844})
        dave.goto(f"{toy_base_url}/games/{game}")
        menu = dave.locator("#chat-list .chat-line").nth(index).locator("details.chat-actions")
        menu.locator("summary").click()
        menu.locator("input[name=reason]").fill("rude")
        menu.locator(".chat-report button").click()
        expect(menu.locator(".chat-note")).to_have_text("Reported: thank you.")
        mute = menu.locator(".chat-mute button")
        expect(mute).to_be_visible()
        expect(menu.locator(".chat-report button")).to_be_visible()
        if index == 1:  # muting still works, without a reload
            mute.click()
            dave.wait_for_url(f"**/games/{game}*")
            expect(dave.locator("#chat-list .chat-text")).to_have_count(0)
    assert reports == []


def test_a_message_that_does_not_show_up_is_not_asked_for_again_and_again(
    browser: Browser, toy_base_url: str
) -> None:
    """After a send, the page asks for the new lines; if they do not come (here the server's
    answers are held back), it waits for the stream's next announcement instead of asking
    in a loop (a loop once kept a browser busy and the server hammered for minutes)."""
    reports: list[str] = []
    erin, fred = watched(browser, reports, errors=True), watched(browser, reports, errors=True)
    register(erin, toy_base_url, "erin")
    register(fred, toy_base_url, "fred")
    game = create_game(erin)
    fred.goto(f"{toy_base_url}/games/{game}")
    fred.click("#join")
    erin.goto(f"{toy_base_url}/games/{game}")
    asked: list[str] = []

    def nothing_new(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="")

    erin.route("**/chat/messages?*", nothing_new)
    erin.fill("#chat-text", "hello?")
    erin.press("#chat-text", "Enter")
    expect(erin.locator("#chat-text")).to_have_value("", timeout=LIVE)  # sent
    erin.wait_for_timeout(2000)
    assert 1 <= len(asked) <= 4, f"asked {len(asked)} times in 2 s"
    erin.unroute("**/chat/messages?*")
    fred.fill("#chat-text", "here")  # the stream's next announcement brings both lines
    fred.press("#chat-text", "Enter")
    expect(erin.locator("#chat-list .chat-text")).to_have_text(["hello?", "here"], timeout=LIVE)
    assert reports == []
