"""Spectators through the API: anyone not seated, signed in or not, watches a game for
nobody's seat (its view, events and live stream); watching is rate-limited per address; the
watchers are counted in memory, bounded, told across processes, and watching writes nothing."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from api_helpers import account, play_randomly
from event_helpers import all_pages, stream_messages
from fastapi.testclient import TestClient
from sqlalchemy import event

from carson.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.kernel.live import WATCHED, Notifier
from carson.server.play.live.watchers import BEAT_SECONDS, WINDOW, Watchers, viewer_key


def two_people_game(client: TestClient, alice: dict[str, str], bob: dict[str, str]) -> str:
    body = {"seats": ["human", "human", "expert", "expert"], "public": True}
    created = client.post("/api/games", json=body, headers=alice)
    assert created.status_code == 201, created.text
    game: str = created.json()["id"]
    assert client.post(f"/api/games/{game}/join", headers=bob).status_code == 200
    return game


def test_a_spectator_sees_the_game_for_nobody_s_seat(client: TestClient) -> None:
    alice, bob, eve = account(client, "alice"), account(client, "bob"), account(client, "eve")
    game = two_people_game(client, alice, bob)
    stranger = TestClient(client.app)  # signed out
    watched = stranger.get(f"/api/games/{game}")
    assert watched.status_code == 200, watched.text
    view = watched.json()
    assert view["seat"] is None and view["legal_actions"] == [] and view["status"] == "playing"
    assert "private" not in view["view"]  # no seat's own secrets (its bid)
    assert client.get(f"/api/games/{game}", headers=eve).json() == view  # signed in, no seat
    seated = client.get(f"/api/games/{game}", headers=alice).json()
    assert seated["seat"] == 0 and seated["legal_actions"]  # a player: exactly as before
    public = [event for event in all_pages(client, game, alice) if event["seats"] is None]
    assert all_pages(stranger, game, {}) == public
    assert stranger.get("/api/games/nope").status_code == 404


def test_a_finished_game_streams_only_public_events_to_a_spectator(client: TestClient) -> None:
    alice = account(client, "alice")
    body = {"seats": ["human", "expert", "expert", "expert"], "seed": 5}
    game = client.post("/api/games", json=body, headers=alice).json()["id"]
    play_randomly(client, game, [alice], random.Random(5))
    messages = stream_messages(TestClient(client.app), game, {}, last_id="0")
    moves = [json.loads(m["data"]) for m in messages if m["event"] == "move"]
    assert moves and all(e["seats"] is None for move in moves for e in move["events"])
    assert json.loads(messages[-1]["data"])["seat"] is None


def test_a_stale_cookie_watches_signed_out_but_a_forged_token_is_refused(
    client: TestClient,
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = two_people_game(client, alice, bob)
    stale = TestClient(client.app, cookies={"carson_session": "ended-long-ago"})
    assert stale.get(f"/api/games/{game}").json()["seat"] is None
    forged = client.get(f"/api/games/{game}", headers={"Authorization": "Bearer forged"})
    assert forged.status_code == 401 and forged.json()["code"] == "invalid_token"


def test_watching_is_rate_limited_per_address(db_url: str) -> None:
    limits = Limits(watching_per_address="4/minute")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        alice, bob = account(client, "alice"), account(client, "bob")
        game = two_people_game(client, alice, bob)
        for _ in range(2):  # a signed-in person's misses count on the address …
            assert client.get("/api/games/nope0001", headers=alice).status_code == 404
        stranger = TestClient(client.app)
        assert stranger.get(f"/api/games/{game}").status_code == 200
        assert stranger.get(f"/api/games/{game}/events").status_code == 200
        refused = stranger.get(f"/api/games/{game}")  # … and every anonymous request
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1
        assert stranger.get(f"/api/games/{game}/stream").status_code == 429
        assert stranger.get("/api/lobby/playing").status_code == 429  # the listing too
        assert client.get("/api/lobby/playing", headers=alice).status_code == 200
        for _ in range(3):  # a player's own game is never counted
            assert client.get(f"/api/games/{game}", headers=alice).status_code == 200
        # Issue 45: a signed-in person's guesses beyond the rate are refused too.
        guessed = client.get("/api/games/nope0002", headers=alice)
        assert guessed.status_code == 429 and guessed.json()["code"] == "rate_limited"


def test_an_open_spectator_stream_is_counted_as_a_watcher(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = two_people_game(client, alice, bob)
    watchers = client.app.state.games.watchers  # type: ignore[attr-defined]
    assert watchers.count(game) == 0
    stranger = TestClient(client.app)
    with stranger.stream("GET", f"/api/games/{game}/stream?watchers=true") as response:
        assert response.status_code == 200
        told = None
        event = ""
        for line in response.iter_lines():
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "watchers":
                told = json.loads(line[6:])
                break
    assert told == {"watchers": 1}
    assert watchers.count(game) == 1
    # A seated player's stream tells the count too, and does not count its player.
    stream = f"/api/games/{game}/stream?watchers=true"
    with client.stream("GET", stream, headers=alice) as response:
        lines = response.iter_lines()
        assert next(line for line in lines if line == "event: watchers")
        assert json.loads(next(lines)[6:]) == {"watchers": 1}


def test_watchers_are_one_mark_per_viewer_and_go_after_a_minute() -> None:
    now = [datetime(2026, 11, 24, 9, 0, tzinfo=UTC)]
    watchers = Watchers(lambda: now[0], secret="the server's secret")
    game = "g1"
    anonymous = watchers.key(None, "198.51.100.7")
    assert anonymous.startswith("a") and "198" not in anonymous  # the address is not kept
    # Keyed (issue 45): trying every address with a plain hash does not find it.
    assert anonymous != "a" + hashlib.sha256(b"198.51.100.7").hexdigest()[:20]
    assert anonymous != viewer_key(None, "198.51.100.7", "another server's secret")
    assert watchers.seen(game, anonymous)  # a new watcher
    for _ in range(50):  # a viewer's many requests are one mark
        assert not watchers.seen(game, anonymous)
    watchers.seen(game, watchers.key(None, "203.0.113.9"))
    assert watchers.count(game) == 2
    now[0] += WINDOW + timedelta(seconds=1)
    assert watchers.count(game) == 0  # not seen within the minute: not counted
    watchers.seen(game, "u1")
    assert watchers.counts([game, "g2"]) == {game: 1}
    assert watchers.last_seen(game, anonymous) is None  # gone from memory


def test_viewers_are_told_to_the_other_processes_once_a_beat() -> None:
    now = [datetime(2026, 11, 24, 9, 0, tzinfo=UTC)]
    other = Watchers(lambda: now[0])
    told: list[str] = []

    def tell(game_id: str, viewer: str) -> None:  # as PostgreSQL's notice carries it
        told.append(f"{game_id} {viewer}")
        assert other.heard(f"{game_id} {viewer}") in (game_id, None)

    here = Watchers(lambda: now[0], tell)
    here.seen("g1", "u1")
    here.seen("g1", "u1")
    assert told == ["g1 u1"] and other.count("g1") == 1  # the other process counts it
    now[0] += timedelta(seconds=BEAT_SECONDS)
    here.seen("g1", "u1")  # a stream's beat: told again, the other keeps counting it
    assert told == ["g1 u1"] * 2
    now[0] += WINDOW - timedelta(seconds=1)
    assert other.count("g1") == 1
    assert other.heard("g1") is None and other.heard("") is None  # a malformed notice


def test_watching_writes_nothing(client: TestClient) -> None:
    """A spectator's view, stream and page are GETs: they store nothing (issue 43)."""
    alice, bob = account(client, "alice"), account(client, "bob")
    game = two_people_game(client, alice, bob)
    engine = client.app.state.games.store.engine  # type: ignore[attr-defined]
    writes: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        # The worker's own rounds (its lease sweep) run meanwhile in threads of their own.
        if threading.current_thread().name.startswith("carson-"):
            return
        if not statement.lstrip().upper().startswith(("SELECT", "PRAGMA")):
            writes.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        stranger = TestClient(client.app)
        assert stranger.get(f"/api/games/{game}").status_code == 200
        assert stranger.get(f"/games/{game}").status_code == 200
        with stranger.stream("GET", f"/api/games/{game}/stream?watchers=true") as response:
            lines = response.iter_lines()
            assert next(line for line in lines if line == "event: watchers")
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert writes == []
    assert client.app.state.games.watchers.count(game) == 1  # type: ignore[attr-defined]


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("path", ["", "/events", "/stream"])
def test_spectator_routes_are_in_the_openapi_document(client: TestClient, path: str) -> None:
    operation = client.get("/openapi.json").json()["paths"][f"/api/games/{{game_id}}{path}"]["get"]
    assert "429" in operation["responses"] and "403" not in operation["responses"]
    assert {} in operation["security"]  # the token is optional


def test_the_lobby_lists_public_games_in_progress_to_anyone(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = two_people_game(client, alice, bob)
    private = client.post("/api/games", json={"seats": ["human", "human", "expert", "expert"]},
                          headers=alice).json()["id"]  # fmt: skip
    assert client.post(f"/api/games/{private}/join", headers=bob).status_code == 200
    waiting = client.post("/api/games", json={"seats": ["human", "human"], "game": "board",
                          "public": True}, headers=alice).json()["id"]  # fmt: skip
    stranger = TestClient(client.app)
    with stranger.stream("GET", f"/api/games/{game}/stream?watchers=1") as response:
        next(line for line in response.iter_lines() if line == "event: watchers")  # one watches
    listed = stranger.get("/api/lobby/playing")
    assert listed.status_code == 200, listed.text
    games = listed.json()["games"]
    assert [entry["id"] for entry in games] == [game]  # not the private one, nor a waiting one
    entry = games[0]
    assert entry["watchers"] == 1 and entry["round"] == 1 and entry["seq"] >= 0
    assert [(s["user"], s["rating"]) for s in entry["seats"]] == [
        ("alice", 1500), ("bob", 1500), (None, None), (None, None)
    ]  # fmt: skip
    assert stranger.get("/api/lobby/playing?game=board").json()["games"] == []
    assert waiting not in str(games)


def test_a_viewer_s_notice_from_another_process_is_counted_and_wakes_the_game() -> None:
    notifier = Notifier(10)
    watchers = Watchers(lambda: datetime(2026, 11, 24, 9, 0, tzinfo=UTC))
    notifier.watched = watchers.heard
    before = notifier.version("g1")
    notifier._notice(f"{WATCHED}g1 u7")  # as the listening connection hears it
    assert watchers.count("g1") == 1 and notifier.version("g1") > before
    again = notifier.version("g1")
    notifier._notice(f"{WATCHED}g1 u7")  # the same viewer: no new watcher, nothing woken
    assert notifier.version("g1") == again
