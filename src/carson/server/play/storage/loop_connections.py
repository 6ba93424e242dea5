"""A few psycopg asyncio connections, in autocommit, for the statements the event loop sends
itself (:mod:`.loop_moves`, PostgreSQL, issue 22).

Not psycopg_pool's pool: while the database is out of reach, its ``getconn`` waits (up to a
timeout, reconnecting in the background), where the loop's moves must give way at once to
a request thread, whose SQLAlchemy pool has the server's outage rules (503 at once). So
this pool opens a connection only while it has fewer than its size, waits for one to come
back only while the database answers (for at most :data:`WAIT_SECONDS`), and after a
failed ``connect`` hands out none for a second — the moves then go to threads.

Both pools are renewed together, as SQLAlchemy renews its own on a lost connection: a
connection the database dropped fails one request (503) and renews SQLAlchemy's pool too
(``dispose``), and when SQLAlchemy's pool invalidates a connection, the idle ones here are
dropped as well — a restart of the database fails at most one move, whichever path it took.
An idle connection here is watched (:class:`~.libpq_calls.Statements`): one the database
drops renews both pools at once, often before any request meets a dropped connection.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from carson.server.kernel.db import RECYCLE_SECONDS, libpq_conninfo
from carson.server.kernel.libpq_calls import Statements

#: Connections of a web process's event loop (beside SQLAlchemy's pool: docs/deploy.md).
LOOP_CONNECTIONS = 8
#: Seconds without a new connection after a connect failed.
CONNECT_BACKOFF = 1.0
#: The longest a move waits for one of the loop's connections (all busy) before it goes to
#: a request thread instead.
WAIT_SECONDS = 1.0
log = logging.getLogger("carson.server.play.storage.loop_connections")


async def psycopg_connect(conninfo: str) -> Any:
    """A new asyncio connection, in autocommit (each statement its own transaction)."""
    import psycopg  # PostgreSQL's driver: installed with the postgres extra

    return await psycopg.AsyncConnection.connect(conninfo, autocommit=True)


@dataclass
class Pooled:
    """A connection, the pool's generation it was opened in, and when; its statements go
    through :attr:`statements` (libpq directly) and it is closed by :meth:`finish` or
    :meth:`close`, which first stop the event loop's watch of its socket."""

    connection: Any  # psycopg's AsyncConnection
    generation: int
    opened: float
    #: The names of the statements prepared on it.
    prepared: set[bytes] = field(default_factory=set)
    #: Told when the connection fails between statements (the pool renews itself).
    lost: Callable[[Pooled, Exception], object] | None = None
    statements: Statements = field(init=False)

    def __post_init__(self) -> None:
        lost = self.lost
        self.statements = Statements(
            self.connection.pgconn, None if lost is None else lambda error: lost(self, error)
        )

    def finish(self) -> None:
        """Closed now, without a goodbye (a dead socket, a statement cut off midway)."""
        self.statements.stop()
        self.connection.pgconn.finish()

    async def close(self) -> None:
        self.statements.stop()
        await self.connection.close()


class LoopConnections:
    """At most ``size`` asyncio connections to ``engine``'s database; used from one event
    loop only (SQLAlchemy's invalidations, from any thread, just count a generation)."""

    def __init__(self, engine: Engine, size: int = LOOP_CONNECTIONS) -> None:
        self.engine = engine
        self.size = size
        self._conninfo = libpq_conninfo(engine)
        #: Connections given back. A connection is opened only by a taker that holds a slot
        #: and finds none idle, so the idle and the taken together never pass ``size``.
        self._idle: list[Pooled] = []
        self._slots = asyncio.Semaphore(size)  # one per connection taken
        self._generation = 0
        self._quiet_until = 0.0
        self._closed = False
        event.listen(engine, "invalidate", self._renew)

    def _renew(self, *_: Any) -> None:
        """SQLAlchemy's pool dropped a connection (perhaps the database restarted): the
        connections opened before are not given out again (any thread)."""
        self._generation += 1

    async def take(self, wait: bool = True) -> Pooled | None:
        """An idle connection, or a new one while fewer than ``size`` are open, waiting
        (at most :data:`WAIT_SECONDS`, and only with ``wait``) while all are taken; ``None``
        if none comes, or if the database cannot be reached now. Each one taken is given
        back (:meth:`give_back`)."""
        if self._closed or time.monotonic() < self._quiet_until:
            return None
        if not self._slots.locked():
            await self._slots.acquire()  # free: no waiting, no timer (the common case)
        elif not wait:
            return None
        else:
            try:
                await asyncio.wait_for(self._slots.acquire(), WAIT_SECONDS)
            except TimeoutError:
                return None
        try:
            pooled = await self._idle_or_new()
        except BaseException:  # cancelled while connecting
            self._slots.release()
            raise
        if pooled is None:
            self._slots.release()
        return pooled

    async def _idle_or_new(self) -> Pooled | None:
        while self._idle:
            pooled = self._idle.pop()
            if self._usable(pooled):
                return pooled
            await self._close(pooled)
        import psycopg

        try:
            connection = await psycopg_connect(self._conninfo)
        except psycopg.Error as error:
            self._quiet_until = time.monotonic() + CONNECT_BACKOFF
            # The driver's class only: its message may name the server and user.
            log.info("no connection for the event loop's moves (%s)", type(error).__name__)
            return None
        return Pooled(connection, self._generation, time.monotonic(), lost=self.failed)

    def _usable(self, pooled: Pooled) -> bool:
        return (
            pooled.generation == self._generation
            and not pooled.connection.closed
            and time.monotonic() - pooled.opened < RECYCLE_SECONDS
        )

    def give_back(self, pooled: Pooled) -> None:
        """The connection is idle again (unless it was closed: one that failed, or one
        given back once the pool is closed, which is closed now)."""
        if self._closed and not pooled.connection.closed:
            pooled.finish()
        if not pooled.connection.closed:
            self._idle.append(pooled)
        self._slots.release()

    def failed(self, pooled: Pooled, error: Exception) -> bool:
        """The statement on ``pooled`` failed with the driver's ``error``, or the idle
        connection did: whether the connection was lost — then it is closed, and both
        pools are renewed."""
        gone = self.engine.dialect.is_disconnect(error, pooled.connection, None)  # type: ignore[arg-type]
        if gone:
            self._generation += 1
            pooled.finish()  # no goodbye on a dead socket: closed now
            # SQLAlchemy's connections were opened before too: they are dropped unused,
            # as its own pool does when it meets a lost connection.
            self.engine.dispose(close=False)
        return gone

    async def _close(self, pooled: Pooled) -> None:
        await pooled.close()

    async def close(self) -> None:
        """Close the idle connections; those in use are closed as they come back."""
        self._closed = True
        event.remove(self.engine, "invalidate", self._renew)
        while self._idle:
            await self._close(self._idle.pop())
