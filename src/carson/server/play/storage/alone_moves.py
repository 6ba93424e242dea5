"""A person's move that writes nothing beside its row, sent on the driver's own connection:
on PostgreSQL as one statement in autocommit, on SQLite as a short transaction (issue 22).

Most moves of a game without a clock, played by one person against machines or virtual
seats, write their row and nothing else: the game goes on, no machine seat acts next, nobody
else is told. Such a move needs no transaction around its one statement: ``BEGIN`` and
``COMMIT`` are two round trips more than the insert, each a wake-up of the request thread.
So the move is sent alone, on a connection in autocommit, as a statement that inserts the
row and sends its notice (:mod:`carson.server.play.live.move_notices`) only while none of the people
asked to act next has left the game (in another process, since this one cached its table).
If one has, nothing is written and the move is written the usual way, in a transaction
that also queues the machine's job for the seat left (:mod:`carson.server.play.left_seats`). A
lost race for the (game, seq) key fails the insert as in a transaction: nothing written.

On SQLite the same move is its insert and the look at the seats in one transaction, in the
write turn (:mod:`carson.server.kernel.write_turn`), rolled back if a person asked next has left.

The statements go to the driver directly, on a connection of the engine's pool: through
SQLAlchemy (a session, its compiled-statement cache, bind processing, result and event
machinery) a move's writing cost about 500 µs of CPU on either database, most of a move's
database share. Values are stored as SQLAlchemy stores them (its own JSON and date
processing). Errors are raised as SQLAlchemy's, so they are answered as any other
statement's (409 for a lost race, 503 when the database is down or the disk full).
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.kernel.db import Move, now
from carson.server.kernel.jsonio import dumps
from carson.server.kernel.live import CHANNEL
from carson.server.play.table import State

if TYPE_CHECKING:
    from carson.server.play.listeners import Listeners
    from carson.server.play.table import Table

#: The move's row and its notice, unless one of the seats ``asked`` was left: one row back
#: if the move was written, none if not (then nothing was written, nor sent). Casts: a bare
#: parameter in a select list has no type PostgreSQL could infer.
INSERT_UNLESS_LEFT = """
WITH alone AS (
    INSERT INTO moves (game_id, seq, seat, action, events, created_at)
    SELECT %(game_id)s::varchar, %(seq)s::integer, %(seat)s::integer, %(action)s::json,
           %(events)s::json, %(created_at)s::timestamptz
    WHERE NOT EXISTS (
        SELECT 1 FROM game_seats
        WHERE game_id = %(game_id)s::varchar AND seat = ANY(%(asked)s::integer[])
          AND "left" IS NOT NULL)
    RETURNING seq)
SELECT pg_notify(%(channel)s::text, %(notice)s::text) FROM alone"""


#: SQLite: the move's row, and whether one of the seats asked (one mark each) was left.
SQLITE_INSERT = (
    "INSERT INTO moves (game_id, seq, seat, action, events, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)
SQLITE_LEFT = 'SELECT 1 FROM game_seats WHERE game_id = ? AND seat IN ({}) AND "left" IS NOT NULL'
#: A date as SQLAlchemy stores it in SQLite (text).
_SQLITE = sqlite.dialect()
_SQLITE_DATE = Move.__table__.c.created_at.type.dialect_impl(_SQLITE).bind_processor(_SQLITE)


@dataclass(frozen=True)
class AloneMove:
    """A checked move that writes its row and nothing else, ready to be written."""

    table: Table
    seat: int
    after: State  # the game after the move
    row: JSON  # as stored (:func:`carson.server.play.store.played`)
    asked: list[int]  # the people asked to act after it


def goes_alone(table: Table, after: State, moves: int, listeners: Listeners) -> bool:
    """Whether a person's ``moves`` leading to ``after`` write their row and nothing else
    (when no person asked next has left and no machine seat acts next): one move, the game
    not over, no clock to charge, no listener writing for it (nobody else to tell)."""
    return (
        moves == 1
        and not after.is_over
        and table.settings.time_control is None
        and not listeners.write_for(table, after)
    )


def writes_alone(
    session: Session, table: Table, after: State, moves: int, listeners: Listeners
) -> bool:
    """:func:`goes_alone`, with nothing else in ``session`` to write with the move."""
    return goes_alone(table, after, moves, listeners) and not (
        session.new or session.dirty or session.deleted
    )


def alone_parameters(row: JSON, asked: list[int]) -> JSON:
    """The parameters of :data:`INSERT_UNLESS_LEFT` for one move ``row`` (with its
    ``notice``) and the seats ``asked`` after it."""
    return {
        **row,
        "action": dumps(row["action"]),
        "events": dumps(row["events"]),
        "created_at": now(),
        "asked": asked,
        "channel": CHANNEL,
    }


def insert_alone(engine: Engine, row: JSON, asked: list[int]) -> bool:
    """Insert one move ``row`` (with its ``notice``) in autocommit, unless one of the seats
    ``asked`` was left: whether it was written. A lost race raises SQLAlchemy's
    :class:`~sqlalchemy.exc.IntegrityError`, nothing written."""
    import psycopg  # PostgreSQL's driver: installed with the postgres extra

    parameters = alone_parameters(row, asked)
    pooled = engine.raw_connection()
    connection: Any = pooled.driver_connection  # psycopg's Connection
    try:
        connection.autocommit = True  # a connection comes back from the pool idle
        with connection.cursor() as cursor:
            cursor.execute(INSERT_UNLESS_LEFT, parameters)
            return cursor.fetchone() is not None
    except psycopg.Error as error:
        gone = engine.dialect.is_disconnect(error, connection, None)  # type: ignore[arg-type]
        if gone:  # as SQLAlchemy does on a lost connection: the whole pool is renewed
            engine.pool._invalidate(pooled, error)
        raise sqlalchemy_error(INSERT_UNLESS_LEFT, error, psycopg.Error, engine.dialect,
                               gone) from error  # fmt: skip
    finally:
        _give_back(pooled, connection, psycopg.Error)


def sqlalchemy_error(statement: str, error: Exception, driver_error: type[Exception],
                     dialect: Dialect, gone: bool = False) -> StatementError:  # fmt: skip
    """The driver's ``error`` of a statement sent past SQLAlchemy, as SQLAlchemy would
    have raised it (its parameters hidden), so the application answers it as any other
    (409 for a lost race, 503 for a lost database); ``gone``: the connection was lost."""
    return DBAPIError.instance(statement, None, error, driver_error, hide_parameters=True,
                               connection_invalidated=gone, dialect=dialect)  # fmt: skip


def _give_back(pooled: Any, connection: Any, driver_error: type[Exception]) -> None:
    """Back to the pool as its other users expect a connection: not in autocommit (one
    that cannot be switched back is dropped from the pool)."""
    try:
        if not connection.closed:
            connection.autocommit = False
    except driver_error as error:
        pooled.invalidate(error)
    pooled.close()


def insert_alone_sqlite(
    engine: Engine, row: JSON, asked: list[int], turn: AbstractContextManager[Any]
) -> bool:
    """SQLite: insert one move ``row`` in the write ``turn``, committed unless one of the
    seats ``asked`` was left: whether it was written. A lost race raises SQLAlchemy's
    :class:`~sqlalchemy.exc.IntegrityError`, nothing written."""
    pooled = engine.raw_connection()
    try:
        with turn:  # before the first write (the insert's implicit BEGIN)
            return written_sqlite(pooled.driver_connection, row, asked)
    except sqlite3.Error as error:
        raise sqlalchemy_error(SQLITE_INSERT, error, sqlite3.Error, engine.dialect) from error
    finally:
        pooled.close()


def written_sqlite(connection: Any, row: JSON, asked: list[int]) -> bool:
    """On ``connection`` (sqlite3's), in the write turn: the move's row, committed unless
    one of the seats ``asked`` was left (then rolled back): whether it was written."""
    assert _SQLITE_DATE is not None
    values = (row["game_id"], row["seq"], row["seat"], dumps(row["action"]),
              dumps(row["events"]), _SQLITE_DATE(now()))  # fmt: skip
    try:
        connection.execute(SQLITE_INSERT, values)
        marks = ", ".join("?" * len(asked))
        if asked and connection.execute(SQLITE_LEFT.format(marks),
                                        (row["game_id"], *asked)).fetchone():  # fmt: skip
            connection.rollback()
            return False
        connection.commit()
        return True
    except BaseException:
        connection.rollback()
        raise
