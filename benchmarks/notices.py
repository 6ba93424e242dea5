"""What notifications add to a move: four people play the card game through the game
service (SQLite in a temporary directory, or ``DATABASE_URL``); every move's
``notices.after_moves`` (the turn and end notifications, their settings, the turns marked
read, the delivery jobs) is timed inside the move's transaction, beside the whole move.

    make bench BENCH=notices
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path
from statistics import mean, median
from typing import Any

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import User, make_engine, migrate
from carson.server.listening import every_listener
from carson.server.notify import notices
from carson.server.notify.tables import Notification
from carson.server.play import store
from carson.server.play.games import GameService

MOVES = int(os.environ.get("BENCH_MOVES", "400"))


def _people(service: GameService, count: int) -> list[User]:
    pool = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)
    with service.sessions.begin() as session:
        return [auth.register(session, f"bench{n}", "a long password", pool) for n in range(count)]


def measure(url: str) -> tuple[float, float, float, int]:
    """Median milliseconds of a move and of its notifications, their mean, and the
    notifications written."""
    service = GameService(_engine(url), every_listener())
    people = _people(service, 4)
    timed: list[float] = []
    real = notices.after_moves

    def after_moves(*args: Any) -> None:
        start = time.perf_counter()
        real(*args)
        timed.append(time.perf_counter() - start)

    store.notices.after_moves = after_moves  # type: ignore[attr-defined]
    moves: list[float] = []
    rng = random.Random(1)
    try:
        while len(moves) < MOVES:
            created = service.create(people[0], ["human"] * 4, None, "en", "card")
            for person in people[1:]:
                service.join(person, created["id"])
            _play(service, created["id"], people, rng, moves)
    finally:
        store.notices.after_moves = real  # type: ignore[attr-defined]
    with service.sessions() as session:
        written = session.query(Notification).count()
    return median(moves) * 1000, median(timed) * 1000, mean(timed) * 1000, written


def _play(service: GameService, game_id: str, people: list[User], rng: random.Random,
          moves: list[float]) -> None:  # fmt: skip
    while len(moves) < MOVES:
        views = [service.view(person, game_id) for person in people]
        if views[0]["status"] == "over":
            return
        for person, view in zip(people, views, strict=True):
            if view["legal_actions"]:
                start = time.perf_counter()
                service.act(person, game_id, view["seq"], rng.choice(view["legal_actions"]))
                moves.append(time.perf_counter() - start)
                break


def _engine(url: str) -> Any:
    engine = make_engine(url)
    migrate(engine)
    return engine


def main() -> None:
    url = os.environ.get("DATABASE_URL")
    with tempfile.TemporaryDirectory() as directory:
        url = url or f"sqlite:///{Path(directory) / 'bench.db'}"
        move, notes, average, written = measure(url)
    print(f"notices: {MOVES} moves of 4-person card games on {url.split(':')[0]}: a move "
          f"{move:.2f} ms (median), of which notifications {notes:.2f} ms (mean {average:.2f}); "
          f"{written} notifications written")  # fmt: skip
