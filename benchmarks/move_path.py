"""What one accepted move costs the server, piece by piece, in this process (issue 22):

    make bench BENCH=move-path          (SQLite in a temporary directory, or DATABASE_URL)

- the SQL statements of an accepted move (a person's move in a started game, state and
  table cached), as the engine runs them, and the pool's pings if it sends any;
- CPU per accepted move in ``GameService.act`` (no HTTP), over whole games of one person
  against three virtual seats (a new game when one ends, its creation counted), and the same
  through the whole ASGI application without a server (:mod:`benchmarks.move_asgi`);
- CPU of counting a move against the account's rate limit, 200 players moving once a
  second each: the ``limits`` library's memory storage next to :class:`ProcessCounters`;
- FastAPI's per-request question whether OpenTelemetry is configured, on and off.

CPU figures are ``time.process_time`` (threads included): steadier than wall time on a
shared machine. Run the same command with ``PYTHONPATH=<older checkout>/src`` to compare
the first two with an older server.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
import timeit
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import event

from benchmarks.move_asgi import asgi_cpu
from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import User, make_engine, migrate
from carson.server.listening import every_listener
from carson.server.play.games import GameService

SEATS = ["human", "expert", "expert", "expert"]  # the card game's virtual seats: no jobs


def _service(url: str) -> tuple[GameService, User]:
    engine = make_engine(url)
    migrate(engine)
    service = GameService(engine, every_listener())
    pool = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)
    with service.sessions.begin() as session:
        user = auth.register(session, f"path{random.randrange(10**9)}", "a long password", pool)
    return service, user


def statements(service: GameService, user: User) -> list[str]:
    """The statements of the third move of a fresh game (state and table cached), and the
    pool's pings (``SELECT 1`` at a checkout, sent past SQLAlchemy's statement events)."""
    view = service.create(user, SEATS, 1, None)
    seen: list[str] = []
    dialect = service.store.engine.dialect
    ping = dialect.do_ping

    def pinged(connection: Any) -> bool:
        seen.append("(the pool's ping at checkout)")
        return bool(ping(connection))

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(" ".join(statement.split())[:100])

    for move in range(3):
        if move == 2:
            event.listen(service.store.engine, "before_cursor_execute", record)
            dialect.do_ping = pinged  # type: ignore[method-assign,assignment]
        view = service.act(user, view["id"], view["seq"], view["legal_actions"][0])
    event.remove(service.store.engine, "before_cursor_execute", record)
    dialect.do_ping = ping  # type: ignore[method-assign]
    return seen


def act_cpu(service: GameService, user: User, moves: int) -> float:
    """CPU milliseconds per accepted move, game creations included."""
    rng = random.Random(3)
    view = service.create(user, SEATS, None, None)
    begin, made = time.process_time(), 0
    while made < moves:
        if view["status"] == "over" or not view["legal_actions"]:
            view = service.create(user, SEATS, None, None)
            continue
        view = service.act(user, view["id"], view["seq"], rng.choice(view["legal_actions"]))
        made += 1
    return 1000 * (time.process_time() - begin) / moves


def limiter_cpu(storage: Any, seconds: float = 10.0, players: int = 200) -> float:
    """CPU milliseconds per counted move, ``players`` moving once a second each."""
    window, item = MovingWindowRateLimiter(storage), parse("100000/minute")
    begin, start, counted = time.process_time(), time.monotonic(), 0
    while time.monotonic() - start < seconds:
        for _ in range(players // 20):
            window.hit(item, "MOVES_USER", str(random.randrange(players)))
            counted += 1
        time.sleep(0.05)
    return 1000 * (time.process_time() - begin) / counted


def telemetry_us(config: dict[str, Any] | None) -> float:
    """Microseconds of FastAPI's per-request telemetry question."""
    app = FastAPI(telemetry=config) if config is not None else FastAPI()
    check = app._native_telemetry.enabled
    return 1e6 * min(timeit.repeat(check, number=20000, repeat=5)) / 20000


def main(argv: Sequence[str] = ()) -> None:
    moves = int(os.environ.get("BENCH_MOVES", "2000"))
    with tempfile.TemporaryDirectory() as directory:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{Path(directory) / 'path.db'}"
        service, user = _service(url)
        import carson

        print(
            f"A move's path in this process ({url.split(':')[0]}, {Path(carson.__file__).parent})"
        )
        shown = statements(service, user)
        print(f"  statements of an accepted move: {len(shown)}")
        for statement in shown:
            print(f"    {statement}")
        print(f"  GameService.act: {act_cpu(service, user, moves):.3f} ms CPU per move "
              f"({moves} moves)")  # fmt: skip
        service.store.engine.dispose()
        asgi = asgi_cpu(url, moves)
        print(f"  the ASGI application (middlewares, routing, handler, the move; no server): "
              f"{asgi:.3f} ms CPU per move ({moves} moves)")  # fmt: skip
    try:
        from carson.server.kernel.ratelimit import ProcessCounters
    except ImportError:  # an older server (PYTHONPATH): the library's storage only
        ProcessCounters = None
    library = limiter_cpu(storage_from_string("memory://"))
    ours = "-" if ProcessCounters is None else f"{limiter_cpu(ProcessCounters()):.3f}"
    print(f"  rate limit of a move: limits' memory storage {library:.3f} ms CPU, "
          f"ProcessCounters {ours} ms CPU (200 players, 1 move/s each)")  # fmt: skip
    off = {"tracing": False, "metrics": False, "logs": False, "operation_spans": False}
    print(f"  FastAPI's telemetry check per request: on {telemetry_us(None):.2f} µs, "
          f"off {telemetry_us(off):.2f} µs")  # fmt: skip
