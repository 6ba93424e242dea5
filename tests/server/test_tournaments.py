"""Tournaments (issue 48): nine players, three rounds of the card game, from creation to the
final standings with time moved by the injected clock — one player never shows up (a machine
plays their seat once their time runs out), one withdraws in round 2 — on SQLite and
PostgreSQL; and what is refused."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from itertools import combinations
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from test_lobby import service, until

from carson.app import create_app
from manual_clock import ManualClock

Who = dict[str, str]


@pytest.fixture
def timed(db_url: str) -> Iterator[tuple[TestClient, ManualClock]]:
    """The server on a clock the test moves: the games' clocks and the jobs read it."""
    clock = ManualClock()
    with TestClient(create_app(db_url, budget_ms=5, clock=clock)) as client:
        yield client, clock


def move_time(client: TestClient, clock: ManualClock, by: timedelta) -> None:
    clock.advance(by.total_seconds())
    service(client).jobs.wake.set()


def new_tournament(client: TestClient, host: Who, **change: Any) -> Any:
    start = service(client).jobs.clock() + timedelta(minutes=5)
    body = {"name": "Autumn cup", "game": "card", "seats": 4, "time_control": "1+0",
            "rounds": 3, "starts_at": start.isoformat(), **change}  # fmt: skip
    return client.post("/api/tournaments", json=body, headers=host)


def standings(client: TestClient, tournament: str, who: Who) -> Any:
    answer = client.get(f"/api/tournaments/{tournament}", headers=who)
    assert answer.status_code == 200, answer.text
    return answer.json()


def round_played(
    client: TestClient, clock: ManualClock, tournament: str, who: Who, number: int
) -> Any:
    """The round's games, once it started; then time runs out for everyone at its tables,
    machines play the seats, and the round's games all end."""
    until(lambda: standings(client, tournament, who)["round"] == number, patience=30)
    move_time(client, clock, timedelta(minutes=2))  # every person's clock has run out

    def over() -> bool:
        now = standings(client, tournament, who)
        games = [game for game in now["games"] if game["round"] == number]
        return all(game["over"] for game in games)

    until(over, patience=240)
    return standings(client, tournament, who)


@pytest.mark.slow  # nine whole card games played by machines
def test_nine_players_three_rounds_a_no_show_and_a_withdrawal(
    timed: tuple[TestClient, ManualClock],
) -> None:
    client, clock = timed
    people = [account(client, f"p{n}x") for n in range(9)]
    created = new_tournament(client, people[0])
    assert created.status_code == 201, created.text
    cup = created.json()["id"]
    for who in people[1:]:
        assert client.post(f"/api/tournaments/{cup}/join", headers=who).status_code == 200
    again = client.post(f"/api/tournaments/{cup}/join", headers=people[1])
    assert again.status_code == 409 and again.json()["code"] == "already_joined"
    assert standings(client, cup, people[0])["status"] == "open"
    move_time(client, clock, timedelta(minutes=6))  # the start

    first = round_played(client, clock, cup, people[0], 1)
    tables = [game["players"] for game in first["games"] if game["round"] == 1]
    assert sorted(len(table) for table in tables) == [3, 3, 3]  # and a machine each
    assert sorted(name for table in tables for name in table) == [f"p{n}x" for n in range(9)]
    for who in people:  # each told of their table
        told = client.get("/api/notifications", headers=who).json()["notifications"]
        assert any(n["kind"] == "invitation" for n in told)
    late = account(client, "late")
    refused = client.post(f"/api/tournaments/{cup}/join", headers=late)
    assert refused.status_code == 409 and refused.json()["code"] == "started"

    until(lambda: standings(client, cup, people[0])["round"] == 2, patience=30)
    withdrawn = client.post(f"/api/tournaments/{cup}/withdraw", headers=people[8])
    assert withdrawn.status_code == 200, withdrawn.text
    second = round_played(client, clock, cup, people[0], 2)
    met = {frozenset(pair) for table in tables for pair in combinations(table, 2)}
    round_two = [game["players"] for game in second["games"] if game["round"] == 2]
    repeats = sum(frozenset(pair) in met for table in round_two for pair in combinations(table, 2))
    assert repeats == 0  # 9 people in 3 tables of 3 twice: nobody needs to meet again

    final = round_played(client, clock, cup, people[0], 3)
    round_three = [game["players"] for game in final["games"] if game["round"] == 3]
    assert sorted(len(table) for table in round_three) == [4, 4]  # p8 is seated no more
    assert "p8x" not in {name for table in round_three for name in table}
    until(lambda: standings(client, cup, people[0])["status"] == "finished")
    final = standings(client, cup, people[0])
    by_name = {row["user"]: row for row in final["players"]}
    assert by_name["p8x"]["withdrawn"] and by_name["p8x"]["played"] == 2
    assert all(by_name[f"p{n}x"]["played"] == 3 for n in range(8))  # p7, the no-show, too
    assert [row["rank"] for row in final["players"]] == list(range(1, 10))
    points = [row["points"] for row in final["players"]]
    assert points == sorted(points, reverse=True)
    # Each table of 4 gives 3 + 2 + 1 + 0 points to its seats, people and machine together.
    assert sum(points) <= 9 * 6


def test_what_a_tournament_refuses(timed: tuple[TestClient, ManualClock]) -> None:
    client, clock = timed
    alice, bob = account(client, "alice"), account(client, "bob")
    for change, code in (
        ({"seats": 3}, "invalid_seats"),  # the card game has 4–6 seats
        ({"time_control": "banana"}, "invalid_time_control"),
        ({"starts_at": "2000-01-01T00:00:00+00:00"}, "invalid_start"),
        ({"game": "chess"}, "invalid_setup"),
        ({"variants": ["nonsense"]}, "invalid_setup"),
        ({"name": "\u200b\u202e\n"}, "invalid_setup"),  # nothing visible
    ):
        refused = new_tournament(client, alice, **change)
        assert refused.status_code == 422 and refused.json()["code"] == code, change
    assert new_tournament(client, alice, rounds=11).status_code == 422
    assert client.get("/api/tournaments", headers=alice).json() == {"tournaments": []}
    cup = new_tournament(client, alice).json()["id"]
    hidden = new_tournament(client, alice, name="Cup\u202e\u200b\u00ad of\nspring").json()
    assert standings(client, hidden["id"], alice)["name"] == "Cup of spring"  # issue 45
    assert client.post(f"/api/tournaments/{cup}/join", headers=bob).status_code == 200
    assert client.post(f"/api/tournaments/{cup}/withdraw", headers=bob).status_code == 200
    names = [row["user"] for row in standings(client, cup, alice)["players"]]
    assert names == ["alice"]  # withdrawn before the start: as if bob never joined
    gone = client.post(f"/api/tournaments/{cup}/withdraw", headers=bob)
    assert gone.status_code == 409 and gone.json()["code"] == "not_playing"
    assert client.get("/api/tournaments/nope", headers=alice).status_code == 404
    assert client.get("/api/tournaments").status_code == 401
    move_time(client, clock, timedelta(minutes=6))  # alice alone at the start: cancelled
    until(lambda: standings(client, cup, alice)["status"] == "cancelled")
