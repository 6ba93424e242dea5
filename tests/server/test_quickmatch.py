"""Quick match (issue 23): seeks pair people at once when a table is full, fill the rest with
machines after the visible wait (a job, on the server's clock), once; refusals change
nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select
from test_lobby import move_time, service, until

from carson.core.seeks import FILL_AFTER
from carson.server.kernel.db import PlayerRating, User
from carson.server.listening import every_listener
from carson.server.lobby.quickmatch import SEEK_LIFETIME


def seek(**change: Any) -> dict[str, Any]:
    return {"game": "card", "seats": 4, "time_control": "10+5", "rated": True, **change}


def test_a_full_table_of_people_starts_at_once(client: TestClient) -> None:
    players = [account(client, name) for name in ("alice", "bob", "carol", "dave")]
    opened = [client.post("/api/seeks", json=seek(), headers=who) for who in players]
    assert [answer.status_code for answer in opened] == [201] * 4
    assert [answer.json()["state"] for answer in opened] == ["open"] * 3 + ["matched"]
    assert opened[0].json()["fill_with"] == "ai-medium"  # the usual machine, unless chosen
    game_id = opened[-1].json()["game_id"]
    for who, answer in zip(players, opened, strict=True):
        now = client.get(f"/api/seeks/{answer.json()['id']}", headers=who).json()
        assert now["state"] == "matched" and now["game_id"] == game_id
    view = client.get(f"/api/games/{game_id}", headers=players[0]).json()
    assert view["status"] == "playing"
    assert [seat["user"] for seat in view["seats"]] == ["alice", "bob", "carol", "dave"]
    assert view["table"]["rated"] is True and view["table"]["time_control"] == "10+5"
    assert view["table"]["public"] is False


def test_after_the_wait_machines_fill_the_empty_seats(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    first = client.post("/api/seeks", json=seek(fill_with="expert"), headers=alice).json()
    created = datetime.fromisoformat(first["created_at"])
    assert datetime.fromisoformat(first["fill_at"]) - created == timedelta(seconds=FILL_AFTER)
    second = client.post("/api/seeks", json=seek(), headers=bob).json()
    assert second["state"] == "open"  # two of four, and the wait is not over
    move_time(client, timedelta(seconds=FILL_AFTER + 1))

    def matched() -> bool:
        now = client.get(f"/api/seeks/{first['id']}", headers=alice).json()
        return bool(now["state"] == "matched")

    until(matched)
    game_id = client.get(f"/api/seeks/{first['id']}", headers=alice).json()["game_id"]
    assert client.get(f"/api/seeks/{second['id']}", headers=bob).json()["game_id"] == game_id
    view = client.get(f"/api/games/{game_id}", headers=bob).json()
    assert [seat["kind"] for seat in view["seats"]] == ["human", "human", "expert", "expert"]
    assert [seat["user"] for seat in view["seats"][:2]] == ["alice", "bob"]
    mine = client.get("/api/games", headers=alice).json()
    assert [game["id"] for game in mine] == [game_id]  # one table, paired once


def duel(**change: Any) -> dict[str, Any]:
    return seek(game="board", seats=2, **change)


def test_pools_and_rating_gaps_keep_people_apart(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    with service(client).sessions.begin() as session:
        strong = session.scalars(select(User).where(User.username == "alice")).one()
        session.add(PlayerRating(user_id=strong.id, game="board", mu=2100.0, sigma=100.0))
    client.post("/api/seeks", json=duel(), headers=alice)
    other = client.post("/api/seeks", json=duel(time_control="3d"), headers=bob)
    assert other.json()["state"] == "open"  # another time control: another pool
    unrated = client.post("/api/seeks", json=duel(rated=False), headers=carol)
    assert unrated.json()["state"] == "open"
    dave, erin = account(client, "dave"), account(client, "erin")
    close = client.post("/api/seeks", json=duel(max_gap=200), headers=dave).json()
    assert close["state"] == "open"  # alice's 2100 is beyond his gap
    paired = client.post("/api/seeks", json=duel(), headers=erin).json()
    assert paired["state"] == "matched"
    players = client.get(f"/api/games/{paired['game_id']}", headers=erin).json()["seats"]
    assert [seat["user"] for seat in players] == ["alice", "erin"]
    assert client.get(f"/api/seeks/{close['id']}", headers=dave).json()["state"] == "open"


def test_a_seek_is_cancelled_by_its_owner_only(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    opened = client.post("/api/seeks", json=seek(), headers=alice).json()
    assert client.delete(f"/api/seeks/{opened['id']}", headers=bob).status_code == 404
    assert client.get(f"/api/seeks/{opened['id']}", headers=bob).status_code == 404
    twice = client.post("/api/seeks", json=seek(), headers=alice)
    assert twice.status_code == 409 and twice.json()["code"] == "seek_open"
    gone = client.delete(f"/api/seeks/{opened['id']}", headers=alice)
    assert gone.status_code == 200 and gone.json()["state"] == "cancelled"
    assert client.get(f"/api/seeks/{opened['id']}", headers=alice).status_code == 404
    assert client.post("/api/seeks", json=seek(), headers=alice).status_code == 201


def test_a_matched_seek_cannot_be_cancelled(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    mine = client.post("/api/seeks", json=duel(), headers=alice).json()
    client.post("/api/seeks", json=duel(), headers=bob)
    refused = client.delete(f"/api/seeks/{mine['id']}", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "seek_matched"


def test_a_seek_nobody_answers_is_dropped(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    old = client.post("/api/seeks", json=seek(), headers=alice).json()
    move_time(client, SEEK_LIFETIME + timedelta(seconds=1))
    fresh = client.post("/api/seeks", json=seek(), headers=bob).json()
    assert fresh["state"] == "open"
    assert client.get(f"/api/seeks/{old['id']}", headers=alice).status_code == 404


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"game": "chess"}, "invalid_setup"),
        ({"seats": 9}, "invalid_setup"),
        ({"seats": 1}, "validation_error"),
        ({"fill_with": "human"}, "invalid_setup"),
        ({"time_control": "5d"}, "invalid_time_control"),
        ({"time_control": "fast"}, "invalid_time_control"),
        ({"max_gap": -1}, "validation_error"),
        ({"lang": "xx"}, "invalid_setup"),
        ({"rated": "yes"}, "validation_error"),
    ],
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_bad_seeks_are_refused_and_open_nothing(
    client: TestClient, change: dict[str, Any], code: str
) -> None:
    alice = account(client, "alice")
    refused = client.post("/api/seeks", json=seek(**change), headers=alice)
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == code
    assert client.post("/api/seeks", json=seek(), headers=alice).status_code == 201


def test_two_processes_pairing_at_once_make_one_table(db_url: str) -> None:
    """Two server processes (each its own engine and store) pair the same open seeks at the
    same moment: one table, every seek in it, once."""
    import threading

    from carson.server.kernel.db import Game, SeekRow, make_engine, migrate
    from carson.server.lobby.quickmatch import pair_now
    from carson.server.play.store import GameStore

    engines = [make_engine(db_url) for _ in range(2)]
    migrate(engines[0])
    stores = [GameStore(engine, every_listener()) for engine in engines]
    with stores[0].sessions.begin() as session:
        users = [User(username=f"player{n}", password_hash="x") for n in range(4)]
        session.add_all(users)
        session.flush()
        session.add_all(
            SeekRow(
                id=f"seek{n}",
                user_id=user.id,
                game="card",
                seats=4,
                time_control="10+5",
                rated=True,
                fill_with="expert",
                lang="en",
            )
            for n, user in enumerate(users)
        )
    started: list[list[str]] = []
    barrier = threading.Barrier(2)

    def pairing(store: GameStore) -> None:
        barrier.wait()
        started.append(pair_now(store))

    threads = [threading.Thread(target=pairing, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(len(ids) for ids in started) == [0, 1]
    with stores[0].sessions() as session:
        assert len(session.scalars(select(Game)).all()) == 1
        tables = {row.game_id for row in session.scalars(select(SeekRow))}
    assert tables == {next(ids for ids in started if ids)[0]}
    for engine in engines:
        engine.dispose()
