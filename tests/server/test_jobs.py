"""The job queue and its workers: machine seats' moves as durable jobs, run exactly once,
retried with back-off, scheduled, and thought out in another process than the web's."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from typer.testing import CliRunner

from carson.cli.main import app as cli
from carson.core.registry import GameKind, game_kind
from carson.server.app import create_app
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.listening import JobsListener
from carson.server.jobs.queue import ClaimedJob
from carson.server.kernel.db import Job, Move, User
from carson.server.play.games import GameService
from carson.server.play.machines import MACHINE_MOVE, MachineMove, move_machine
from carson.server.play.thinking import ChildProcessThinker, InlineThinker, ThinkRequest
from carson.server.play.worker_context import WorkerContext
from carson.server.workers import GameWorker, game_worker

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


RUNS: list[dict[str, Any]] = []


def _record_run(context: WorkerContext, job: ClaimedJob, payload: dict[str, Any]) -> None:
    RUNS.append(payload)


def _always_fail(context: WorkerContext, job: ClaimedJob, payload: dict[str, Any]) -> None:
    raise RuntimeError(f"boom {payload['n']}")


RECORD = register(JobKind("test_record", dict, _record_run))
FAILING = register(JobKind("test_fail", dict, _always_fail))


def quiet_server(db_url: str) -> tuple[TestClient, GameService]:
    """A server without its worker (the test runs the workers) and its game service."""
    client = TestClient(create_app(db_url, budget_ms=5, worker=False))
    return client, client.app.state.games  # type: ignore[attr-defined]


def user(service: GameService, name: str) -> User:
    with service.sessions() as session:
        found = session.scalar(select(User).where(User.username == name))
    assert found is not None
    return found


def jobs_of(service: GameService) -> list[tuple[str, str | None, str]]:
    return [(row.kind, row.key, row.state) for row in service.jobs.listing()]


def moves_of(service: GameService, game: str) -> list[int]:
    with service.sessions() as session:
        return list(
            session.scalars(select(Move.seq).where(Move.game_id == game).order_by(Move.seq))
        )


def play_with_workers(
    service: GameService, game: str, workers: list[GameWorker], who: User
) -> None:
    """The human acts at random; the workers take turns at the queue; until the game ends."""
    rng = random.Random(4)
    for _ in range(5000):
        view = service.view(who, game)
        if view["status"] == "over":
            return
        if view["legal_actions"]:
            service.act(who, game, view["seq"], rng.choice(view["legal_actions"]))
        for worker in workers:
            worker.run_once()
    raise AssertionError("the game did not end")


def machine_due(service: GameService, game: str) -> str | None:
    """The key of the seq at which the machine seat (seat 1) must act, if it must: with the
    number of its moves drafted at that seq (a construction's, issue 25), if any."""
    with service.sessions() as session:
        table = service.store.table(session, game)
        state = service.store.state(session, table)
        drafted = sum(len(moves) for moves in service.drafts.of(session, table, state).values())
    if 1 not in state.seats_to_act:
        return None
    return f"{len(state.actions)}:{drafted}" if drafted else str(len(state.actions))


def test_a_move_queues_the_next_machine_seats_job_in_its_transaction(db_url: str) -> None:
    client, service = quiet_server(db_url)
    alice = account(client, "alice")
    body = {"game": "board", "seats": ["human", "random"], "seed": 3}
    game = client.post("/api/games", json=body, headers=alice).json()["id"]
    worker = game_worker(service.store, InlineThinker(), budget_ms=5)
    for _ in range(20):
        due = machine_due(service, game)
        expected = [] if due is None else [("machine_move", f"machine_move:{game}:{due}", "ready")]
        assert jobs_of(service)[-1:] == expected  # queued with the move (or the game's start)
        view = client.get(f"/api/games/{game}", headers=alice).json()
        if not view["legal_actions"]:
            worker.run_once()
            continue
        seq = view["seq"]
        body = {"seq": seq, "action": view["legal_actions"][0]}
        assert (
            client.post(f"/api/games/{game}/actions", headers=alice, json=body).status_code == 200
        )
        before = jobs_of(service)
        refused = client.post(f"/api/games/{game}/actions", headers=alice, json=body)
        assert refused.status_code == 409 and jobs_of(service) == before  # nothing queued
    assert moves_of(service, game)


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_machine_game_plays_to_the_end_through_jobs(db_url: str) -> None:
    client, service = quiet_server(db_url)
    account(client, "alice")
    alice = user(service, "alice")
    game = service.create(alice, ["human", "greedy", "ai-easy", "expert"], 5, None)["id"]
    workers = [game_worker(service.store, InlineThinker(), budget_ms=5) for _ in range(2)]
    play_with_workers(service, game, workers, alice)
    assert moves_of(service, game) == list(range(1, len(moves_of(service, game)) + 1))
    assert jobs_of(service) == []


def test_a_job_of_a_dead_worker_is_taken_by_another_and_the_move_made_once(db_url: str) -> None:
    client, service = quiet_server(db_url)
    account(client, "alice")
    alice = user(service, "alice")
    clock = Clock()
    service.jobs.clock = clock
    game = service.create(alice, ["human", "random"], 3, None, game="board")["id"]
    view = service.view(alice, game)
    if view["legal_actions"]:  # let the machine seat be the one to act
        service.act(alice, game, view["seq"], view["legal_actions"][0])
    seq = service.view(alice, game)["seq"]
    other = game_worker(service.store, InlineThinker(), budget_ms=5, lease=30)
    while len(service.jobs.listing()) > 1:  # a job left from seq 0 (both could claim) ends
        other.run_once()
    dead = service.jobs.claim(lease=30)  # a worker takes the job… and dies
    assert dead is not None and dead.payload == {"game": game, "seq": seq}
    assert not other.run_once()  # its lease holds: nobody else takes it
    clock.advance(31)
    assert other.run_once()  # the lease ran out: another worker makes the move
    assert moves_of(service, game)[-1] == seq + 1
    # The "dead" worker wakes up and finishes its thinking: nothing more is stored.
    context = WorkerContext(service.store, service.jobs, InlineThinker(), 5)
    move_machine(context, dead, MachineMove(game, seq))
    assert moves_of(service, game).count(seq + 1) == 1
    assert not service.jobs.renew(dead, 30) and not service.jobs.complete(dead)
    assert service.jobs.fail(dead, "too late") is None


def test_a_failing_job_is_retried_with_back_off_then_failed_and_listed(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    _, service = quiet_server(db_url)
    clock = Clock()
    service.jobs.clock = clock
    worker = game_worker(service.store, InlineThinker())
    service.jobs.submit(FAILING.name, {"n": 1}, max_attempts=3)
    caplog.set_level(logging.WARNING, logger="carson.server.jobs.worker")
    for attempt, wait in ((1, 2), (2, 4)):
        assert worker.run_once()
        (row,) = service.jobs.listing()
        assert (row.state, row.attempts, row.last_error) == (
            "ready",
            attempt,
            "RuntimeError: boom 1",
        )
        assert row.run_at == clock.now + timedelta(seconds=wait)  # doubled each time
        clock.advance(wait - 1)
        assert not worker.run_once()  # not before its back-off is over
        clock.advance(1)
    assert worker.run_once()
    (row,) = service.jobs.listing("failed")
    assert (row.attempts, row.max_attempts) == (3, 3)
    assert "failed for good after 3 tries: RuntimeError: boom 1" in caplog.text
    assert not worker.run_once()  # a failed job stays failed
    url = str(service.store.engine.url.render_as_string(hide_password=False))
    listed = CliRunner().invoke(cli, ["jobs", "--db", url, "--state", "failed"])
    assert listed.exit_code == 0 and "test_fail\tfailed\t3/3" in listed.stdout
    assert "RuntimeError: boom 1" in listed.stdout
    retried = CliRunner().invoke(cli, ["jobs", "--db", url, "--retry", str(row.id)])
    assert retried.exit_code == 0 and service.jobs.listing()[0].state == "ready"
    again = CliRunner().invoke(cli, ["jobs", "--db", url, "--retry", "999"])
    assert again.exit_code == 2 and "no failed job 999" in again.stderr
    bad = CliRunner().invoke(cli, ["jobs", "--db", url, "--state", "lost"])
    assert bad.exit_code == 2 and "--state must be one of" in bad.stderr


def test_a_scheduled_job_does_not_run_before_its_time(db_url: str) -> None:
    _, service = quiet_server(db_url)
    clock = Clock()
    service.jobs.clock = clock
    worker = game_worker(service.store, InlineThinker())
    RUNS.clear()
    service.jobs.submit(RECORD.name, {"when": "later"}, run_at=T0 + timedelta(minutes=1))
    service.jobs.submit(RECORD.name, {"when": "now"})
    assert worker.run_once() and RUNS == [{"when": "now"}]
    clock.advance(59)
    assert not worker.run_once() and RUNS == [{"when": "now"}]
    clock.advance(1)
    assert worker.run_once() and RUNS == [{"when": "now"}, {"when": "later"}]
    assert service.jobs.listing() == []  # done jobs are not kept


def test_an_idle_worker_sleeps_until_the_next_job_falls_due(db_url: str) -> None:
    """On PostgreSQL a queued job wakes the workers, so an idle one waits for the next
    scheduled job or lost lease rather than looking every second; on SQLite it looks."""
    _, service = quiet_server(db_url)
    clock = Clock()
    service.jobs.clock = clock
    worker = game_worker(service.store, InlineThinker(), lease=30)
    postgres = db_url.startswith("postgresql")
    assert service.jobs.next_due() is None
    assert worker._idle_seconds() == (30.0 if postgres else 1.0)
    service.jobs.submit(RECORD.name, {}, run_at=T0 + timedelta(seconds=20))
    assert service.jobs.next_due() == T0 + timedelta(seconds=20)
    assert worker._idle_seconds() == (pytest.approx(20.01) if postgres else 1.0)
    service.jobs.submit(RECORD.name, {"n": 1})
    held = service.jobs.claim(lease=5)  # its worker may die: due again when the lease ends
    assert held is not None and held.payload == {"n": 1}
    assert service.jobs.next_due() == T0 + timedelta(seconds=5)
    clock.advance(60)  # overdue: no sleep
    assert worker._idle_seconds() == (0.0 if postgres else 1.0)
    assert game_worker(service.store, InlineThinker(), poll=0.5)._idle_seconds() <= 0.5


def test_a_job_queued_anywhere_wakes_a_listening_worker_at_once(db_url: str) -> None:
    """PostgreSQL: the worker's listener sleeps on its connection (no timeout), wakes for
    a job's notice, listens again after its connection was dropped, and stops at once."""
    if not db_url.startswith("postgresql"):
        pytest.skip("job notices are PostgreSQL's")
    _, service = quiet_server(db_url)
    wake = threading.Event()
    conninfo = db_url.replace("postgresql+psycopg", "postgresql")
    listener = JobsListener(conninfo, wake)
    thread = threading.Thread(target=listener.run, daemon=True)
    thread.start()
    assert wake.wait(10)  # listening: a job queued meanwhile is looked for
    wake.clear()
    assert not wake.wait(0.3)
    service.jobs.submit(RECORD.name, {}, run_at=T0 + timedelta(days=1))  # any job, any time
    assert wake.wait(10)
    wake.clear()
    engine = create_engine(db_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        assert connection.exec_driver_sql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND query = 'LISTEN carson_jobs'"
        ).scalar()
    engine.dispose()
    assert wake.wait(10)  # listening again
    started = time.monotonic()
    listener.stop()
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - started < 2


def test_a_keyed_job_is_queued_once(db_url: str) -> None:
    _, service = quiet_server(db_url)
    for _ in range(2):
        service.jobs.submit(RECORD.name, {}, key="once")
    assert len(service.jobs.listing()) == 1


def test_a_malformed_payload_fails_the_job(db_url: str) -> None:
    _, service = quiet_server(db_url)
    service.jobs.submit(MACHINE_MOVE.name, {"game": 3}, max_attempts=1)
    assert game_worker(service.store, InlineThinker()).run_once()
    (row,) = service.jobs.listing("failed")
    assert row.last_error is not None and "needs a game and a seq" in row.last_error


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_web_process_does_not_search_in_its_own_threads(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Machine players are made, and think, only in the thinking process: in this one,
    making one fails."""

    def nowhere_here(*args: object) -> None:
        raise AssertionError("a machine player was made in the web process")

    monkeypatch.setattr(GameKind, "make_player", nowhere_here)
    app = create_app(db_url, budget_ms=5)
    with TestClient(app) as client:
        alice = account(client, "alice")
        body = {"seats": ["human", "ai-easy", "greedy", "expert"], "seed": 2}
        game = client.post("/api/games", json=body, headers=alice).json()["id"]
        views = play_randomly(client, game, [alice], random.Random(2))
        assert views[-1]["status"] == "over"
        service: GameService = app.state.games
        assert service.jobs.listing() == []


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_thinking_process_that_dies_is_replaced() -> None:
    thinker = ChildProcessThinker()
    malformed = ThinkRequest("board", {}, 1, [], 0, "random", None)
    with pytest.raises(RuntimeError, match="the thinking process failed: BoardConfigError"):
        thinker(malformed)  # told, and the child lives on
    first = thinker.pid
    assert first is not None and first != os.getpid()
    config = game_kind("board").config(["human", "ai-hard"], [])
    slow = ThinkRequest("board", config, 1, [], 1, "ai-hard", 20_000)
    threading.Timer(1.0, os.kill, (first, signal.SIGKILL)).start()
    with pytest.raises(ChildProcessError, match="ended unexpectedly"):
        thinker(slow)  # killed while it thinks: the job fails (and is tried again)
    assert thinker.pid is None
    quick = ThinkRequest("board", config, 1, [], 1, "random", None)
    assert isinstance(thinker(quick), dict)  # a new child answers
    assert thinker.pid not in (None, first)
    thinker.close()
    assert thinker.pid is None


def _carson_worker(url: str, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "worker", "--db", url, "--lease", "2",
         "--poll", "0.2", *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_kill_9_of_a_worker_mid_search_another_finishes_the_game(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("workers in several processes share a PostgreSQL database")
    client, service = quiet_server(db_url)
    account(client, "alice")
    alice = user(service, "alice")
    game = service.create(alice, ["human", "ai-hard"], 11, None, game="board")["id"]
    view = service.view(alice, game)
    if view["legal_actions"]:  # the AI seat to act first
        service.act(alice, game, view["seq"], view["legal_actions"][0])
    seq = service.view(alice, game)["seq"]
    doomed = _carson_worker(db_url, "--budget-ms", "5000")  # thinks for 5 s
    try:
        deadline = time.monotonic() + 30
        while not _running(service) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _running(service), "the worker did not take the job"
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait()
        assert len(moves_of(service, game)) == seq  # killed mid-search: no move yet
    finally:
        doomed.kill()
    survivor = _carson_worker(db_url, "--budget-ms", "5")
    try:
        _play_against(service, game, alice)
    finally:
        survivor.send_signal(signal.SIGTERM)
        _, errors = survivor.communicate(timeout=30)
    assert survivor.returncode == 0, errors
    moves = moves_of(service, game)
    assert sorted(moves) == list(range(1, len(moves) + 1))  # each seq once, none lost
    with service.sessions() as session:
        assert session.scalar(select(func.count()).select_from(Job)) == 0


def _running(service: GameService) -> bool:
    return any(row.state == "running" for row in service.jobs.listing())


def _play_against(service: GameService, game: str, who: User) -> None:
    rng = random.Random(1)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        view = service.view(who, game)
        if view["status"] == "over":
            return
        if view["legal_actions"]:
            service.act(who, game, view["seq"], rng.choice(view["legal_actions"]))
        else:
            time.sleep(0.01)
    raise AssertionError("the surviving worker did not finish the game")


def test_carson_worker_refuses_bad_options(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    for options, message in (
        (("--lease", "0"), "--lease must be at least 1"),
        (("--budget-ms", "-1"), "--budget-ms must be 0 or more"),
    ):
        result = CliRunner().invoke(cli, ["worker", "--db", url, *options])
        assert result.exit_code == 2 and message in result.stderr
