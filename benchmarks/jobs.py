"""The job queue: jobs a worker claims and ends per second (the queue's own cost), and what
thinking in a child process adds to a machine seat's decision.

``make bench BENCH=jobs`` uses SQLite in a temporary directory; ``DATABASE_URL`` names
another database (PostgreSQL) to measure instead.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median
from typing import Any

from carson.core.registry import game_kind
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob
from carson.server.kernel.db import make_engine, migrate
from carson.server.listening import every_listener
from carson.server.play.store import GameStore
from carson.server.play.thinking import ChildProcessThinker, InlineThinker, Thinker, ThinkRequest
from carson.server.play.worker_context import WorkerContext
from carson.server.workers import game_worker

JOBS = 300
DECISIONS = 40


def _nothing(context: WorkerContext, job: ClaimedJob, payload: dict[str, Any]) -> None:
    """A job that does nothing: what is measured is the queue."""


NOTHING = register(JobKind("bench_nothing", dict, _nothing))


def queue_rate(url: str) -> float:
    """Jobs per second one worker claims, runs (a no-op) and ends, best of 3 batches."""
    engine = make_engine(url)
    migrate(engine)
    store = GameStore(engine, every_listener())
    worker = game_worker(store, InlineThinker())
    best = 0.0
    for _ in range(3):
        for _ in range(JOBS):
            store.jobs.submit(NOTHING.name, {})
        start = time.perf_counter()
        while worker.run_once():
            pass
        best = max(best, JOBS / (time.perf_counter() - start))
    engine.dispose()
    return best


def decision_ms(think: Thinker) -> float:
    """The median time of a random board-game seat's decision, some moves into a game."""
    kind = game_kind("board")
    config = kind.config(["random", "random"], [])
    state = kind.new_state(config, 1)
    actions = []
    rng = random.Random(1)
    while len(actions) < 30 and state.seats_to_act:
        seat = state.seats_to_act[0]
        action = rng.choice(state.legal_actions(seat))
        actions.append((seat, action.to_json()))
        state.apply(seat, action)
    seat = state.seats_to_act[0]
    request = ThinkRequest("board", config, 1, actions, seat, "random", None)
    think(request)  # a child's first decision imports the games
    times = []
    for _ in range(DECISIONS):
        start = time.perf_counter()
        think(request)
        times.append(time.perf_counter() - start)
    think.close()
    return 1000 * median(times)


def main(_: Sequence[str] = ()) -> None:
    url = os.environ.get("DATABASE_URL")
    with tempfile.TemporaryDirectory() as scratch:
        url = url or f"sqlite:///{Path(scratch) / 'jobs.db'}"
        print(f"Job queue on {url.split(':', 1)[0]}: one worker, no-op jobs (best of 3)")
        print(f"  {queue_rate(url):>9.0f} jobs/s claimed, run and ended")
    print(f"A machine decision (random board-game seat; median of {DECISIONS})")
    print(f"  in the worker's process  {decision_ms(InlineThinker()):>7.2f} ms")
    print(f"  in a child process       {decision_ms(ChildProcessThinker()):>7.2f} ms")
