"""Taking back a move before the turn is confirmed (issue 25): a new-beginning purchase, a
secret draft nobody has seen, is taken back through the API and from the page; nothing else
can be, and a stale or repeated request changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_board_pages import HTMX, create, guest, sign_up

from carson.app import create_app
from machines import after_machines


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def purchases(view: dict[str, Any]) -> list[str]:
    return list(view["view"]["players"][view["seat"]].get("purchases", []))


def buy(client: TestClient, game: str, csrf: str, view: dict[str, Any]) -> dict[str, Any]:
    action = next(a for a in view["legal_actions"] if a["kind"] == "purchase")
    move = {"seq": view["seq"], "action": action}
    answer = client.post(f"/api{game}/actions", json=move, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def undo(client: TestClient, game: str, csrf: str, seq: int) -> Any:
    return client.post(f"/api{game}/undo", json={"seq": seq}, headers={"X-CSRF-Token": csrf})


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_drafted_purchase_is_taken_back_once_per_request(client: TestClient) -> None:
    csrf = sign_up(client, "buyer")
    game = create(client, csrf, ["human", "greedy"], ["new-beginning"], seed=3)
    start = after_machines(client, game)
    assert start["view"]["decision"]["kind"] == "purchase" and purchases(start) == []
    nothing = undo(client, game, csrf, start["seq"])
    assert nothing.status_code == 422 and nothing.json()["code"] == "nothing_to_undo"
    one = buy(client, game, csrf, start)
    two = buy(client, game, csrf, one)
    assert len(purchases(two)) == 2 and two["seq"] == start["seq"] + 2
    stale = undo(client, game, csrf, one["seq"])
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"
    back = undo(client, game, csrf, two["seq"])
    assert back.status_code == 200, back.text
    assert back.json()["seq"] == one["seq"] and purchases(back.json()) == purchases(one)
    again = undo(client, game, csrf, two["seq"])  # the same request twice: one move back only
    assert again.status_code == 409
    assert purchases(client.get("/api" + game).json()) == purchases(one)
    client.cookies.clear()
    other = sign_up(client, "stranger")
    assert undo(client, game, other, one["seq"]).status_code == 403  # no seat in this game


def test_nothing_public_can_be_taken_back(client: TestClient) -> None:
    csrf = sign_up(client, "claimer")
    game = create(client, csrf, ["human", "greedy"], [], seed=3)
    view = after_machines(client, game)
    assert view["view"]["decision"]["kind"] == "claim"
    move = {"seq": view["seq"], "action": view["legal_actions"][0]}
    after = client.post(f"/api{game}/actions", json=move, headers={"X-CSRF-Token": csrf}).json()
    refused = undo(client, game, csrf, after["seq"])
    assert refused.status_code == 422 and refused.json()["code"] == "nothing_to_undo"
    assert client.get("/api" + game).json()["seq"] == after["seq"]


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_page_offers_to_take_back_the_last_purchase(client: TestClient) -> None:
    csrf = sign_up(client, "shopper")
    game = create(client, csrf, ["human", "greedy"], ["new-beginning"], seed=3)
    view = buy(client, game, csrf, after_machines(client, game))
    page = client.get(game).text
    assert 'id="undo"' in page and "Take back the last purchase" in page
    data = {"csrf": csrf, "seq": str(view["seq"])}
    board = client.post(game + "/undo", data=data, headers=HTMX).text
    assert 'id="undo"' not in board and "Bought so far" not in board
    assert purchases(client.get("/api" + game).json()) == []
    refused = client.post(game + "/undo", data=data, headers=HTMX).text  # once more: stale
    assert "The game moved on meanwhile" in refused
    assert client.post(game + "/undo", data={"seq": "1"}).status_code == 403  # no CSRF token


def reach_construction(players: list[tuple[TestClient, str]], game: str) -> tuple[int, Any]:
    """Random moves of both people (never storing a building) until one builds with roads
    to lay and a parcel to build on: that person's index and API view."""
    rng = random.Random(7)
    for _ in range(600):
        views = [client.get("/api" + game).json() for client, _ in players]
        for index, view in enumerate(views):
            if {"road", "build"} <= {action["kind"] for action in view["legal_actions"]}:
                return index, view
        assert views[0]["status"] == "playing", views[0]["status"]
        index = next(i for i, view in enumerate(views) if view["legal_actions"])
        legal = views[index]["legal_actions"]
        choices = [action for action in legal if action["kind"] != "store"] or legal
        client, csrf = players[index]
        move = {"seq": views[index]["seq"], "action": rng.choice(choices)}
        answer = client.post(f"/api{game}/actions", json=move, headers={"X-CSRF-Token": csrf})
        assert answer.status_code == 200, answer.text
    raise AssertionError("nobody built with roads to lay")


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_page_takes_back_a_road_laid_for_a_building(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    """BG-9.1: a road laid while building is the builder's draft: the page offers "Take
    back the last step", and taking it back leaves the road's edge free again."""
    server_seed(41)
    players = [(client, sign_up(client, "alice")), guest(client, "bob")]
    game = create(client, players[0][1], ["human", "human"], [], seed=None)
    joined = players[1][0].post(game + "/join", data={"csrf": players[1][1]})
    assert joined.status_code in (200, 303), joined.text
    index, view = reach_construction(players, game)
    builder, csrf = players[index]
    assert ('id="undo"' in builder.get(game).text) == bool(view["drafted"])
    road = next(a for a in view["legal_actions"] if a["kind"] == "road")
    move = {"seq": view["seq"], "action": road}
    laid = builder.post(f"/api{game}/actions", json=move, headers={"X-CSRF-Token": csrf}).json()
    assert laid["drafted"] == view["drafted"] + 1 and road not in laid["legal_actions"]
    page = builder.get(game).text
    assert "Take back the last step" in page and 'id="draft-note"' in page
    assert 'id="undo"' not in players[1 - index][0].get(game).text
    data = {"csrf": csrf, "seq": str(laid["seq"])}
    board = builder.post(game + "/undo", data=data, headers=HTMX).text
    assert ('id="undo"' in board) == bool(view["drafted"])
    again = builder.get("/api" + game).json()
    assert again["seq"] == view["seq"] and road in again["legal_actions"]
