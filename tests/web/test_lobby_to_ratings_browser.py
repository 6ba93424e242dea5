"""Issue 23 end to end in a real browser: alice opens a rated table with a clock in the
lobby; bob finds it there and joins; both clocks run; after a round alice resigns (behind
its confirmation), a machine plays her seat and bob finishes the game; both ratings change
(bob's up, alice's down: she ranks last), and the leaderboard, both profiles and the
history of finished games show it."""

from __future__ import annotations

import httpx2 as httpx
from play import GAME_URL, register
from playwright.sync_api import Browser, Page, expect
from test_generic_browser import LIVE, stake
from test_ratings_browser import bearer, toy_base_url

from carson.core.ratings import INITIAL_MU

__all__ = ["toy_base_url"]  # the fixture: a real server with the toy game
#: Draw the clocks panel again (what the page does after every move) and wait until it is.
REFRESH = """game => new Promise(done => {
  document.addEventListener("htmx:afterSettle", () => done(true), {once: true});
  htmx.ajax("GET", "/games/" + game + "/clocks", {target: "#clocks", swap: "outerHTML"});
})"""


def rating(base: str, name: str) -> dict[str, object]:
    profile = httpx.get(f"{base}/api/players/{name}", headers=bearer(base, name)).json()
    [toy] = [stats for stats in profile["games"] if stats["game"] == "toy"]
    assert isinstance(toy["rating"], dict)
    return toy["rating"]


def open_table(page: Page, base: str) -> str:
    page.goto(base + "/lobby?make=toy")
    form = page.locator("#new-table")
    form.locator("select[name=seats]").select_option("2")
    form.locator("select[name=seat-1]").select_option("human")
    form.locator("select[name=time_control]").select_option("10+5")
    form.locator("input[name=rated]").check()
    form.locator("button").click()
    page.wait_for_url(GAME_URL)
    return page.url.rsplit("/", 1)[1]


def test_two_people_meet_in_the_lobby_one_resigns_and_their_ratings_change(
    browser: Browser, toy_base_url: str
) -> None:
    base = toy_base_url
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    register(alice, base, "alice")
    register(bob, base, "bob")
    bob.goto(base + "/lobby")
    game = open_table(alice, base)
    row = bob.locator(f"#table-{game}")  # the lobby refreshes itself: no reload
    expect(row).to_contain_text("alice", timeout=LIVE)
    row.locator("button.join-table").click()
    bob.wait_for_url(f"**/games/{game}")
    alice.reload()
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "playing")
        expect(page.locator("#clocks .clock.running")).to_have_count(2)

    for page in (alice, bob):
        stake(page, 0)
    alice.click("#clocks details.resign summary")
    alice.evaluate(REFRESH, game)  # the panel drawn again, as after another player's move
    expect(alice.locator("#clocks details.resign")).to_have_attribute("open", "", timeout=LIVE)
    alice.click("#clocks details.resign button.danger")
    expect(alice.locator("#clocks .clock-gone")).to_have_text("resigned", timeout=LIVE)
    for round_ in (1, 2):  # a machine plays alice's seat; bob plays on
        expect(bob.locator('#board[data-status="playing"] #decision button.choice')).to_have_count(
            3, timeout=LIVE
        )
        stake(bob, round_)
    expect(bob.locator("#board")).to_have_attribute("data-status", "over", timeout=LIVE)

    alices, bobs = rating(base, "alice"), rating(base, "bob")
    assert float(str(bobs["mu"])) > INITIAL_MU > float(str(alices["mu"]))
    bob.click("a[href='/ratings']")
    bob.click("#tab-toy")
    leaders = bob.locator("#leaderboard tbody tr")
    expect(leaders).to_have_count(2)
    expect(leaders.first).to_contain_text("bob")
    expect(leaders.first).to_contain_text(str(bobs["rating"]))
    expect(leaders.nth(1)).to_contain_text(str(alices["rating"]))
    bob.click("#my-profile")
    expect(bob.locator("#stats-toy")).to_contain_text(str(bobs["rating"]))
    expect(bob.locator("#chart-toy svg")).to_be_visible()
    expect(bob.locator(f"#finished-{game}")).to_contain_text("alice")
    alice.goto(f"{base}/players/alice")
    expect(alice.locator("#stats-toy")).to_contain_text(str(alices["rating"]))
    expect(alice.locator(f"#finished-{game}")).to_contain_text("bob")
    alice.click("text=All finished games")
    expect(alice.locator(f"#finished-{game}")).to_be_visible()
    alice.context.close()
    bob.context.close()
