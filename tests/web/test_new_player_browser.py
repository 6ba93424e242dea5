"""What a new player trying the table found (issue 44), in a real browser: a personality card
in the card game's row keeps its medallion and its name inside the card whatever the name's
length ("The Undertaker" pushed the medallion past the card's edge; "Begrafenisondernemer" is
wider than the card)."""

from __future__ import annotations

from play import register
from playwright.sync_api import Browser

#: For each personality card of the row: does its medallion, and its name, lie inside it?
_INSIDE = """() => [...document.querySelectorAll('.row-card.personality')].map(card => {
  const outer = card.getBoundingClientRect();
  const within = e => { const r = e.getBoundingClientRect();
    return r.left >= outer.left - .5 && r.right <= outer.right + .5; };
  return [card.querySelector('.name').textContent,
          within(card.querySelector('.medallion')), within(card.querySelector('.name'))];
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
            page.evaluate(
                "name => document.querySelectorAll('.row-card.personality .name')"
                ".forEach(e => { e.textContent = name; })",
                name,
            )
            for shown, medallion, named in page.evaluate(_INSIDE):
                assert medallion and named, f"{shown!r} at {width} px: medallion {medallion}"
    page.context.close()
