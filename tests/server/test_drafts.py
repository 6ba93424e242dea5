"""A secret step of several moves (the board game's new-beginning purchases, BG-10.4 and
BG-11.4): each seat's moves stay its private draft, counted in its own seq only, until the
last seat closes the step; then every draft is written as moves and the reveal is public."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from api_helpers import account, play_randomly, wait_for_turn
from event_helpers import all_pages, engine_events, visible
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from carson.server.kernel.db import Draft, Move
from carson.server.play.games import GameService

NEW_BEGINNING = {"game": "board", "variants": ["new-beginning"]}


def post(client: TestClient, game_id: str, headers: dict[str, str], seq: int, action: Any) -> Any:
    body = {"seq": seq, "action": action}
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)


def view(client: TestClient, game_id: str, headers: dict[str, str]) -> dict[str, Any]:
    shown: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers).json()
    return shown


def count(client: TestClient, table: Any, game_id: str) -> int:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        return int(session.scalar(select(func.count()).where(table.game_id == game_id)) or 0)


def buy(client: TestClient, game_id: str, headers: dict[str, str], items: list[str]) -> None:
    """Buys ``items`` one move at a time, then is done."""
    for item in [*items, None]:
        shown = view(client, game_id, headers)
        action = {"kind": "purchase", "item": item} if item else {"kind": "pass"}
        response = post(client, game_id, headers, shown["seq"], action)
        assert response.status_code == 200, response.text
        assert response.json()["seq"] in (shown["seq"] + 1, count(client, Move, game_id))


def test_purchases_stay_drafts_until_the_last_seat_is_done(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(31)
    body = {**NEW_BEGINNING, "seats": ["human", "human"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    client.post(f"/api/games/{game_id}/join", headers=bob)

    buy(client, game_id, bob, ["cowboy", "road"])
    mine = view(client, game_id, bob)
    assert mine["seq"] == 3 and mine["legal_actions"] == []  # bob's own game: done
    assert mine["view"]["players"][1]["purchases"] == ["cowboy", "road"]
    theirs = view(client, game_id, alice)
    assert theirs["seq"] == 0 and "purchases" not in theirs["view"]["players"][1]
    assert count(client, Move, game_id) == 0 and count(client, Draft, game_id) == 1
    assert all_pages(client, game_id, alice, "?since=0") == []
    again = post(client, game_id, bob, 3, {"kind": "pass"})
    assert again.status_code == 422 and "not asked" in again.json()["detail"]
    stale = post(client, game_id, alice, 1, {"kind": "pass"})
    assert stale.status_code == 409  # alice's seq is 0: bob's draft is not hers

    buy(client, game_id, alice, ["vp"])  # the last: every draft is written, then the reveal
    assert count(client, Draft, game_id) == 0 and count(client, Move, game_id) == 5
    for headers in (alice, bob):
        after = view(client, game_id, headers)
        assert after["seq"] == 5
        players = after["view"]["players"]
        assert [p["purchases"] for p in players] == [["vp"], ["cowboy", "road"]]
        revealed = [e for e in all_pages(client, game_id, headers) if e["kind"] == "purchases"]
        assert [(e["seq"], e["data"]["items"]) for e in revealed] == [
            (5, ["vp"]),
            (5, ["cowboy", "road"]),
        ]


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_machine_seats_purchases_are_a_draft_too_and_the_game_plays_on(
    client: TestClient,
) -> None:
    alice = account(client, "alice")
    body = {**NEW_BEGINNING, "seats": ["human", "random", "random"], "seed": 8}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    first = wait_for_turn(client, game_id, alice)
    assert first["seq"] == 0 and first["legal_actions"]  # the machines have drafted only
    assert count(client, Move, game_id) == 0 and count(client, Draft, game_id) == 2
    play_randomly(client, game_id, [alice], random.Random(5))
    record = client.get(f"/api/games/{game_id}/record", headers=alice).json()
    assert all_pages(client, game_id, alice) == visible(engine_events(record), 0)
    assert count(client, Draft, game_id) == 0


def test_the_listing_counts_a_seats_own_draft_only(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(32)
    body = {**NEW_BEGINNING, "seats": ["human", "human"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    client.post(f"/api/games/{game_id}/join", headers=bob)
    buy(client, game_id, bob, ["revolver"])
    (bobs,) = client.get("/api/games", headers=bob).json()
    (alices,) = client.get("/api/games", headers=alice).json()
    assert (bobs["seq"], bobs["your_turn"]) == (2, False)
    assert (alices["seq"], alices["your_turn"], alices["to_act"]) == (0, True, [0, 1])


def test_an_abort_counts_a_secret_steps_moves(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    """Issue 45: bob bought in the new beginning's purchases (his draft, seen by nobody yet):
    alice cannot abort alone as if he had not played; he must agree."""
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(31)
    body = {**NEW_BEGINNING, "seats": ["human", "human"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    client.post(f"/api/games/{game_id}/join", headers=bob)
    buy(client, game_id, bob, ["cowboy"])
    asked = client.post(f"/api/games/{game_id}/abort", headers=alice)
    assert asked.status_code == 200 and asked.json()["status"] == "playing"
    ended = client.post(f"/api/games/{game_id}/abort", headers=bob)
    assert ended.json()["status"] == "over" and ended.json()["ended"] == "aborted"
