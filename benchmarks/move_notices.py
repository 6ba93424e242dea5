"""Moves alternating between two server processes on PostgreSQL (issue 22):

    make bench BENCH=move-notices       (a throwaway PostgreSQL cluster, or DATABASE_URL)

Two game services on one database, each listening for the other's notices as a server
process does (``Notifier.start``), play whole card games of one person against three virtual
seats, each move sent to the other service than the last (a proxy without affinity). Printed:
the statements per move by kind (the catch-up read of the other service's move is the one a
notice carrying the move saves), and CPU per move of both services together
(``time.process_time``: the listening loops' replay of heard moves included). A short pause
between moves stands for the client's round trip, in which the notice arrives. Run with
``PYTHONPATH=<older checkout>/src`` to compare with an older server.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import User, make_engine, migrate
from carson.server.listening import every_listener
from carson.server.play import store
from carson.server.play.games import GameService
from carson.server.play.storage.alone_moves import insert_alone

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import throwaway_cluster

SEATS = ["human", "expert", "expert", "expert"]  # the card game's virtual seats: no jobs
#: What each statement of a move is, by how it begins.
KINDS = {
    "SELECT moves.seat, moves.action": "catch-up read of moves",
    "INSERT INTO moves": "insert",
    "WITH inserted AS (INSERT INTO moves": "insert with the look at the seats",
    "SELECT game_seats.seat": "look at the seats",
    "SELECT pg_notify": "notice apart",
}


def listening_service(url: str) -> tuple[GameService, asyncio.AbstractEventLoop]:
    """A game service whose notifier listens, as in a server process: on an event loop of
    its own, running in a thread (the server's loop, which hears the notices)."""
    service = GameService(make_engine(url), every_listener())
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="service-loop", daemon=True).start()

    async def start() -> None:
        service.store.notifier.start(service.store.engine)

    asyncio.run_coroutine_threadsafe(start(), loop).result()
    return service, loop


def stop_listening(service: GameService, loop: asyncio.AbstractEventLoop) -> None:
    asyncio.run_coroutine_threadsafe(service.store.notifier.stop(), loop).result()
    loop.call_soon_threadsafe(loop.stop)


@contextmanager
def counted(services: Sequence[GameService]) -> Iterator[Counter[str]]:
    kinds: Counter[str] = Counter()

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        text = " ".join(statement.split())
        kinds[next((kind for start, kind in KINDS.items() if text.startswith(start)), "other")] += 1

    def committed(_conn: Any) -> None:
        kinds["transaction committed"] += 1

    def alone(engine: Any, row: dict[str, Any], asked: list[int]) -> bool:
        kinds["insert alone, in autocommit, on the driver's connection"] += 1
        return insert_alone(engine, row, asked)

    hooks = [("before_cursor_execute", record), ("commit", committed)]
    for service in services:
        for name, hook in hooks:
            event.listen(service.store.engine, name, hook)
    store.insert_alone = alone  # sent past SQLAlchemy: counted here
    try:
        yield kinds
    finally:
        store.insert_alone = insert_alone
        for service in services:
            for name, hook in hooks:
                event.remove(service.store.engine, name, hook)


def alternate(services: Sequence[GameService], user: User, moves: int, pause: float) -> float:
    """CPU seconds of ``moves`` moves, each sent to the next service in turn."""
    view = services[0].create(user, SEATS, 1, None)
    started = time.process_time()
    for move in range(moves):
        service = services[move % len(services)]
        if view["status"] != "playing":
            view = service.create(user, SEATS, 1, None)
        view = service.act(user, view["id"], view["seq"], view["legal_actions"][0])
        time.sleep(pause)
    return time.process_time() - started


def run(url: str, moves: int, pause: float) -> tuple[float, dict[str, float]]:
    """CPU ms per move of both services, and each kind of statement per move."""
    migrate(make_engine(url))
    listening = [listening_service(url), listening_service(url)]
    services = [service for service, _ in listening]
    pool = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)
    with services[0].sessions.begin() as session:
        user = auth.register(session, f"notices{random.randrange(10**9)}", "a long password", pool)
    try:
        alternate(services, user, 50, pause)  # warm-up: caches, connections
        with counted(services) as kinds:
            cpu = alternate(services, user, moves, pause)
    finally:
        for service, loop in listening:
            stop_listening(service, loop)
            service.store.engine.dispose()
    return cpu / moves * 1000, {kind: count / moves for kind, count in sorted(kinds.items())}


def report(url: str, moves: int, pause: float) -> None:
    import carson

    cpu, kinds = run(url, moves, pause)
    print(f"Moves alternating between two services on PostgreSQL ({Path(carson.__file__).parent})")
    print(f"  CPU per move, both services: {cpu:.3f} ms ({moves} moves, "
          f"{pause * 1000:g} ms pause after each)")  # fmt: skip
    for kind, per_move in kinds.items():
        print(f"  {kind}: {per_move:.2f} per move")


def main(argv: Sequence[str] = ()) -> None:
    moves = int(os.environ.get("BENCH_MOVES", "1000"))
    pause = float(os.environ.get("BENCH_PAUSE_MS", "3")) / 1000
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgresql"):
        report(url, moves, pause)
        return
    with throwaway_cluster() as postgres:
        if postgres is None:
            print("move-notices: skipped, PostgreSQL is not installed")
            return
        report(postgres, moves, pause)


if __name__ == "__main__":
    main(sys.argv[1:])
