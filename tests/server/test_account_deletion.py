"""Deleting one's account (issue 48): asked with the password, cancelled until it is due, done
by a durable job after the grace period: the person leaves every game (a machine plays on,
their tables are cancelled, their waiting seats freed) and their data is erased, the games'
records keeping the seat as a deleted player. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta

from api_helpers import account
from fastapi.testclient import TestClient
from test_lobby import move_time, service, until

from carson.server.your_data.deletion import GRACE

FOUR = ["human", "human", "random", "random"]
THREE_PEOPLE = ["human", "human", "human", "random"]  # waits once two sit


def test_asking_needs_the_password_and_can_be_cancelled(client: TestClient) -> None:
    alice = account(client, "alice")
    assert client.get("/api/me/deletion", headers=alice).json()["code"] == "no_deletion"
    wrong = client.post("/api/me/deletion", json={"password": "nope"}, headers=alice)
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_password"
    assert client.get("/api/me/deletion", headers=alice).status_code == 404  # nothing asked
    asked = client.post("/api/me/deletion", json={"password": "password-alice"}, headers=alice)
    assert asked.status_code == 200, asked.text
    due = datetime.fromisoformat(asked.json()["due_at"])
    now = service(client).jobs.clock()
    assert abs(due - now - GRACE) < timedelta(minutes=1)
    again = client.post("/api/me/deletion", json={"password": "password-alice"}, headers=alice)
    assert again.json() == asked.json()  # the first request stands
    assert client.get("/api/me/deletion", headers=alice).json() == asked.json()
    assert client.delete("/api/me/deletion", headers=alice).json() == {"cancelled": True}
    assert client.delete("/api/me/deletion", headers=alice).json() == {"cancelled": False}
    move_time(client, GRACE + timedelta(hours=1))
    assert client.get("/api/me", headers=alice).status_code == 200  # kept
    assert client.post("/api/me/deletion", json={"password": "x"}).status_code == 401


def test_a_deletion_leaves_every_game_and_erases_the_persons_data(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    playing = client.post("/api/games", json={"seats": FOUR}, headers=bob).json()["id"]
    assert client.post(f"/api/games/{playing}/join", headers=alice).status_code == 200
    hers = client.post("/api/games", json={"seats": FOUR}, headers=alice).json()["id"]
    carols = client.post("/api/games", json={"seats": THREE_PEOPLE}, headers=carol).json()["id"]
    assert client.post(f"/api/games/{carols}/join", headers=alice).status_code == 200
    chat = {"channel": "players", "text": "my words, @bob"}
    assert client.post(f"/api/games/{playing}/chat", json=chat, headers=alice).status_code == 201
    client.put("/api/friends/alice", headers=bob)
    client.put("/api/friends/bob", headers=alice)
    client.post("/api/me/deletion", json={"password": "password-alice"}, headers=alice)
    move_time(client, GRACE + timedelta(minutes=1))
    until(lambda: client.get("/api/me", headers=alice).status_code == 401)

    view = client.get(f"/api/games/{playing}", headers=bob).json()
    seat = view["seats"][1]
    assert seat["user"].startswith("deleted player ") and seat["left"] == "resigned"
    assert client.get(f"/api/games/{hers}", headers=bob).json()["status"] == "over"
    carols_view = client.get(f"/api/games/{carols}", headers=carol).json()
    assert carols_view["status"] == "waiting"
    assert [s["user"] for s in carols_view["seats"][:3]] == ["carol", None, None]  # freed
    messages = client.get(f"/api/games/{playing}/chat", headers=bob).json()["messages"]
    assert [m["text"] for m in messages] == [""]  # its place kept, its words gone
    assert client.get("/api/friends", headers=bob).json() == {"friends": []}
    notices = client.get("/api/notifications", headers=bob).json()["notifications"]
    mentions = [n["payload"]["by"] for n in notices if n["kind"] == "mention"]
    assert mentions == [seat["user"]]  # her mention of bob no longer names her
    again = client.post("/api/login", json={"username": "alice", "password": "password-alice"})
    assert again.status_code == 401
    taken = client.post("/api/register", json={"username": "alice", "password": "password-2"})
    assert taken.status_code == 200  # the name is free again
