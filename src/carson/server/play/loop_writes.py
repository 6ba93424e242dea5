"""How the event loop writes a move alone (:mod:`.loop_moves`), by database: PostgreSQL's one
statement on a connection of the loop's own; SQLite's short transaction, on the loop itself
and on a connection of its own, when that needs no waiting (issue 22).

Both answer whether the move was written: when it was not, nothing was, and the move goes to
a request thread, which writes it as every move (:mod:`.alone_moves`, :mod:`.store`).
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import QueuePool

from carson.core.game import JSON
from carson.server.kernel.db import POOL_OVERFLOW, POOL_SIZE
from carson.server.kernel.write_turn import WriteTurn
from carson.server.play.storage.alone_moves import (
    INSERT_UNLESS_LEFT,
    AloneMove,
    alone_parameters,
    sqlalchemy_error,
    written_sqlite,
)
from carson.server.play.storage.loop_connections import LoopConnections

if TYPE_CHECKING:
    from carson.server.play.store import GameStore


#: The name of the move's statement on each of the loop's connections.
PREPARED = b"carson_alone_move"
#: The look for a move after a seq, and its name there.
NEWER = "SELECT 1 FROM moves WHERE game_id = {} AND seq > {} LIMIT 1"
NEWER_PREPARED = b"carson_newer_move"
#: Its parameters, in the order of ``$1``, ``$2``, … in :data:`INSERT_UNLESS_LEFT_PREPARED`.
ALONE_PARAMETERS = (
    "game_id", "seq", "seat", "action", "events", "created_at", "asked", "channel", "notice",
)  # fmt: skip
#: :data:`~.alone_moves.INSERT_UNLESS_LEFT` with numbered parameters, as libpq prepares it.
INSERT_UNLESS_LEFT_PREPARED = re.sub(
    r"%\((\w+)\)s",
    lambda name: f"${ALONE_PARAMETERS.index(name[1]) + 1}",
    INSERT_UNLESS_LEFT,
).encode()


class LoopWrites(Protocol):
    async def write(self, move: AloneMove) -> bool:
        """Write the move's row alone, unless a person asked next has left or it cannot be
        done now: whether it was written."""

    async def newer(self, game_id: str, after: int) -> bool | None:
        """Whether the database holds a move of ``game_id`` after seq ``after`` (one this
        process has not heard of); ``None`` if that cannot be asked now without waiting."""

    async def close(self) -> None:
        """The server stops: let go of what was opened."""


class PostgresWrites:
    """The move's statement (:data:`~.alone_moves.INSERT_UNLESS_LEFT`, with its notice) on
    one of the loop's connections, prepared there once and sent through libpq directly
    (:mod:`.libpq_calls`). A lost race is 409, as on a thread; a dropped connection is
    SQLAlchemy's error (503), once (:class:`LoopConnections` renews both pools)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.connections = LoopConnections(store.engine)

    async def write(self, move: AloneMove) -> bool:
        import psycopg

        notice = self.store.notice_of([move.row])
        texts = alone_texts({**move.row, "notice": notice}, move.asked)
        pooled = await self.connections.take()
        if pooled is None:  # none free, or the database out of reach: the thread's pool
            return False
        statements = pooled.statements
        try:
            if PREPARED not in pooled.prepared:
                await statements.prepare(PREPARED, INSERT_UNLESS_LEFT_PREPARED)
                pooled.prepared.add(PREPARED)
            return (await statements.run_prepared(PREPARED, texts)).ntuples > 0
        except psycopg.errors.UniqueViolation:
            raise self.store.lost_race(move.table.id, move.row["seq"] - 1) from None
        except psycopg.Error as error:
            gone = self.connections.failed(pooled, error)
            dialect = self.store.engine.dialect
            raise sqlalchemy_error(INSERT_UNLESS_LEFT, error, psycopg.Error, dialect,
                                   gone) from error  # fmt: skip
        except BaseException:  # cancelled midway (the server stops): its state is unknown
            pooled.finish()
            raise
        finally:
            self.connections.give_back(pooled)

    async def newer(self, game_id: str, after: int) -> bool | None:
        import psycopg

        pooled = await self.connections.take(wait=False)  # a look waits for no connection
        if pooled is None:
            return None
        statements = pooled.statements
        try:
            if NEWER_PREPARED not in pooled.prepared:
                await statements.prepare(NEWER_PREPARED, NEWER.format("$1", "$2").encode())
                pooled.prepared.add(NEWER_PREPARED)
            found = await statements.run_prepared(
                NEWER_PREPARED, [game_id.encode(), str(after).encode()]
            )
            return found.ntuples > 0
        except psycopg.Error as error:
            self.connections.failed(pooled, error)
            return None  # the thread's read meets it again and answers it (503)
        except BaseException:  # cancelled midway: its state is unknown
            pooled.finish()
            raise
        finally:
            self.connections.give_back(pooled)

    async def close(self) -> None:
        await self.connections.close()


def alone_texts(row: JSON, asked: list[int]) -> list[bytes]:
    """The parameters of :data:`INSERT_UNLESS_LEFT_PREPARED` for one move ``row`` (with
    its ``notice``) and the seats ``asked`` after it, as PostgreSQL reads them in text:
    the same values psycopg sends for :func:`~.alone_moves.alone_parameters`."""
    parameters = alone_parameters(row, asked)
    return [_as_text(parameters[name]) for name in ALONE_PARAMETERS]


def _as_text(value: str | int | datetime | list[int]) -> bytes:
    if isinstance(value, list):  # an array of integers: {1,2}
        return ("{" + ",".join(str(int(number)) for number in value) + "}").encode()
    if isinstance(value, datetime):
        return value.isoformat().encode()
    return str(value).encode()


class SqliteWrites:
    """The move's short transaction on the loop itself, on a connection of the loop's own,
    when the write turn is free and no other process holds SQLite's lock. In WAL mode a
    commit does not wait for the disk, so it blocks the loop for as long as its CPU work:
    less than the hop to a thread would cost.

    The connection is made by the engine's pool, as its own are (every listener of its
    ``connect`` event: the pragmas), then detached from it and kept, its busy timeout 0: it
    never waits, so another process's write fails the insert at once and the move goes to a
    request thread, which waits for it. A check-out and return per move (with its rollback),
    and the busy timeout set and put back around each, cost the loop more than the insert
    (issue 22). A failure writes nothing and is not raised (the thread meets it again and
    answers it: 409, 503). The connection is made again after the engine's pool was renewed
    (:meth:`~sqlalchemy.engine.Engine.dispose`), and after a failure whose transaction could
    not be rolled back."""

    def __init__(self, store: GameStore, turn: WriteTurn) -> None:
        self.store = store
        self.turn = turn
        self._connection: sqlite3.Connection | None = None
        self._pool: Any = None  # the pool that made it

    async def write(self, move: AloneMove) -> bool:
        if not self.turn.take_now():
            return False
        try:
            connection = self._current()
            if connection is None:
                return False
            return written_sqlite(connection, move.row, move.asked)
        except (sqlite3.Error, DBAPIError):  # DBAPIError: the pool could not connect
            if self._connection is not None and self._connection.in_transaction:
                self._close()  # its state unknown: not used again
            return False
        finally:
            self.turn.give_back()

    async def newer(self, game_id: str, after: int) -> bool | None:
        try:  # a read in WAL mode waits for no writer
            connection = self._current()
            if connection is None or connection.in_transaction:
                return None
            found = connection.execute(NEWER.format("?", "?"), (game_id, after)).fetchone()
            return found is not None
        except (sqlite3.Error, DBAPIError):
            return None

    def _current(self) -> sqlite3.Connection | None:
        """The loop's connection, made now if the pool that made it is gone; ``None`` if
        making one would wait for the pool."""
        pool = self.store.engine.pool
        if self._connection is not None and self._pool is pool:
            return self._connection
        self._close()
        if not isinstance(pool, QueuePool) or pool.checkedout() >= POOL_SIZE + POOL_OVERFLOW:
            return None
        pooled = self.store.engine.raw_connection()
        connection = pooled.driver_connection
        pooled.detach()  # the loop's own from now on: closed, not returned
        assert isinstance(connection, sqlite3.Connection)
        try:
            connection.execute("PRAGMA busy_timeout = 0")
        except sqlite3.Error:
            connection.close()
            raise
        self._connection, self._pool = connection, pool
        return connection

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    async def close(self) -> None:
        self._close()


def loop_writes(store: GameStore) -> LoopWrites | None:
    """How ``store``'s database takes moves on the loop: PostgreSQL, and SQLite in a file
    (with a pool of connections and its write turn); ``None`` for anything else."""
    if store.postgres:
        return PostgresWrites(store)
    turn: Any = store.write_turn
    if isinstance(turn, WriteTurn) and isinstance(store.engine.pool, QueuePool):
        return SqliteWrites(store, turn)
    return None
