"""A server process's memory stays bounded however many games it serves: every per-game
table (states, views, tables, live wake-up numbers, locks) keeps at most
``CARSON_CACHED_GAMES`` games."""

from __future__ import annotations

import random
import threading
import time

import pytest
from api_helpers import account
from fastapi.testclient import TestClient

from carson.app import create_app
from carson.server.kernel.errors import BadSetting
from carson.server.play.games import GameService
from carson.server.play.store import GameLocks

KEPT = 4


@pytest.mark.slow  # runs long: whole games or many cases
def test_many_games_and_moves_leave_every_per_game_table_bounded(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARSON_CACHED_GAMES", str(KEPT))
    app = create_app(f"sqlite:///{tmp_path}/carson.db", budget_ms=5)
    service: GameService = app.state.games
    rng = random.Random(5)
    with TestClient(app) as client:
        headers = account(client, "ann")
        games = []
        for seed in range(KEPT * 6):
            response = client.post(
                "/api/games",
                json={"seats": ["human", "greedy", "random"], "game": "board", "seed": seed},
                headers=headers,
            )
            assert response.status_code == 201, response.text
            games.append(response.json()["id"])
        for game_id in games:  # a few moves each: the bots answer in the background
            for _ in range(3):
                view = client.get(f"/api/games/{game_id}", headers=headers).json()
                if not view["legal_actions"]:
                    break
                client.post(
                    f"/api/games/{game_id}/actions",
                    json={"seq": view["seq"], "action": rng.choice(view["legal_actions"])},
                    headers=headers,
                )
            assert client.get(f"/api/games/{game_id}/events", headers=headers).status_code == 200
        store = service.store
        # The worker's machine moves end (each holds its game's lock while it writes).
        deadline = time.monotonic() + 60
        while (service.jobs.listing() or len(store.locks)) and time.monotonic() < deadline:
            time.sleep(0.05)
        # Full, and no fuller: 24 games went through each table.
        assert len(store.cache._states) == KEPT
        assert len(store.cache._views) <= KEPT
        assert store.tables_in_memory() == KEPT
        assert len(store.notifier._versions) == KEPT
        assert len(store.locks) == 0  # nobody holds a game's lock now: none is kept
        # And what was dropped comes back from the database, unchanged.
        first = client.get(f"/api/games/{games[0]}", headers=headers)
        assert first.status_code == 200 and first.json()["id"] == games[0]


def test_a_game_lock_held_is_never_dropped_and_keeps_a_second_writer_out() -> None:
    locks = GameLocks()
    inside = threading.Event()
    release = threading.Event()
    order: list[str] = []

    def first_writer() -> None:
        with locks.hold("g"):
            order.append("first in")
            inside.set()
            release.wait(5)
            order.append("first out")

    def second_writer() -> None:
        with locks.hold("g"):
            order.append("second in")

    one = threading.Thread(target=first_writer)
    one.start()
    inside.wait(5)
    for number in range(1000):  # many other games come and go meanwhile
        with locks.hold(f"other-{number}"):
            pass
    assert len(locks) == 1  # only the held one is left
    two = threading.Thread(target=second_writer)
    two.start()
    time.sleep(0.1)
    assert order == ["first in"]  # the second writer waits
    release.set()
    one.join(5)
    two.join(5)
    assert order == ["first in", "first out", "second in"]
    assert len(locks) == 0


@pytest.mark.parametrize("value", ["0", "-3", "many", "99999999999"])
def test_a_bad_cached_games_setting_is_refused_at_start(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARSON_CACHED_GAMES", value)
    with pytest.raises(BadSetting, match="CARSON_CACHED_GAMES must be a number of games"):
        create_app("sqlite://")
