"""The town drawn as a board, in a real browser (issue 44): in a river game played on by
the machines to where cowboys stand in the town, the drawing has a road (or a bridge) on
each edge the game's view has one, water, a figure per cowboy in its seat's colour on the
map and on the track (each figure on the track named for its owner), a parcel chosen by
keyboard shows the focus ring around it, and no word of the track is cut off in German."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from board_play import builder_move
from playwright.sync_api import Browser, Page, expect
from test_board_browser import start_board_game

COLOURS = ("red", "blue", "green")


def play_to_cowboys_in_town(page: Page, base_url: str) -> dict[str, Any]:
    """Moves through the API until a cowboy is to be placed with some standing in the town;
    the game's view then."""
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    rng = random.Random(3)
    for _ in range(2000):
        data = page.request.get(f"{base_url}/api/games/{game}").json()
        legal, view = data["legal_actions"], data["view"]
        assert data["status"] != "over", "no cowboy stood in the town"
        if not legal:
            page.wait_for_timeout(50)
            continue
        kind = view["decision"]["kind"]
        standing = sum(len(p["cowboys"]) for p in view["parcels"])
        if kind == "place" and standing >= 2:
            return dict(view)
        action = builder_move(kind, legal, view, rng)
        page.request.post(
            f"{base_url}/api/games/{game}/actions",
            data={"seq": data["seq"], "action": action},
            headers={"X-CSRF-Token": csrf},
        )
    raise AssertionError("the game went on too long")


def test_the_drawn_town_shows_the_games_roads_water_and_cowboys(
    browser: Browser, base_url: str
) -> None:
    page = start_board_game(browser, base_url, "rosa", "greedy", "3", "river")
    view = play_to_cowboys_in_town(page, base_url)
    page.goto(page.url)
    art = page.locator("#town .map-art")
    drawn = art.locator("rect.road[data-edge], rect.bridge").evaluate_all(
        "rects => rects.map(r => r.dataset.edge)"
    )
    assert sorted(drawn) == sorted("-".join(map(str, edge)) for edge in view["roads"])
    bridges = art.locator("rect.bridge").evaluate_all("rects => rects.map(r => r.dataset.edge)")
    assert sorted(bridges) == sorted("-".join(map(str, edge)) for edge in view["bridges"])
    river = sum(p["river"] for p in view["parcels"])
    assert art.locator("rect.water").count() > river > 0

    # a figure per cowboy on the map, in its seat's colour (the white cowboy: white)
    def colour(c: dict[str, Any]) -> str:
        return "white" if c["white"] else COLOURS[c["seat"]]

    on_parcels = Counter(colour(c) for p in view["parcels"] for c in p["cowboys"])
    figures = art.locator("use.figure").evaluate_all(
        "uses => uses.map(u => [...u.classList].find(c => c.startsWith('c-')).slice(2))"
    )
    assert Counter(figures) == on_parcels
    # and on the track, each named for its owner
    on_track = sum(len(s["cowboys"]) for s in view["spaces"])
    named = page.locator("#track .slot svg.cowboy[role=img]")
    expect(named).to_have_count(on_track)
    labels = named.evaluate_all("svgs => svgs.map(s => s.getAttribute('aria-label'))")
    assert all(" of " in label for label in labels)
    # a parcel chosen by keyboard: its 4 px focus ring
    target = page.locator("#town .map-grid button.parcel-target").first
    target.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = target.evaluate("b => [b.matches(':focus-visible'), getComputedStyle(b).outlineWidth]")
    assert ring == [True, "4px"]
    # in German too, every space of the track holds its longest word ("Grundstückskauf")
    page.context.add_cookies([{"name": "lang", "value": "de", "url": page.url}])
    page.goto(page.url)
    expect(page.locator("#track")).to_contain_text("Grundstückskauf")
    cut = page.locator("#track .space").evaluate_all(
        "spaces => spaces.filter(s => s.scrollWidth > s.clientWidth + 1)"
        ".map(s => s.textContent.trim().split(/\\s+/).slice(0, 3).join(' '))"
    )
    assert cut == []
    page.close()
