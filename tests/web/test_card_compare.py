"""Comparing places for a terrain card (issue 25): the marked corners from the query, each
one's score from the engine's preview beside the others, the same numbers as the single
preview, a place that is not legal left out, and a card placed from the comparison."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.games.card.web.compare import MAX_COMPARED, compared

HTMX = {"HX-Request": "true"}


def test_the_query_gives_at_most_four_distinct_places_and_ignores_the_rest() -> None:
    assert compared({}) is None and compared({"cmp": ""}) == []
    assert compared({"cmp": "1:2,bad,1:2,-1:3,x:y,4"}) == [(1, 2), (-1, 3)]
    many = ",".join(f"{n}:0" for n in range(1000))
    places = compared({"cmp": many})
    assert places is not None and len(places) == MAX_COMPARED


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def at_a_placement(client: TestClient) -> tuple[str, dict[str, Any], str]:
    """A new card game played with first legal actions until the seat places a card."""
    post_account_form(client, "/register", "planner")
    csrf = client.cookies["carson_csrf"]
    headers = {"X-CSRF-Token": csrf}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    for _ in range(60):
        view = client.get(f"/api/games/{game_id}").json()
        places = [a for a in view["legal_actions"] if a["kind"] == "place"]
        if len(places) >= 3:
            return f"/games/{game_id}", view, csrf
        take = [a for a in view["legal_actions"] if a["kind"] == "take"]
        terrain = [a for a in take if view["view"]["row"][a["slot"]]["kind"] == "terrain"]
        action = (terrain or view["legal_actions"])[0]
        move = {"seq": view["seq"], "action": action}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    raise AssertionError("no placement with three places came")


def rows(page: str) -> list[tuple[int, int, int, str]]:
    found = re.findall(
        r'<tr class="(?:best)?" data-x="(-?\d+)" data-y="(-?\d+)"><td>[^<]*</td>'
        r"<td>(-?\d+) VP</td><td class=\"delta\">([^<]+)</td>",
        page,
    )
    return [(int(x), int(y), int(after), delta) for x, y, after, delta in found]


def test_marked_places_are_compared_with_the_single_previews_numbers(client: TestClient) -> None:
    game, view, csrf = at_a_placement(client)
    corners = [(a["x"], a["y"]) for a in view["legal_actions"] if a["kind"] == "place"][:3]
    start = client.get(game + "?cmp=").text
    assert "Compare places: click marked cells" in start and "No place marked yet." in start
    first = f"{corners[0][0]}:{corners[0][1]}"
    assert f"?cmp={first}" in html.unescape(start)  # each marked cell adds itself
    query = ",".join(f"{x}:{y}" for x, y in corners) + ",99:99"  # 99:99 is no legal corner
    page = client.get(f"{game}/board?cmp={query}").text
    shown = rows(page)
    assert [(x, y) for x, y, _, _ in shown] == corners
    for x, y, after, delta in shown:
        single = client.get(f"{game}/board?x={x}&y={y}").text
        before_after = re.search(r"Your city: (-?\d+) → (-?\d+) VP", html.unescape(single))
        assert before_after is not None and int(before_after.group(2)) == after
        assert int(delta) == after - int(before_after.group(1))
    assert page.count('class="cell mark compared') == 3
    unmark = f"?cmp={corners[1][0]}:{corners[1][1]},{corners[2][0]}:{corners[2][1]}"
    assert unmark in html.unescape(page)  # clicking the first marked cell unmarks it
    action = re.search(r'class="choice place-compared" data-action="([^"]+)"', page)
    assert action is not None
    data = {"csrf": csrf, "seq": str(view["seq"]), "action": html.unescape(action.group(1))}
    client.post(game + "/act", data=data, headers=HTMX)
    assert client.get("/api" + game).json()["seq"] > view["seq"]  # placed from the comparison
