"""Comparing parcels for a building or its free house (issue 25): the marked parcels from
the query, each one's change of every building's income beside the others (the same figures
the town shows once it is built), a parcel not offered left out, and a choice made from the
comparison."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_board_pages import HTMX, create, guest, sign_up

from carson.app import create_app
from carson.games.board.web.present.common import parcel_label
from carson.games.board.web.present.compare import MAX_COMPARED, compared
from carson.server.play.games import GameService

Player = tuple[TestClient, str]


def test_the_query_gives_at_most_four_distinct_parcels_and_ignores_the_rest() -> None:
    assert compared({}) is None and compared({"cmp": ""}) == []
    assert compared({"cmp": "a1,bad,A1,H8,I1,A9,A0,C"}) == [(0, 0), (7, 7)]
    places = compared({"cmp": ",".join(f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9))})
    assert places is not None and len(places) == MAX_COMPARED


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def post(player: Player, game: str, view: dict[str, Any], action: Any) -> dict[str, Any]:
    client, csrf = player
    move = {"seq": view["seq"], "action": action}
    answer = client.post(f"/api{game}/actions", json=move, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def at_a_house(players: list[Player], game: str) -> tuple[Player, dict[str, Any]]:
    """Random moves of both people (never storing a building, building when one may)
    until one puts a building's free house: that person and its view."""
    rng = random.Random(7)
    for _ in range(800):
        views = [client.get("/api" + game).json() for client, _ in players]
        for player, view in zip(players, views, strict=True):
            houses = [a for a in view["legal_actions"] if a["kind"] == "house"]
            if len(houses) >= 3:
                return player, view
        index = next(i for i, view in enumerate(views) if view["legal_actions"])
        legal = views[index]["legal_actions"]
        builds = [a for a in legal if a["kind"] == "build"]
        choices = builds or [a for a in legal if a["kind"] != "store"] or legal
        post(players[index], game, views[index], rng.choice(choices))
    raise AssertionError("nobody put a house")


def rows(page: str) -> list[tuple[str, int, int]]:
    found = re.findall(
        r'<tr class="(?:best)?" data-parcel="([A-H][1-8])"><th scope="row">[^<]*</th>'
        r'<td class="delta">([+-]\d+) \$</td><td class="delta">([+-]\d+) \$</td>',
        page,
    )
    return [(parcel, int(mine), int(others)) for parcel, mine, others in found]


def seat_state(client: TestClient, game: str, seat: int) -> Any:
    """The engine's game as the seat knows it now (its own draft played)."""
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        table = service.store.table(session, game.removeprefix("/games/"))
        stored = service.store.state(session, table)
        return service.drafts.seat_state(stored, service.drafts.of(session, table, stored), seat)


def incomes_of(view: dict[str, Any]) -> list[int]:
    """What the buildings pay each seat per round, from the view's own income figures."""
    paid = [0] * len(view["players"])
    for entry in view["parcels"]:
        if entry["income"] is not None and entry["owner"] is not None:
            paid[entry["owner"]] += entry["income"]
    return paid


@pytest.mark.slow  # runs long: whole games or many cases
def test_marked_parcels_are_compared_with_the_incomes_the_town_then_pays(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    server_seed(41)
    players = [(client, sign_up(client, "alice")), guest(client, "bob")]
    game = create(client, players[0][1], ["human", "human"], [], seed=None)
    players[1][0].post(game + "/join", data={"csrf": players[1][1]})
    (browser, csrf), view = at_a_house(players, game)
    me = view["seat"]
    offered = [tuple(a["parcel"]) for a in view["legal_actions"]]
    spots = offered[:3]
    start = browser.get(game).text
    assert 'id="compare-start"' in start and 'id="compare"' not in start
    empty = browser.get(game + "?cmp=").text
    assert "No parcel marked yet." in empty
    assert f"?cmp={parcel_label(*spots[0])}" in html.unescape(empty)  # a mark adds itself
    elsewhere = next((x, y) for y in range(8) for x in range(8) if (x, y) not in offered)
    query = ",".join(parcel_label(*spot) for spot in [*spots, elsewhere])
    page = browser.get(f"{game}/board?cmp={query}").text
    shown = rows(page)
    assert [parcel for parcel, _, _ in shown] == [parcel_label(*spot) for spot in spots]
    known = seat_state(browser, game, me)
    before = incomes_of(known.view(me))
    for (parcel, mine, others), spot in zip(shown, spots, strict=True):
        placed = known.clone()
        placed.apply_json(me, {"kind": "house", "parcel": list(spot)})
        paid = incomes_of(placed.view(me))
        assert mine == paid[me] - before[me], parcel
        assert others == sum(paid) - paid[me] - (sum(before) - before[me]), parcel
    assert page.count('data-marked="true"') == len(spots)
    assert page.count("> (marked)</span>") == len(spots)  # for screen readers too
    chosen = re.search(r'class="choice choose-compared" data-action="([^"]+)"', page)
    assert chosen is not None
    data = {"csrf": csrf, "seq": str(view["seq"]), "action": html.unescape(chosen.group(1))}
    browser.post(game + "/act", data=data, headers=HTMX)
    assert browser.get("/api" + game).json()["seq"] > view["seq"]  # chosen from the table
