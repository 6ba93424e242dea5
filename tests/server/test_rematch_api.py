"""Rematch through the API: offered once a game is over, the same seats kept for the same
people, started when all of them accepted; refusals (not over, not a player, joining it)."""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient
from test_lobby import move_time, service, until

from carson.server.kernel.db import Game

pytestmark = pytest.mark.usefixtures("toy_game")


def finished_game(client: TestClient, alice: dict[str, str], bob: dict[str, str]) -> str:
    body = {"game": "toy", "seats": ["human", "random", "human"], "rated": True,
            "time_control": "10+5", "on_timeout": "takeover"}  # fmt: skip
    game_id: str = client.post("/api/games", json=body, headers=alice).json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200
    play_randomly(client, game_id, [alice, bob], random.Random(1))
    return game_id


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_rematch_starts_when_every_player_accepted(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    game_id = finished_game(client, alice, bob)
    assert client.get(f"/api/games/{game_id}/rematch", headers=bob).status_code == 404

    offered = client.post(f"/api/games/{game_id}/rematch", headers=bob)
    assert offered.status_code == 200, offered.text
    offer = offered.json()
    assert offer["status"] == "waiting" and offer["accepted"] == ["bob"]
    assert offer["waiting_for"] == ["alice"] and offer["expires_at"] is not None
    new_id = offer["rematch"]
    assert client.get(f"/api/games/{game_id}/rematch", headers=alice).json() == offer
    again = client.post(f"/api/games/{game_id}/rematch", headers=bob).json()
    assert again == offer  # asking again changes nothing

    joined = client.post(f"/api/games/{new_id}/join", headers=carol)
    assert joined.status_code == 409 and joined.json()["code"] == "rematch_reserved"
    assert client.post(f"/api/games/{game_id}/rematch", headers=carol).status_code == 403

    accepted = client.post(f"/api/games/{game_id}/rematch", headers=alice).json()
    assert accepted["status"] == "playing" and accepted["waiting_for"] == []
    view = client.get(f"/api/games/{new_id}", headers=alice).json()
    assert view["seat"] == 0 and [s["user"] for s in view["seats"]] == ["alice", None, "bob"]
    assert [s["kind"] for s in view["seats"]] == ["human", "random", "human"]
    assert view["table"]["rated"] and not view["table"]["public"]
    assert view["table"]["time_control"] == "10+5" and view["table"]["on_timeout"] == "takeover"
    assert client.get(f"/api/games/{new_id}", headers=bob).json()["seat"] == 2


def test_no_rematch_before_the_end(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    body = {"game": "toy", "seats": ["human", "human"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    refused = client.post(f"/api/games/{game_id}/rematch", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"
    assert client.post(f"/api/games/{game_id}/rematch", headers=bob).status_code == 403
    assert client.post("/api/games/nope/rematch", headers=bob).status_code == 404
    assert client.post(f"/api/games/{game_id}/rematch").status_code == 401


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_rematch_offer_nobody_accepts_lapses_after_a_day(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = finished_game(client, alice, bob)
    offer = client.post(f"/api/games/{game_id}/rematch", headers=bob).json()
    move_time(client, timedelta(hours=23))
    time.sleep(0.3)
    assert client.get(f"/api/games/{offer['rematch']}", headers=bob).json()["status"] == "waiting"
    move_time(client, timedelta(hours=2))

    def lapsed() -> bool:
        with service(client).sessions() as session:
            row = session.get(Game, offer["rematch"])
            return row is not None and row.ended == "expired"

    until(lapsed)
    late = client.post(f"/api/games/{game_id}/rematch", headers=alice)
    assert late.status_code == 409, late.text
