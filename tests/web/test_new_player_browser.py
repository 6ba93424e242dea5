"""What a new player trying the table found (issue 44), in a real browser: a personality card
in the card game's row keeps its medallion and its name inside the card whatever the name's
length ("The Undertaker" pushed the medallion past the card's edge; "Begrafenisondernemer" is
wider than the card); a board game's decision keeps its buttons inside it on a phone."""

from __future__ import annotations

import random

from board_play import builder_move
from play import register
from playwright.sync_api import Browser

#: For each personality card of the row: does its medallion, and its name, lie inside it?
_INSIDE = """() => [...document.querySelectorAll('.row-card.personality')].map(card => {
  const outer = card.getBoundingClientRect();
  const within = r => r.left >= outer.left - .5 && r.right <= outer.right + .5;
  const name = card.querySelector('.name');
  const text = document.createRange();  // the words as drawn, not the name's box
  text.selectNodeContents(name);
  return [name.textContent, within(card.querySelector('.medallion').getBoundingClientRect()),
          within(text.getBoundingClientRect())];
})"""

LONG_NAMES = ("The Undertaker", "Begrafenisondernemer", "Commissaire-priseur")


def test_a_personality_cards_medallion_and_name_stay_inside_it(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    register(page, base_url, "longnames")
    body = {"game": "card", "seats": ["human", "beginner", "beginner", "beginner"]}
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    made = page.request.post(
        f"{base_url}/api/games", headers={"X-CSRF-Token": csrf, "Origin": base_url}, data=body
    )
    game = made.json()["id"]
    for width in (1366, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{base_url}/games/{game}")
        assert page.locator(".row-card.personality").count() >= 1
        for name in LONG_NAMES:  # the longest names of the five languages, in the real card
            long = max(len(word) for word in name.split()) > 13  # as macros.html marks it
            page.evaluate(
                "([name, long]) => document.querySelectorAll('.row-card.personality .name')"
                ".forEach(e => { e.textContent = name; e.classList.toggle('long', long); })",
                [name, long],
            )
            for shown, medallion, named in page.evaluate(_INSIDE):
                assert medallion and named, f"{shown!r} at {width} px: medallion {medallion}"
    page.context.close()


#: The decision's buttons that do not lie wholly inside it (left or right).
_BUTTONS_OUT = """() => {
  const box = document.querySelector('#decision').getBoundingClientRect();
  return [...document.querySelectorAll('#decision .choices button')].filter(b => {
    const r = b.getBoundingClientRect();
    return r.left < box.left - .5 || r.right > box.right + .5;
  }).map(b => b.textContent.trim());
}"""


def test_a_board_decisions_buttons_wrap_inside_it_on_a_phone(
    browser: Browser, base_url: str
) -> None:
    """Building in German on a phone, a third button ("Maschi…") was cut at the edge."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(page, base_url, "phonebuilder")
    page.context.add_cookies([{"name": "lang", "value": "de", "url": base_url}])
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    headers = {"X-CSRF-Token": csrf, "Origin": base_url}
    body = {"game": "board", "seats": ["human", "greedy", "greedy"]}
    game = page.request.post(f"{base_url}/api/games", headers=headers, data=body).json()["id"]
    rng = random.Random(8)
    for _ in range(2000):
        data = page.request.get(f"{base_url}/api/games/{game}").json()
        assert data["status"] != "over", "no building with three choices came"
        legal = data["legal_actions"]
        if not legal:
            page.wait_for_timeout(50)
            continue
        kind = data["view"]["decision"]["kind"]
        if kind == "construct" and len(legal) >= 3:
            break
        action = builder_move(kind, legal, data["view"], rng)
        page.request.post(f"{base_url}/api/games/{game}/actions", headers=headers,
                          data={"seq": data["seq"], "action": action})  # fmt: skip
    page.goto(f"{base_url}/games/{game}")
    assert page.locator("#decision .choices button").count() >= 2
    assert page.evaluate(_BUTTONS_OUT) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()
