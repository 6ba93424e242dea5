"""Live updates: wake the streams of a game when one of its moves is stored.

In one process a stored move wakes that game's waiting streams directly. With several server
processes on one PostgreSQL database, each move also sends ``NOTIFY carson_moves, '<game>'``
in its own transaction (so it is delivered exactly when the move is committed), and every
process listens on that channel with one connection of its own: a stream is woken whichever
process stored the move. No extra service is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

from sqlalchemy.engine import Engine

CHANNEL = "carson_moves"


class Notifier:
    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}
        #: How many wake-ups each game has had: a stream that read this number before it
        #: looked at the game misses no move made while it was looking.
        self._versions: dict[str, int] = {}
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    # ------------------------------------------------------------------ life cycle

    def start(self, engine: Engine) -> None:
        """Bind to the running event loop; on PostgreSQL, start listening for other
        processes' moves."""
        self._loop = asyncio.get_running_loop()
        if engine.dialect.name == "postgresql":
            conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
            self._listener = threading.Thread(
                target=self._listen, args=(conninfo,), name="carson-listen", daemon=True
            )
            self._listener.start()

    def stop(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)

    def _listen(self, conninfo: str) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            self.publish(notice.payload)
            except psycopg.Error:
                self._stop.wait(1.0)  # the database went away: try again shortly

    # ------------------------------------------------------------------ waking

    def publish(self, game_id: str) -> None:
        """A move of ``game_id`` was stored (callable from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is shutting down
                loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        self._versions[game_id] = self._versions.get(game_id, 0) + 1
        for waiter in self._waiters.pop(game_id, set()):
            if not waiter.done():
                waiter.set_result(None)

    def version(self, game_id: str) -> int:
        """The number of wake-ups of ``game_id`` so far (call on the event loop)."""
        return self._versions.get(game_id, 0)

    async def wait(self, game_id: str, timeout: float, seen: int | None = None) -> None:
        """Until the next move of ``game_id`` (or ``timeout`` seconds: a safety net); at
        once if it has had more wake-ups than ``seen``."""
        if seen is not None and self.version(game_id) > seen:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            pass
        finally:
            waiting = self._waiters.get(game_id)
            if waiting is not None:
                waiting.discard(waiter)
                if not waiting:
                    del self._waiters[game_id]
