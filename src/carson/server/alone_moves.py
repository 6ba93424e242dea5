"""PostgreSQL: a person's move that writes nothing beside its row, sent as one statement in
autocommit, on the driver's own connection (issue 22).

Most moves of a game without a clock, played by one person against machines or virtual
seats, write their row and nothing else: the game goes on, no machine seat acts next, nobody
else is told. Such a move needs no transaction around its one statement: ``BEGIN`` and
``COMMIT`` are two round trips more than the insert, each a wake-up of the request thread.
So the move is sent alone, on a connection in autocommit, as a statement that inserts the
row and sends its notice (:mod:`carson.server.move_notices`) only while none of the people
asked to act next has left the game (in another process, since this one cached its table).
If one has, nothing is written and the move is written the usual way, in a transaction
that also queues the machine's job for the seat left (:mod:`carson.server.left_seats`). A
lost race for the (game, seq) key fails the insert as in a transaction: nothing written.

The statement goes to psycopg directly, on a connection of the engine's pool: through
SQLAlchemy (its compiled-statement cache, bind processing, result and event machinery) it
cost several times its own round trip — measured at about 500 µs of CPU a move, most of a
move's database share. Its errors are raised as SQLAlchemy's, so they are answered as any
other statement's (409 for a lost race, 503 when the database is down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from carson.server.db import now
from carson.server.jsonio import dumps
from carson.server.live import CHANNEL

if TYPE_CHECKING:
    from carson.server.store import Table

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


def writes_alone(session: Session, table: Table, after: Any, moves: int) -> bool:
    """Whether a person's ``moves`` leading to ``after`` write their row and nothing else
    (when no person asked next has left): one move, the game not over, no clock to charge,
    nobody else to tell, and nothing else in ``session`` to write with it."""
    return (
        moves == 1
        and not after.is_over
        and table.settings.time_control is None
        and len(table.holders) <= 1
        and not (session.new or session.dirty or session.deleted)
    )


def insert_alone(engine: Engine, row: dict[str, Any], asked: list[int]) -> bool:
    """Insert one move ``row`` (with its ``notice``) in autocommit, unless one of the seats
    ``asked`` was left: whether it was written. A lost race raises SQLAlchemy's
    :class:`~sqlalchemy.exc.IntegrityError`, nothing written."""
    import psycopg  # PostgreSQL's driver: installed with the postgres extra

    parameters = {
        **row,
        "action": dumps(row["action"]),
        "events": dumps(row["events"]),
        "created_at": now(),
        "asked": asked,
        "channel": CHANNEL,
    }
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
        raise DBAPIError.instance(
            INSERT_UNLESS_LEFT, None, error, psycopg.Error, hide_parameters=True,
            connection_invalidated=gone, dialect=engine.dialect,
        ) from error  # fmt: skip
    finally:
        if not connection.closed:
            connection.autocommit = False  # as the pool's other users expect it
        pooled.close()
