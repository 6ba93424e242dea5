"""Arena tournaments (issue 48's second mode): seven players of the card game in a window,
with time moved by the injected clock — seated as soon as four are free, the longest-waiting
first and people who just played together apart, re-seated as their games end (those
whose clocks ran out once back from the pause it put them in), one withdrawal, no new game
after the window, the games under way counted, final standings — on SQLite and PostgreSQL;
a join seats at once; who may cancel, rename and withdraw; what is refused."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from random import Random
from typing import Any

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient
from test_lobby import service, until
from test_tournaments import move_time, standings, timed

from manual_clock import ManualClock

__all__ = ["timed"]  # the fixture, used by name
Who = dict[str, str]


def new_arena(client: TestClient, host: Who, **change: Any) -> Any:
    start = service(client).jobs.clock() + timedelta(minutes=5)
    body = {"name": "Evening arena", "game": "card", "seats": 4, "time_control": "1+0",
            "mode": "arena", "minutes": 20, "starts_at": start.isoformat(), **change}  # fmt: skip
    return client.post("/api/tournaments", json=body, headers=host)


def tables(now: Any) -> list[list[str]]:
    return [game["players"] for game in now["games"]]


def games_seen(client: TestClient, cup: str, who: Who, count: int) -> Callable[[], bool]:
    return lambda: len(standings(client, cup, who)["games"]) == count


def all_over(client: TestClient, cup: str, who: Who) -> Callable[[], bool]:
    return lambda: all(game["over"] for game in standings(client, cup, who)["games"])


@pytest.mark.slow  # four whole card games, one played by people
def test_seven_players_in_an_arena_with_a_withdrawal(
    timed: tuple[TestClient, ManualClock],
) -> None:
    client, clock = timed
    people = [account(client, f"a{n}x") for n in range(7)]
    created = new_arena(client, people[0])
    assert created.status_code == 201, created.text
    cup, host = created.json()["id"], people[0]
    for who in people[1:6]:
        assert client.post(f"/api/tournaments/{cup}/join", headers=who).status_code == 200
    opened = standings(client, cup, host)
    assert (opened["mode"], opened["status"], opened["rounds"]) == ("arena", "open", 0)
    assert opened["ends_at"] > opened["starts_at"]

    move_time(client, clock, timedelta(minutes=6))  # the window opens: 6 people, one table
    until(games_seen(client, cup, host, 1), patience=30)
    first = tables(standings(client, cup, host))[0]
    assert len(first) == 4
    waiting = {f"a{n}x" for n in range(6)} - set(first)
    late = client.post(f"/api/tournaments/{cup}/join", headers=people[6])  # during the window
    assert late.status_code == 200, late.text
    waiting.add("a6x")  # three free: too few for a table of four, they wait

    # Its people play the first game out (time stands still); its end seats the next table.
    first_game = standings(client, cup, host)["games"][0]["game_id"]
    play_randomly(client, first_game, [people[int(name[1])] for name in first], Random(48))
    until(games_seen(client, cup, host, 2), patience=60)
    earned = {row["user"]: row["points"] for row in standings(client, cup, host)["players"]}
    assert 0 < sum(earned.values()) <= 6  # 3 + 2 + 1 + 0 at most, to the first table's people
    assert all(earned[name] == 0 for name in waiting)
    now = standings(client, cup, host)
    assert now["games"][0]["over"] and not now["games"][1]["over"]
    second = tables(now)[1]
    assert waiting < set(second)  # those who waited sit first, with one from the first table
    assert len(set(second) & set(first)) == 1

    quitter = next(name for name in first if name not in second)  # free now
    withdrawn = client.post(f"/api/tournaments/{cup}/withdraw", headers=people[int(quitter[1])])
    assert withdrawn.status_code == 200, withdrawn.text
    seated_after = 2
    for _ in range(2):  # two more games end and their people, back from a pause, re-seated
        move_time(client, clock, timedelta(minutes=2))
        until(all_over(client, cup, host), patience=240)
        # Each clock ran out: a machine took the seat and its player is paused till back.
        away = [row["user"] for row in standings(client, cup, host)["players"] if row["paused"]]
        assert away and quitter not in away
        for name in away:
            back = client.post(f"/api/tournaments/{cup}/resume", headers=people[int(name[1])])
            assert back.status_code == 200, back.text
        seated_after += 1
        until(games_seen(client, cup, host, seated_after), patience=240)
    later = tables(standings(client, cup, host))[2:]
    assert all(quitter not in table and len(table) == 4 for table in later)

    move_time(client, clock, timedelta(minutes=20))  # past the window; the last game runs out
    until(lambda: standings(client, cup, host)["status"] == "finished", patience=240)
    final = standings(client, cup, host)
    assert len(final["games"]) == seated_after  # no game after the window
    assert all(game["over"] for game in final["games"])
    by_name = {row["user"]: row for row in final["players"]}
    assert by_name[quitter]["withdrawn"] and by_name[quitter]["played"] == 1
    played = sum(row["played"] for row in final["players"])
    assert played == 4 * seated_after  # every game counted, the last one's too
    assert [row["rank"] for row in final["players"]] == list(range(1, 8))
    points = [row["points"] for row in final["players"]]
    assert points == sorted(points, reverse=True)
    # Later games ran out on every clock: nobody beat anybody there (a seat that left is last).
    assert sum(points) == sum(earned.values())
    refused = client.post(f"/api/tournaments/{cup}/join", headers=account(client, "tardy"))
    assert refused.status_code == 409 and refused.json()["code"] == "arena_over"


def test_a_join_seats_at_once_and_only_the_creator_cancels(
    timed: tuple[TestClient, ManualClock],
) -> None:
    client, clock = timed
    alice, bob, carol, dave = (account(client, name) for name in ("alice", "bob", "carol", "dave"))
    cup = new_arena(client, alice).json()["id"]
    for who in (bob, carol):
        assert client.post(f"/api/tournaments/{cup}/join", headers=who).status_code == 200
    move_time(client, clock, timedelta(minutes=6))  # three people: no table of four yet
    until(lambda: standings(client, cup, alice)["status"] == "running")
    assert standings(client, cup, alice)["games"] == []
    assert client.post(f"/api/tournaments/{cup}/join", headers=dave).status_code == 200
    until(games_seen(client, cup, alice, 1))  # the join seats them, no tick needed
    assert sorted(tables(standings(client, cup, alice))[0]) == ["alice", "bob", "carol", "dave"]

    eve = account(client, "eve")
    denied = client.post(f"/api/tournaments/{cup}/cancel", headers=bob)  # a player, not its creator
    assert denied.status_code == 403 and denied.json()["code"] == "not_creator"
    assert client.post(f"/api/tournaments/{cup}/cancel", headers=eve).status_code == 403
    stranger = client.post(f"/api/tournaments/{cup}/withdraw", headers=eve)  # not a member
    assert stranger.status_code == 409 and stranger.json()["code"] == "not_playing"
    assert client.post(f"/api/tournaments/{cup}/cancel").status_code == 401
    assert standings(client, cup, alice)["status"] == "running"
    edit = f"/api/tournaments/{cup}/edit"
    assert client.post(edit, json={"name": "Mine now"}, headers=bob).status_code == 403
    hidden = client.post(edit, json={"name": "\u200b\u202e"}, headers=alice)
    assert hidden.status_code == 422 and hidden.json()["code"] == "invalid_setup"
    renamed = client.post(edit, json={"name": "Late <arena>"}, headers=alice)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Late <arena>"
    cancelled = client.post(f"/api/tournaments/{cup}/cancel", headers=alice)
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    again = client.post(f"/api/tournaments/{cup}/cancel", headers=alice)
    assert again.status_code == 409 and again.json()["code"] == "over"
    closed = client.post(f"/api/tournaments/{cup}/join", headers=eve)
    assert closed.status_code == 409 and closed.json()["code"] == "arena_over"
    assert client.post("/api/tournaments/nope/cancel", headers=alice).status_code == 404


def test_what_an_arena_refuses_and_an_empty_window(timed: tuple[TestClient, ManualClock]) -> None:
    client, clock = timed
    alice, bob = account(client, "alice"), account(client, "bob")
    for change, code in (
        ({"minutes": None}, "invalid_window"),
        ({"minutes": 5}, "validation_error"),
        ({"seats": 3}, "invalid_seats"),
    ):
        refused = new_arena(client, alice, **change)
        assert refused.status_code == 422 and refused.json()["code"] == code, (change, refused.text)
    assert new_arena(client, alice, mode="knockout").status_code == 422
    cup = new_arena(client, alice).json()["id"]
    assert client.post(f"/api/tournaments/{cup}/join", headers=bob).status_code == 200
    listed = client.get("/api/tournaments", headers=bob).json()["tournaments"]
    assert [(t["id"], t["mode"]) for t in listed] == [(cup, "arena")]
    move_time(client, clock, timedelta(minutes=6))
    until(lambda: standings(client, cup, alice)["status"] == "running")
    move_time(client, clock, timedelta(minutes=21))  # two people the whole window: no game
    until(lambda: standings(client, cup, alice)["status"] == "cancelled")
    assert standings(client, cup, alice)["games"] == []
