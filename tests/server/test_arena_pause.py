"""Pausing in an arena (issue 48): a paused player is not seated while others are; coming
back seats them (the resume queues the seating itself, no tick needed); a player whose clock
runs out in an arena game (a machine takes their seat) is paused and told so; who may pause
— on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from api_helpers import account
from fastapi.testclient import TestClient
from test_lobby import service, until
from test_tournament_arena import games_seen, new_arena, tables
from test_tournaments import move_time, standings, timed

from manual_clock import ManualClock

__all__ = ["timed"]  # the fixture, used by name
Who = dict[str, str]


def paused(client: TestClient, cup: str, who: Who) -> dict[str, bool]:
    return {row["user"]: row["paused"] for row in standings(client, cup, who)["players"]}


def no_seating_queued(client: TestClient) -> bool:
    """No arena seating waits or runs (the ticks wait for the clock the test moves)."""
    rows = service(client).jobs.listing()
    return not any(
        row.kind == "tournament_arena" and row.key is not None and row.key.endswith(":pair")
        and row.state in ("queued", "running")
        for row in rows
    )  # fmt: skip


def test_a_paused_player_is_not_seated_until_they_come_back(
    timed: tuple[TestClient, ManualClock],
) -> None:
    client, clock = timed
    names = ("alice", "bob", "carol", "dave", "eve", "fay", "gus", "hal")
    who = {name: account(client, name) for name in names}
    cup = new_arena(client, who["alice"]).json()["id"]
    for name in names[1:5]:
        assert client.post(f"/api/tournaments/{cup}/join", headers=who[name]).status_code == 200
    # Alice, the longest waiting, pauses before the start: the four others sit down without her.
    gone = client.post(f"/api/tournaments/{cup}/pause", headers=who["alice"])
    assert gone.status_code == 200, gone.text
    assert paused(client, cup, who["bob"]) == {n: n == "alice" for n in names[:5]}
    move_time(client, clock, timedelta(minutes=6))
    until(games_seen(client, cup, who["bob"], 1), patience=30)
    assert sorted(tables(standings(client, cup, who["bob"]))[0]) == ["bob", "carol", "dave", "eve"]
    # Three more join while she is away: with her four would be free, without her three.
    for name in ("fay", "gus", "hal"):
        assert client.post(f"/api/tournaments/{cup}/join", headers=who[name]).status_code == 200
    until(lambda: no_seating_queued(client))
    assert len(standings(client, cup, who["bob"])["games"]) == 1
    again = client.post(f"/api/tournaments/{cup}/pause", headers=who["alice"])  # still paused
    assert again.status_code == 200 and paused(client, cup, who["bob"])["alice"]
    back = client.post(f"/api/tournaments/{cup}/resume", headers=who["alice"])
    assert back.status_code == 200, back.text
    assert not back.json()["players"][0]["paused"]
    until(games_seen(client, cup, who["bob"], 2))  # her coming back seats them, no tick needed
    assert sorted(tables(standings(client, cup, who["bob"]))[1]) == ["alice", "fay", "gus", "hal"]


def test_a_timeout_pauses_the_player_and_tells_them(
    timed: tuple[TestClient, ManualClock],
) -> None:
    client, clock = timed
    names = ("alice", "bob", "carol", "dave")
    who = {name: account(client, name) for name in names}
    cup = new_arena(client, who["alice"]).json()["id"]
    for name in names[1:]:
        assert client.post(f"/api/tournaments/{cup}/join", headers=who[name]).status_code == 200
    move_time(client, clock, timedelta(minutes=6))
    until(games_seen(client, cup, who["alice"], 1), patience=30)
    game = standings(client, cup, who["alice"])["games"][0]["game_id"]
    move_time(client, clock, timedelta(minutes=2))  # every clock runs out: machines take over
    until(lambda: any(paused(client, cup, who["alice"]).values()), patience=60)
    until(lambda: all(paused(client, cup, who["alice"]).values()), patience=60)
    seats = client.get(f"/api/games/{game}", headers=who["alice"]).json()["seats"]
    assert {seat["left"] for seat in seats if seat.get("user")} == {"timeout"}
    told = client.get("/api/notifications", headers=who["bob"]).json()["notifications"]
    pause_notes = [n for n in told if n["payload"].get("paused") == cup]
    assert len(pause_notes) == 1 and pause_notes[0]["game"] == game
    # Their game ends (machines play it out): nobody is seated again while all are paused.
    until(lambda: standings(client, cup, who["alice"])["games"][0]["over"], patience=120)
    until(lambda: no_seating_queued(client))
    assert len(standings(client, cup, who["alice"])["games"]) == 1
    for name in names:
        assert client.post(f"/api/tournaments/{cup}/resume", headers=who[name]).status_code == 200
    until(games_seen(client, cup, who["alice"], 2))  # all back: seated again


def test_who_may_pause(timed: tuple[TestClient, ManualClock]) -> None:
    client, _ = timed
    alice, bob, eve = (account(client, name) for name in ("alice", "bob", "eve"))
    cup = new_arena(client, alice).json()["id"]
    assert client.post(f"/api/tournaments/{cup}/join", headers=bob).status_code == 200
    for change in ("pause", "resume"):
        stranger = client.post(f"/api/tournaments/{cup}/{change}", headers=eve)  # no member
        assert stranger.status_code == 409 and stranger.json()["code"] == "not_playing"
        assert client.post(f"/api/tournaments/{cup}/{change}").status_code == 401
        assert client.post(f"/api/tournaments/nope/{change}", headers=bob).status_code == 404
    # Bob pauses himself only: Alice stays free.
    assert client.post(f"/api/tournaments/{cup}/pause", headers=bob).status_code == 200
    assert paused(client, cup, alice) == {"alice": False, "bob": True}
    start = service(client).jobs.clock() + timedelta(minutes=5)
    swiss = client.post("/api/tournaments", headers=alice, json={
        "name": "Cup", "game": "card", "seats": 4, "time_control": "1+0", "rounds": 2,
        "starts_at": start.isoformat()})  # fmt: skip
    refused = client.post(f"/api/tournaments/{swiss.json()['id']}/pause", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "not_arena"
    assert client.post(f"/api/tournaments/{cup}/cancel", headers=alice).status_code == 200
    over = client.post(f"/api/tournaments/{cup}/resume", headers=bob)
    assert over.status_code == 409 and over.json()["code"] == "not_playing"
