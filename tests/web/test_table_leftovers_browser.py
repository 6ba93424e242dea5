"""Issue 44's leftovers, found when a new player tried the table, in a real browser at a
laptop's size (1366×768) and a phone's (390×844): the board game's end offers the rematch in
the first screen; the legends are wholly on the first screen; the chat sits in the table's
side panel (a tab of the bar leads to it on a phone), keeps what is typed when the board is
drawn again, and tells a spectator that the players' chat is hidden from them; the phone's
turn-sound selector has a label one sees; the first parcel's 64 marks are quiet; placing a
card shows it, 2×2, where the pointer or the focus would put it."""

from __future__ import annotations

import random
from typing import Any

from board_play import builder_move
from play import GAME_URL, play_one_decision, register
from playwright.sync_api import APIRequestContext, Browser, Page, expect

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: The element's box against the window: [found, fully inside, top, bottom].
_BOX = """selector => {
  const element = document.querySelector(selector);
  if (!element) return [false, false, 0, 0];
  const r = element.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
    && r.right <= window.innerWidth && r.height > 0;
  return [true, inside, Math.round(r.top), Math.round(r.bottom)];
}"""


def _on_first_screen(page: Page, selector: str) -> None:
    found, inside, top, bottom = page.evaluate(_BOX, selector)
    assert found, f"{selector} missing on {page.url}"
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert inside, f"{selector} from {top} to {bottom} px, the screen is {height} px"


def _player(browser: Browser, base_url: str, name: str, lang: str = "en") -> Page:
    page = browser.new_context(viewport=LAPTOP).new_page()
    register(page, base_url, name)
    if lang != "en":
        page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    return page


def _headers(page: Page, base_url: str) -> dict[str, str]:
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    return {"X-CSRF-Token": csrf, "Origin": base_url}


def _new_game(page: Page, base_url: str, game: str, seats: list[str]) -> str:
    body = {"game": game, "seats": seats}
    made = page.request.post(f"{base_url}/api/games", headers=_headers(page, base_url), data=body)
    game_id = made.json()["id"]
    assert isinstance(game_id, str)
    return game_id


def _board_moves(
    players: list[Page], base_url: str, game: str, until: Any, rng: random.Random
) -> None:
    """The board game played through the API by ``players`` (each when asked, as a builder
    would) until ``until(view)`` holds or the game is over."""
    for _ in range(3000):
        for page in players:
            api: APIRequestContext = page.request
            view = api.get(f"{base_url}/api/games/{game}").json()
            if view["status"] == "over" or until(view):
                return
            legal = view["legal_actions"]
            if not legal:
                continue
            kind = view["view"]["decision"]["kind"]
            action = builder_move(kind, legal, view["view"], rng)
            api.post(f"{base_url}/api/games/{game}/actions", headers=_headers(page, base_url),
                     data={"seq": view["seq"], "action": action})  # fmt: skip
        players[0].wait_for_timeout(20)  # the machines' turn
    raise AssertionError("the game did not get there")


def test_the_board_games_end_offers_the_rematch_in_the_first_screen(
    browser: Browser, base_url: str
) -> None:
    """The card game's end offered a rematch; the board game's was below the whole table."""
    page = _player(browser, base_url, "bgender")
    game = _new_game(page, base_url, "board", ["human", "greedy"])
    _board_moves([page], base_url, game, lambda view: False, random.Random(1))
    page.goto(f"{base_url}/games/{game}")
    expect(page.locator("#result")).to_be_visible()
    _on_first_screen(page, "#rematch-button")
    page.context.close()


def test_the_board_games_legend_is_wholly_on_a_laptops_first_screen(
    browser: Browser, base_url: str
) -> None:
    """Five players, in German (longer words), in the second round: every owner is in the
    legend, and all of it is on the screen with the town."""
    page = _player(browser, base_url, "bglegendowner", "de")
    seats = ["human", "greedy", "greedy", "greedy", "greedy"]
    game = _new_game(page, base_url, "board", seats)
    _board_moves([page], base_url, game, lambda view: view["view"]["round"] >= 2,
                 random.Random(2))  # fmt: skip
    page.goto(f"{base_url}/games/{game}")
    assert page.locator("#town ul.legend .owner-key").count() >= 4
    _on_first_screen(page, "#town ul.legend")
    page.context.close()


def test_the_card_games_legend_opens_wholly_on_a_laptops_first_screen(
    browser: Browser, base_url: str
) -> None:
    page = _player(browser, base_url, "cglegend")
    game = _new_game(page, base_url, "card", ["human", "beginner", "beginner", "beginner"])
    page.goto(f"{base_url}/games/{game}")
    _on_first_screen(page, "#legend summary")
    page.locator("#legend summary").click()
    _on_first_screen(page, "#legend")
    page.context.close()


def test_the_chat_is_in_the_side_panel_and_tells_spectators_what_they_miss(
    browser: Browser, base_url: str
) -> None:
    alice = _player(browser, base_url, "sidechatalice")
    bob = _player(browser, base_url, "sidechatbob")
    game = _new_game(alice, base_url, "board", ["human", "human"])
    bob.request.post(f"{base_url}/api/games/{game}/join", headers=_headers(bob, base_url))
    alice.goto(f"{base_url}/games/{game}")
    expect(alice.locator(".table-side #chat")).to_be_visible()
    _on_first_screen(alice, "#chat h2")
    expect(alice.locator("#chat-tab")).to_be_hidden()  # the side panel is there on a laptop
    expect(alice.locator("#players-chat-hidden")).to_have_count(0)

    # Alice types while a move comes: the board is drawn again, her text and focus stay.
    alice.fill("#chat-text", "half typ")
    before = alice.locator("#board").get_attribute("data-seq") or ""
    _board_moves([alice, bob], base_url, game, lambda view: view["seq"] > int(before),
                 random.Random(3))  # fmt: skip
    expect(alice.locator("#board")).not_to_have_attribute("data-seq", before, timeout=15_000)
    expect(alice.locator("#chat-text")).to_have_value("half typ")
    expect(alice.locator("#chat-text")).to_be_focused()

    dave = _player(browser, base_url, "sidechatdave")  # a card game: three opponents' boxes
    erin = _player(browser, base_url, "sidechaterin")
    card = _new_game(dave, base_url, "card", ["human", "human", "beginner", "beginner"])
    erin.request.post(f"{base_url}/api/games/{card}/join", headers=_headers(erin, base_url))
    dave.goto(f"{base_url}/games/{card}")
    expect(dave.locator(".table-side #chat")).to_be_visible()
    _on_first_screen(dave, "#chat h2")

    carol = _player(browser, base_url, "sidechatcarol")  # signed in, watching
    carol.goto(f"{base_url}/games/{game}")
    expect(carol.locator("#watching")).to_be_visible()
    expect(carol.locator("#players-chat-hidden")).to_be_visible()
    expect(carol.locator("#chat h2")).to_have_text("Spectators' chat")

    phone = browser.new_context(viewport=PHONE).new_page()
    phone.context.add_cookies(bob.context.cookies())
    phone.goto(f"{base_url}/games/{game}")
    _on_first_screen(phone, "#chat-tab")
    phone.click("#chat-tab")
    expect(phone.locator("#chat")).to_be_in_viewport()
    for page in (alice, bob, carol, phone, dave, erin):
        page.context.close()


def test_the_phones_turn_sound_selector_has_a_label_one_sees(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    register(page, base_url, "soundphone")
    game = _new_game(page, base_url, "card", ["human", "beginner", "beginner", "beginner"])
    page.goto(f"{base_url}/games/{game}")
    label = page.locator("label[for=turn-sound]")
    expect(label).to_be_visible()
    box = label.bounding_box()
    assert box is not None and box["width"] > 10 and box["height"] > 5  # not clipped away
    expect(page.get_by_label("Turn sound")).to_be_visible()  # its name is what it shows
    page.context.close()


def test_the_first_parcels_marks_are_quiet_and_still_there(browser: Browser, base_url: str) -> None:
    page = _player(browser, base_url, "quietmarks")
    game = _new_game(page, base_url, "board", ["human", "greedy"])
    page.goto(f"{base_url}/games/{game}")
    targets = page.locator("#town button.parcel-target")
    expect(targets.first).to_be_visible()
    assert targets.count() > 16  # the first parcel: (nearly) every parcel a choice
    expect(page.locator("#town .town-map.many-choices")).to_have_count(1)
    style = "e => { const s = getComputedStyle(e); return [s.outlineWidth, s.backgroundColor]; }"
    width, background = targets.first.evaluate(style)
    assert width == "1px" and background in ("rgba(0, 0, 0, 0)", "transparent")
    targets.first.hover()
    assert targets.first.evaluate(style)[0] == "2px"  # the one under the pointer stands out
    page.context.close()


def test_a_card_to_place_is_shown_where_the_pointer_or_focus_would_put_it(
    browser: Browser, base_url: str
) -> None:
    page = _player(browser, base_url, "placepreview")
    page.select_option("#play-now select[name=opponent]", "beginner")
    page.click("#play-now button")
    page.wait_for_url(GAME_URL)
    rng = random.Random(4)
    marks = page.locator("#board a.cell.mark")
    while not marks.count():
        if not play_one_decision(page, rng):
            page.wait_for_timeout(100)
    pieces = page.locator("#my-city .city .place-preview")
    card = page.locator("#my-city .placing .parcels > .cell")
    wanted = [card.nth(i).get_attribute("class") for i in range(4)]
    shown = []
    for index in range(marks.count()):  # one whose four cells the city shows
        marks.nth(index).hover()
        if pieces.count() == 4:
            shown = [pieces.nth(i).get_attribute("class") for i in range(4)]
            break
    assert shown, "no mark showed the card on four cells"
    assert sorted(c or "" for c in shown) == sorted(f"{c} place-preview" for c in wanted)
    page.mouse.move(0, 0)
    expect(pieces).to_have_count(0)
    marks.first.focus()  # by the keyboard too
    assert pieces.count() >= 1
    page.context.close()
