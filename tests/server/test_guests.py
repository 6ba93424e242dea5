"""Guests (issue 48): playing without signing up — a made-up name, practice and casual
tables, at most 3 games at once, never rated, no chat, messages, follows, invitations or
tournaments — and signing up from the guest account keeps its games. SQLite and PostgreSQL."""

from __future__ import annotations

import time
from datetime import timedelta

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from test_lobby import move_time, service, until

from carson.server.kernel.db import Token, User

FOUR = ["human", "random", "random", "random"]
TWO_PEOPLE = ["human", "human", "random", "random"]


def guest(client: TestClient) -> dict[str, str]:
    answer = client.post("/api/guest")
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def test_a_guest_plays_casual_games_only_and_a_few_at_once(client: TestClient) -> None:
    visitor = guest(client)
    me = client.get("/api/me", headers=visitor).json()
    assert me["guest"] is True and me["username"].startswith("guest-")
    games = [client.post("/api/games", json={"seats": FOUR}, headers=visitor) for _ in range(4)]
    assert [answer.status_code for answer in games] == [201, 201, 201, 409]
    assert games[-1].json()["code"] == "guest_limit"
    rated = client.post("/api/games", json={"seats": TWO_PEOPLE, "rated": True},
                        headers=account(client, "alice"))  # fmt: skip
    joined = client.post(f"/api/games/{rated.json()['id']}/join", headers=guest(client))
    assert joined.status_code == 403 and joined.json()["code"] == "guest"
    body = {"game": "card", "seats": 4, "time_control": "10+5", "rated": True}
    seek = client.post("/api/seeks", json=body, headers=guest(client))
    assert seek.status_code == 403 and seek.json()["code"] == "guest"


def test_a_guest_does_not_chat_write_follow_or_enter_tournaments(client: TestClient) -> None:
    alice, visitor = account(client, "alice"), guest(client)
    game = client.post("/api/games", json={"seats": TWO_PEOPLE}, headers=alice).json()["id"]
    assert client.post(f"/api/games/{game}/join", headers=visitor).status_code == 200
    refused = [
        client.post(f"/api/games/{game}/chat", json={"channel": "players", "text": "hi"},
                    headers=visitor),
        client.post("/api/messages/alice", json={"text": "hi"}, headers=visitor),
        client.put("/api/friends/alice", headers=visitor),
    ]  # fmt: skip
    start = service(client).jobs.clock() + timedelta(hours=1)
    body = {"name": "cup", "seats": 4, "time_control": "10+5", "rounds": 1,
            "starts_at": start.isoformat()}  # fmt: skip
    refused.append(client.post("/api/tournaments", json=body, headers=visitor))
    assert [(r.status_code, r.json()["code"]) for r in refused] == [(403, "guest")] * 4
    assert client.put("/api/blocks/alice", headers=visitor).status_code == 200  # safety: yes


def test_signing_up_from_a_guest_keeps_its_games(client: TestClient) -> None:
    visitor = guest(client)
    game = client.post("/api/games", json={"seats": FOUR}, headers=visitor).json()["id"]
    taken = account(client, "alice")
    assert taken
    clash = client.post("/api/me/claim", json={"username": "ALICE", "password": "long-enough"},
                        headers=visitor)  # fmt: skip
    assert clash.status_code == 409 and clash.json()["code"] == "username_taken"
    bad = client.post("/api/me/claim", json={"username": "guest-mine", "password": "long-enough"},
                      headers=visitor)  # fmt: skip
    assert bad.status_code == 422
    claimed = client.post("/api/me/claim", json={"username": "zoe", "password": "long-enough"},
                          headers=visitor)  # fmt: skip
    assert claimed.status_code == 200 and claimed.json()["guest"] is False
    assert client.get("/api/me", headers=visitor).json()["username"] == "zoe"  # same session
    view = client.get(f"/api/games/{game}", headers=visitor).json()
    assert view["seat"] == 0 and view["seats"][0]["user"] == "zoe"
    logged = client.post("/api/login", json={"username": "zoe", "password": "long-enough"})
    assert logged.status_code == 200
    again = client.post("/api/me/claim", json={"username": "zed", "password": "long-enough"},
                        headers=visitor)  # fmt: skip
    assert again.status_code == 409 and again.json()["code"] == "not_a_guest"
    registered = client.post("/api/register", json={"username": "guest-1234",
                                                     "password": "long-enough"})  # fmt: skip
    assert registered.status_code == 422  # the guests' names are theirs


def guest_named(client: TestClient, who: dict[str, str]) -> str:
    name: str = client.get("/api/me", headers=who).json()["username"]
    return name


def test_a_guest_whose_last_session_ended_is_removed(client: TestClient) -> None:
    """Nobody can come back to a guest once its sessions have ended (30 days unused): its
    games are played on by machines and its data erased, as a deleted account's. A session
    used meanwhile puts the removal off; a guest who signed up is never removed."""
    gone, kept, member = guest(client), guest(client), guest(client)
    game = client.post("/api/games", json={"seats": FOUR}, headers=gone).json()["id"]
    client.post("/api/me/claim", json={"username": "stays", "password": "long-enough"},
                headers=member)  # fmt: skip
    kept_name = guest_named(client, kept)
    with service(client).sessions.begin() as session:  # kept's session used later on
        user = session.scalar(select(User).where(User.username == kept_name))
        assert user is not None
        later = service(client).jobs.clock() + timedelta(days=45)
        session.execute(update(Token).where(Token.user_id == user.id).values(expires_at=later))
    move_time(client, timedelta(days=29))
    time.sleep(0.3)  # the worker looked: nothing is due
    assert client.get("/api/me", headers=gone).status_code == 200
    move_time(client, timedelta(days=31 - 29))
    until(lambda: client.get("/api/me", headers=gone).status_code == 401)
    view = client.get(f"/api/games/{game}", headers=member).json()
    assert view["seats"][0]["user"].startswith("deleted player ")
    assert view["seats"][0]["left"] == "resigned"  # a machine plays on
    assert client.get("/api/me", headers=kept).status_code == 200  # its session lasts longer
    assert client.get("/api/me", headers=member).json()["username"] == "stays"
    move_time(client, timedelta(days=46 - 31))
    until(lambda: client.get("/api/me", headers=kept).status_code == 401)
    assert client.get("/api/me", headers=member).status_code == 200  # signed up: kept
