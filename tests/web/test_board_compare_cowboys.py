"""Comparing the places of a cowboy (issue 25): while placing a cowboy (BG-4.2) the player
marks spaces and parcels the decision offers and sees, side by side, who stands there already
with his strength, the seat's own strength once the cowboy has left its supply (BG-4.3.3),
and what winning the place costs (BG-9.5); a place not offered is left out, and the cowboy
is placed from the comparison."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_board_compare import Player, post
from test_board_pages import HTMX, create, guest, sign_up

from carson.app import create_app
from carson.games.board.web.present.common import Seat
from carson.games.board.web.present.compare import MAX_COMPARED
from carson.games.board.web.present.compare_cowboys import (
    cowboy_comparison,
    marked_places,
    place_of,
)
from carson.games.board.web.present.names import Names


def test_the_query_gives_at_most_four_distinct_places_and_ignores_the_rest() -> None:
    assert marked_places({}) is None and marked_places({"cmp": ""}) == []
    marks = marked_places({"cmp": "Wages,d4,bad,D4,road_1,I1,A9,<b>"})
    assert marks == ["wages", "D4", "road_1"]
    many = marked_places({"cmp": ",".join(f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9))})
    assert many is not None and len(many) == MAX_COMPARED


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def contested(view: dict[str, Any]) -> list[str]:
    """The places offered to the seat's cowboy where another seat's cowboy stands."""
    taken = {s["id"] for s in view["view"]["spaces"] if _others(s, view["seat"])}
    taken |= {
        place_of({"parcel": [p["x"], p["y"]]})
        for p in view["view"]["parcels"]
        if _others(p, view["seat"])
    }
    offered = [place_of(a) for a in view["legal_actions"] if a["kind"] == "cowboy"]
    return [place for place in offered if place in taken]


def _others(place: dict[str, Any], me: int) -> bool:
    return any(cowboy["seat"] != me for cowboy in place["cowboys"])


def at_a_contested_cowboy(players: list[Player], game: str) -> tuple[Player, dict[str, Any]]:
    """Random moves of both people (cowboys on parcels when they may) until one places a
    cowboy where the other's already stands: that person and its view."""
    rng = random.Random(3)
    for _ in range(800):
        views = [client.get("/api" + game).json() for client, _ in players]
        for player, view in zip(players, views, strict=True):
            if contested(view) and any(a["kind"] == "cowboy" and "parcel" in a
                                       for a in view["legal_actions"]):  # fmt: skip
                return player, view
        index = next(i for i, view in enumerate(views) if view["legal_actions"])
        legal = views[index]["legal_actions"]
        parcels = [a for a in legal if a["kind"] == "cowboy" and "parcel" in a]
        post(players[index], game, views[index], rng.choice(parcels or legal))
    raise AssertionError("nobody placed a cowboy where the other stood")


ROW = re.compile(
    r'<tr data-place="([^"]+)"><th scope="row">[^<]*</th><td class="there">([^<]*)</td>'
    r'<td class="strength">(-?\d+)</td><td class="cost">([^<]*)</td>'
)


def test_marked_places_are_compared_with_who_stands_there_and_the_cost(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    server_seed(17)
    players = [(client, sign_up(client, "alice")), guest(client, "bob")]
    game = create(client, players[0][1], ["human", "human"], [], seed=None)
    players[1][0].post(game + "/join", data={"csrf": players[1][1]})
    (browser, csrf), view = at_a_contested_cowboy(players, game)
    me, board = view["seat"], view["view"]
    start = browser.get(game).text
    assert 'id="compare-start"' in start and "Compare places" in start
    empty = browser.get(game + "?cmp=").text
    assert "No place marked yet." in empty
    assert '<details class="compare-group" open><summary>The action track' in empty
    assert '<details class="compare-group"><summary>The town' in empty  # folded: 60 parcels
    offered = [place_of(a) for a in view["legal_actions"] if a["kind"] == "cowboy"]
    assert re.findall(r'data-place="([^"]+)"', empty) == offered  # a mark for each place
    rival = contested(view)[0]
    parcel = next(p for p in offered if p[0].isupper() and p != rival)
    elsewhere = next(f"{c}{r}" for c in "ABCDEFGH" for r in "12345678" if f"{c}{r}" not in offered)
    query = ",".join([rival, parcel, "wages", "Z9", elsewhere])
    page = browser.get(f"{game}/board?cmp={query}").text
    found = ROW.findall(page)
    rows = {place: (there, int(strength), cost) for place, there, strength, cost in found}
    assert list(rows) == [m for m in (rival, parcel, "wages") if m in offered]
    strength = board["players"][me]["strength"] - 1  # the placed cowboy leaves the supply
    assert all(row[1] == strength for row in rows.values())
    other = 1 - me
    assert f"(strength {board['players'][other]['strength']})" in rows[rival][0]
    spot = next(p for p in board["parcels"] if place_of({"parcel": [p["x"], p["y"]]}) == parcel)
    assert rows[parcel][2] == (f"${spot['price']}" if spot["owner"] is None else "—")
    if "wages" in rows:  # BG-4.2.4: nobody duels on the wages
        assert "no duel here" in rows["wages"][0] and rows["wages"][2] == "—"
    assert page.count('data-marked="true"') == len(rows)
    assert '<details class="compare-group" open><summary>The town' in page  # a parcel marked
    browser.cookies.set("lang", "de")
    german = browser.get(f"{game}?cmp={rival}").text
    assert "Verglichene Orte" in german and "Schon dort" in german and "(Stärke " in german
    browser.cookies.set("lang", "en")
    chosen = re.search(
        rf'<tr data-place="{re.escape(parcel)}">.*?data-action="([^"]+)"', page, re.DOTALL
    )
    assert chosen is not None
    data = {"csrf": csrf, "seq": str(view["seq"]), "action": html.unescape(chosen.group(1))}
    browser.post(game + "/act", data=data, headers=HTMX)
    after = browser.get("/api" + game).json()["view"]
    spot = next(p for p in after["parcels"] if place_of({"parcel": [p["x"], p["y"]]}) == parcel)
    assert any(cowboy["seat"] == me for cowboy in spot["cowboys"])  # placed from the table


def test_the_white_cowboy_compares_its_own_places_only() -> None:
    """With both kinds to place, the comparison follows the kind the page places (the
    Sheriff's white cowboy: its own legal places, never the others')."""
    view = {
        "spaces": [{"id": "wages", "cowboys": [{"seat": 1, "white": False}], "no_duel": True},
                   {"id": "build_8", "cowboys": [], "no_duel": False, "building": "bank"}],
        "parcels": [{"x": 0, "y": 0, "tile": None, "owner": None, "price": 3, "cowboys": []}],
        "players": [{"strength": 4, "building_prices": {"build_8": 4}}, {"strength": 6}],
    }  # fmt: skip
    legal = [{"kind": "cowboy", "space": "wages"}, {"kind": "cowboy", "space": "build_8"},
             {"kind": "white", "space": "wages"}, {"kind": "white", "parcel": [0, 0]}]  # fmt: skip
    names, seats = Names("en", str), [Seat(0, "ann", "red"), Seat(1, "bob", "blue")]
    marks = ["build_8", "A1", "wages"]
    white = cowboy_comparison(names, view, 0, legal, marks, seats, white=True)
    assert white is not None and white["white"]
    assert [(r["place"], r["there"], r["strength"], r["cost"]) for r in white["rows"]] == [
        ("A1", "nobody", 3, 3), ("wages", "bob (strength 6)", 3, None)]  # fmt: skip
    cowboys = cowboy_comparison(names, view, 0, legal, marks, seats, white=False)
    assert cowboys is not None
    assert [(r["place"], r["cost"], r["no_duel"]) for r in cowboys["rows"]] == [
        ("build_8", 4, False), ("wages", None, True)]  # fmt: skip
    assert [g["title"] for g in cowboys["groups"]] == ["The action track"]
    assert cowboy_comparison(names, view, 0, legal[:1] + legal[2:3], marks, seats, False) is None
