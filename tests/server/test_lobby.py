"""The lobby (issue 23): public tables listed and filtered, joined within their rating range,
cancelled by their creator, expired on time by a job; bot accounts flagged."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.core.registry import HUMAN, game_kind
from carson.server.kernel.db import Game, PlayerRating, User
from carson.server.lobby.tables import LIVE_WAIT, LONG_WAIT, Person, seat_rows
from carson.server.play.games import GameService


def table(game: str = "card", people: int = 2, **settings: Any) -> dict[str, Any]:
    kind = game_kind(game)
    seats = [HUMAN] * people + [kind.machine_kinds[0]] * (len(kind.default_seats) - people)
    return {"game": game, "seats": seats, "public": True, **settings}


def service(client: TestClient) -> GameService:
    found = client.app.state.games  # type: ignore[attr-defined]
    assert isinstance(found, GameService)
    return found


def move_time(client: TestClient, by: timedelta) -> Callable[[], datetime]:
    """The server's clock moved on by ``by`` (its worker reads the same clock)."""
    queue = service(client).jobs
    before = queue.clock
    queue.clock = lambda: before() + by
    queue.wake.set()
    return queue.clock


def until(check: Callable[[], bool], patience: float = 10.0) -> None:
    deadline = time.monotonic() + patience
    while not check():
        assert time.monotonic() < deadline, "the worker did not get to it in time"
        time.sleep(0.05)


def listed(client: TestClient, headers: dict[str, str], **filters: str) -> list[str]:
    response = client.get("/api/lobby", params=filters, headers=headers)
    assert response.status_code == 200, response.text
    return [found["id"] for found in response.json()["tables"]]


def test_public_waiting_tables_are_listed_and_filtered(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    live = client.post("/api/games", json=table(time_control="10+5"), headers=alice).json()
    slow = client.post(
        "/api/games", json=table("board", time_control="3d", lang="de"), headers=alice
    ).json()
    plain = client.post("/api/games", json=table(), headers=alice).json()
    hidden = client.post("/api/games", json={**table(), "public": False}, headers=alice).json()
    assert listed(client, bob) == [plain["id"], slow["id"], live["id"]]  # newest first
    assert hidden["id"] not in listed(client, bob)
    assert listed(client, bob, game="board") == [slow["id"]]
    assert listed(client, bob, control="live") == [live["id"]]
    assert listed(client, bob, control="correspondence") == [slow["id"]]
    assert listed(client, bob, control="3d") == [slow["id"]]
    assert listed(client, bob, control="none") == [plain["id"]]
    assert listed(client, bob, lang="de") == [slow["id"]]
    [shown] = client.get("/api/lobby?control=live", headers=bob).json()["tables"]
    assert shown["host"] == "alice" and shown["free"] == 1 and shown["time_control"] == "10+5"
    assert shown["seats"][0] == {
        "seat": 0,
        "kind": HUMAN,
        "user": "alice",
        "bot": False,
        "left": None,
        "vacation_until": None,
    }
    expires = datetime.fromisoformat(shown["expires_at"])
    created = datetime.fromisoformat(shown["created_at"])
    assert timedelta(minutes=29) < expires - created <= LIVE_WAIT + timedelta(seconds=5)
    joined = client.post(f"/api/games/{live['id']}/join", headers=bob)
    assert joined.json()["status"] == "playing"
    assert live["id"] not in listed(client, bob)  # full: off the lobby
    assert client.get("/api/lobby").status_code == 401


def test_the_rating_range_decides_who_may_join(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    with service(client).sessions.begin() as session:
        strong = session.scalars(select(User).where(User.username == "bob")).one()
        session.add(PlayerRating(user_id=strong.id, game="card", mu=2100.0, sigma=100.0))
    body = table(people=3, rating_min=1400, rating_max=1800)
    created = client.post("/api/games", json=body, headers=alice).json()
    refused = client.post(f"/api/games/{created['id']}/join", headers=bob)
    assert refused.status_code == 403
    assert refused.json()["code"] == "rating_out_of_range"
    assert "2100" in refused.json()["detail"]
    assert [seat["user"] for seat in listed_table(client, alice, created["id"])["seats"]][:2] == [
        "alice",
        None,
    ]
    assert client.post(f"/api/games/{created['id']}/join", headers=carol).status_code == 200


def listed_table(client: TestClient, headers: dict[str, str], game_id: str) -> dict[str, Any]:
    tables = client.get("/api/lobby", headers=headers).json()["tables"]
    return next(found for found in tables if found["id"] == game_id)


def test_the_creator_cancels_a_waiting_table(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    created = client.post("/api/games", json=table(), headers=alice).json()
    game_id = created["id"]
    refused = client.post(f"/api/games/{game_id}/cancel", headers=bob)
    assert refused.status_code == 403 and refused.json()["code"] == "not_creator"
    assert game_id in listed(client, bob)
    done = client.post(f"/api/games/{game_id}/cancel", headers=alice)
    assert done.status_code == 200 and done.json() == {"id": game_id, "ended": "cancelled"}
    assert game_id not in listed(client, bob)
    closed = client.post(f"/api/games/{game_id}/join", headers=bob)
    assert closed.status_code == 409 and closed.json()["code"] == "table_closed"
    view = client.get(f"/api/games/{game_id}", headers=alice).json()
    assert view["status"] == "over" and view["legal_actions"] == []
    again = client.post(f"/api/games/{game_id}/cancel", headers=alice)
    assert again.status_code == 409 and again.json()["code"] == "not_waiting"
    assert client.post("/api/games/nope/cancel", headers=alice).status_code == 404


def test_a_started_table_cannot_be_cancelled(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    created = client.post("/api/games", json=table(), headers=alice).json()
    client.post(f"/api/games/{created['id']}/join", headers=bob)
    refused = client.post(f"/api/games/{created['id']}/cancel", headers=alice)
    assert refused.status_code == 409
    assert client.get(f"/api/games/{created['id']}", headers=alice).json()["status"] == "playing"


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize(("control", "wait"), [("10+5", LIVE_WAIT), ("2d", LONG_WAIT)])
def test_a_waiting_table_expires_once_on_time(
    client: TestClient, control: str, wait: timedelta
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    created = client.post("/api/games", json=table(time_control=control), headers=alice).json()
    full = client.post("/api/games", json=table(time_control=control), headers=alice).json()
    client.post(f"/api/games/{full['id']}/join", headers=bob)  # started: never expires
    move_time(client, wait - timedelta(minutes=1))
    time.sleep(0.3)
    assert created["id"] in listed(client, bob)  # not yet
    move_time(client, timedelta(minutes=2))

    def ended() -> bool:
        with service(client).sessions() as session:
            row = session.get(Game, created["id"])
            return row is not None and row.ended == "expired"

    until(ended)
    assert created["id"] not in listed(client, bob)
    assert client.get(f"/api/games/{full['id']}", headers=bob).json()["status"] == "playing"
    closed = client.post(f"/api/games/{created['id']}/join", headers=bob)
    assert closed.status_code == 409 and closed.json()["code"] == "table_closed"
    assert not [job for job in service(client).jobs.listing() if job.kind == "expire_table"
                and job.key == f"expire_table:{created['id']}"]  # fmt: skip


def test_a_bot_account_is_flagged_and_only_before_it_plays(client: TestClient) -> None:
    alice, robot = account(client, "alice"), account(client, "robot")
    made = client.post("/api/account/bot", headers=robot)
    assert made.status_code == 200 and made.json()["bot"] is True
    assert client.get("/api/me", headers=robot).json()["bot"] is True
    assert client.get("/api/me", headers=alice).json()["bot"] is False
    again = client.post("/api/account/bot", headers=robot)
    assert again.status_code == 409 and again.json()["code"] == "already_bot"
    created = client.post("/api/games", json=table(), headers=alice).json()
    joined = client.post(f"/api/games/{created['id']}/join", headers=robot).json()
    assert [seat["bot"] for seat in joined["seats"][:2]] == [False, True]
    refused = client.post("/api/account/bot", headers=alice)  # she has a table
    assert refused.status_code == 409 and refused.json()["code"] == "has_played"
    assert client.get("/api/me", headers=alice).json()["bot"] is False
    mine = client.post("/api/games", json=table(), headers=robot).json()
    assert listed_table(client, alice, mine["id"])["host_bot"] is True


def test_one_seat_row_builder_lists_seats_with_or_without_ratings() -> None:
    """The lobby's tables and its games in progress read a game's seats the same way
    (``lobby.seat_rows``); only the games in progress show ratings."""
    people = {0: Person("ann", False, 1512), 2: Person("bot-1", True, 1400)}
    kinds = [HUMAN, HUMAN, "ai-medium"]
    plain = seat_rows(kinds, people)
    assert plain == [
        {"seat": 0, "kind": HUMAN, "user": "ann", "bot": False},
        {"seat": 1, "kind": HUMAN, "user": None, "bot": False},
        {"seat": 2, "kind": "ai-medium", "user": "bot-1", "bot": True},
    ]
    rated = seat_rows(kinds, people, ratings=True)
    assert [row["rating"] for row in rated] == [1512, None, 1400]
    assert [{k: v for k, v in row.items() if k != "rating"} for row in rated] == plain
