"""A construction's steps are the builder's private draft (issue 25, BG-9.1, BG-6.1.4): its
roads, building and house count in its own seq only, nobody else sees them, each can be
taken back, and they are written as moves once the building and its house stand."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from api_helpers import account
from event_helpers import all_pages
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from carson.server.kernel.db import Draft, Move
from carson.server.play.games import GameService

Headers = dict[str, str]
#: The most moves played at random to reach a construction with roads to lay.
MAX_MOVES = 600


def view(client: TestClient, game_id: str, headers: Headers) -> dict[str, Any]:
    shown: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers).json()
    return shown


def post(client: TestClient, game_id: str, headers: Headers, seq: int, action: Any) -> Any:
    body = {"seq": seq, "action": action}
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)


def move(client: TestClient, game_id: str, headers: Headers, action: Any) -> dict[str, Any]:
    response = post(client, game_id, headers, view(client, game_id, headers)["seq"], action)
    assert response.status_code == 200, response.text
    after: dict[str, Any] = response.json()
    return after


def undo(client: TestClient, game_id: str, headers: Headers, seq: int) -> Any:
    return client.post(f"/api/games/{game_id}/undo", json={"seq": seq}, headers=headers)


def count(client: TestClient, table: Any, game_id: str) -> int:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        return int(session.scalar(select(func.count()).where(table.game_id == game_id)) or 0)


def roads_in(shown: dict[str, Any]) -> list[Any]:
    return sorted(map(str, shown["view"]["roads"]))


def kinds(shown: dict[str, Any]) -> set[str]:
    return {str(action["kind"]) for action in shown["legal_actions"]}


def reach_construction(
    client: TestClient, game_id: str, people: dict[str, Headers]
) -> tuple[Headers, Headers]:
    """Random moves (never storing a building) until a seat builds with roads to lay and a
    parcel to build on: the builder's and the other's headers."""
    rng = random.Random(7)
    for _ in range(MAX_MOVES):
        for headers in people.values():
            shown = view(client, game_id, headers)
            if {"road", "build"} <= kinds(shown):
                other = next(h for h in people.values() if h is not headers)
                return headers, other
        name, shown = next(
            (name, shown)
            for name, headers in people.items()
            if (shown := view(client, game_id, headers))["legal_actions"]
        )
        choices = [a for a in shown["legal_actions"] if a["kind"] != "store"]
        move(client, game_id, people[name], rng.choice(choices or shown["legal_actions"]))
    raise AssertionError(f"nobody built with roads to lay in {MAX_MOVES} moves")


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_constructions_steps_are_a_draft_until_its_house_stands(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    people = {"alice": account(client, "alice"), "bob": account(client, "bob")}
    server_seed(41)
    body = {"game": "board", "seats": ["human", "human"]}
    game_id = client.post("/api/games", json=body, headers=people["alice"]).json()["id"]
    client.post(f"/api/games/{game_id}/join", headers=people["bob"])
    builder, other = reach_construction(client, game_id, people)
    start, watched = view(client, game_id, builder), view(client, game_id, other)
    moves, log = count(client, Move, game_id), all_pages(client, game_id, other)

    road = next(a for a in start["legal_actions"] if a["kind"] == "road")
    laid = move(client, game_id, builder, road)
    assert laid["seq"] == start["seq"] + 1 and laid["drafted"] == 1
    assert roads_in(laid) != roads_in(start)
    assert count(client, Move, game_id) == moves and count(client, Draft, game_id) == 1
    for seen in (view(client, game_id, other), client.get(f"/api/games/{game_id}").json()):
        shown = (seen["seq"], roads_in(seen), seen["drafted"])
        assert shown == (start["seq"], roads_in(watched), 0)
    assert all_pages(client, game_id, other) == log  # no event of a drafted road

    stale = undo(client, game_id, builder, start["seq"])
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"
    assert undo(client, game_id, other, watched["seq"]).json()["code"] == "nothing_to_undo"
    back = undo(client, game_id, builder, laid["seq"])
    assert back.status_code == 200, back.text
    assert (back.json()["seq"], roads_in(back.json())) == (start["seq"], roads_in(start))
    assert back.json()["drafted"] == 0 and count(client, Draft, game_id) == 0

    move(client, game_id, builder, road)
    build = next(a for a in start["legal_actions"] if a["kind"] == "build")
    now = move(client, game_id, builder, build)  # a road laid since takes no access away
    laid_roads = 1
    assert now["view"]["decision"]["kind"] == "house" and now["drafted"] == laid_roads + 1
    assert count(client, Move, game_id) == moves  # roads and building: still the draft
    done = move(client, game_id, builder, now["legal_actions"][0])  # the house: written
    assert count(client, Draft, game_id) == 0
    assert count(client, Move, game_id) == moves + laid_roads + 2
    assert done["drafted"] == 0 and view(client, game_id, other)["seq"] == done["seq"]
    written = [e["kind"] for e in all_pages(client, game_id, other)[len(log) :]]
    assert written[: laid_roads + 2] == ["road"] * laid_roads + ["built", "house"]
    refused = undo(client, game_id, builder, done["seq"])  # public now: nothing to take back
    assert refused.status_code == 422 and refused.json()["code"] == "nothing_to_undo"
