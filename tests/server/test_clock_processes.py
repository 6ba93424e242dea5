"""Timeouts with two server processes on one PostgreSQL database: every timeout fires once.

Two ``carson worker`` processes share the queue. Several games' clocks are run out (the
stored clocks moved back in time, as after a server that was down past the deadlines), and
each timeout is queued four times over under different keys, so that both processes handle
the same seat's timeout at the same moment. Each must still be applied once: one machine
move for the ``move`` rule, one takeover for the ``takeover`` rule.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from carson.app import create_app
from carson.server.kernel.db import Game, GameSeat, Job, Move
from carson.server.play.clocks import TIMEOUT, Timeout
from carson.server.play.games import GameService
from toy import toy_environment

pytestmark = pytest.mark.usefixtures("toy_game")
pytestmark = [pytestmark, pytest.mark.slow]  # two server processes

GAMES = 6
COPIES = 4  # the timeout's own job and three more of the same seat's timeout
PATIENCE = 120.0


def _worker(url: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "worker", "--db", url, "--lease", "5",
         "--poll", "0.1", "--budget-ms", "5"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=toy_environment(),
    )  # fmt: skip


def _run_out(service: GameService, games: list[str]) -> None:
    """Bob's clock started a day and a second ago in every game, and his timeout is due
    now, queued ``COPIES`` times."""
    now = datetime.now(UTC)
    with service.sessions.begin() as session:
        for game in games:
            data: dict[str, Any] = dict(session.scalar(select(Game.clock).where(Game.id == game)))
            since = list(data["running_since"])
            since[1] = (now - timedelta(days=1, seconds=1)).timestamp()
            data["running_since"] = since
            session.execute(update(Game).where(Game.id == game).values(clock=data))
            due = Timeout(game, 1, 1)
            for copy in range(1, COPIES):
                service.jobs.enqueue(session, TIMEOUT, due.payload(), key=f"{due.key()}:{copy}")
        session.execute(update(Job).where(Job.kind == TIMEOUT).values(run_at=now))


def _moves(service: GameService, game: str) -> list[tuple[int, int]]:
    with service.sessions() as session:
        rows = session.execute(
            select(Move.seq, Move.seat).where(Move.game_id == game).order_by(Move.seq)
        ).all()
    return [(seq, seat) for seq, seat in rows]


def _settled(service: GameService, games: list[str]) -> bool:
    """Every game has moved past bob's timeout and no job is due or running any more."""
    if any(len(_moves(service, game)) < 2 for game in games):
        return False
    now = datetime.now(UTC)
    return all(
        row.run_at > now + timedelta(hours=1) or row.state == "failed"
        for row in service.jobs.listing()
    )


def test_a_timeout_fires_once_with_two_worker_processes(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("two server processes share a PostgreSQL database")
    client = TestClient(create_app(db_url, budget_ms=5, worker=False))
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    alice, bob = account(client, "alice"), account(client, "bob")
    games = []
    for number in range(GAMES):
        rule = "move" if number % 2 else "takeover"
        body = {"game": "toy", "seats": ["human", "human"], "time_control": "1d",
                "on_timeout": rule}  # fmt: skip
        game = client.post("/api/games", json=body, headers=alice).json()["id"]
        assert client.post(f"/api/games/{game}/join", headers=bob).status_code == 200
        stake = {"seq": 0, "action": {"kind": "stake", "chips": 2}}
        assert client.post(f"/api/games/{game}/actions", json=stake, headers=alice).is_success
        games.append(game)
    _run_out(service, games)

    workers = [_worker(db_url), _worker(db_url)]
    try:
        deadline = time.monotonic() + PATIENCE
        while not _settled(service, games) and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        for worker in workers:
            worker.send_signal(signal.SIGTERM)
        errors = [worker.communicate(timeout=30)[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], errors
    assert not [row for row in service.jobs.listing() if row.state == "failed"]

    for number, game in enumerate(games):
        with service.sessions() as session:
            left = session.execute(
                select(GameSeat.seat, GameSeat.left, GameSeat.left_seq)
                .where(GameSeat.game_id == game)
                .order_by(GameSeat.seat)
            ).all()
        moves = _moves(service, game)
        if number % 2:  # move: one machine stake for bob; round 2 waits for both people
            assert moves == [(1, 0), (2, 1)], moves
            assert [tuple(row) for row in left] == [(0, None, None), (1, None, None)]
        else:  # takeover: bob's seat is the machine's from seq 1 on, in round 2 too
            assert moves == [(1, 0), (2, 1), (3, 1)], moves
            assert [tuple(row) for row in left] == [(0, None, None), (1, "timeout", 1)]
