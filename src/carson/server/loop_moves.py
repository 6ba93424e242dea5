"""A person's plain move played on the event loop, with no hop to a thread (PostgreSQL,
issue 22).

A request thread costs a move two wake-ups (loop → thread → loop), and on a small machine
they were the largest share of the framework's CPU per move. Most moves need no thread: the
game's table and state are in memory, the move is checked there (microseconds of engine
work), and it is written alone (:mod:`.alone_moves`: one statement, in autocommit). Here
that one statement goes through psycopg's asyncio connection, so the event loop itself
plays the move, awaiting the database without blocking anything else.

Only that common case is played here; anything else answers ``None`` and the move goes to
a request thread as before (:mod:`.move_route`), which checks and writes it with every
case handled — nothing is counted twice nor written half:

- the game's table or state is not cached, or not at the move's seq, or in a secret step;
- the game's lock is held (a thread or another request writes to it): never waited for;
- the move is refused by the checks (the thread re-reads the game before it refuses);
- the move writes more than its row (a machine acts next, a clock, the game's end, …);
- no connection is free here, or one cannot be opened now;
- a person asked next has left in another process (the statement wrote nothing).

A lost race for the (game, seq) key answers 409 as on the thread; a dropped connection
answers 503 once, as SQLAlchemy's pool does, and renews both pools
(:class:`LoopConnections`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import DBAPIError

from carson.server.alone_moves import INSERT_UNLESS_LEFT, alone_parameters, goes_alone
from carson.server.errors import Conflict, GameError
from carson.server.left_seats import people_asked
from carson.server.loop_connections import LoopConnections, Pooled
from carson.server.machines import machine_seat
from carson.server.move_checks import checked_action
from carson.server.move_notices import notice_payload
from carson.server.store import drafting, played

if TYPE_CHECKING:
    from carson.server.db import User
    from carson.server.games import GameService
    from carson.server.store import Table

log = logging.getLogger("carson.server.loop_moves")


@dataclass(frozen=True)
class AloneMove:
    """A checked move that writes its row and nothing else, ready to be sent."""

    table: Table
    seat: int
    after: Any  # the game after the move
    parameters: dict[str, Any]  # of INSERT_UNLESS_LEFT


def planned(
    service: GameService, table: Table, user: User, seq: int, data: Any
) -> AloneMove | None:
    """The move, checked against the cached game, if it can be played on the loop (the
    caller holds the game's lock); ``None`` for the thread to handle."""
    store = service.store
    seat = table.seat_or_none(user)
    state = store.cache.state(table.id)
    if (
        seat is None
        or table.waiting
        or table.ended is not None
        or state is None
        or len(state.actions) != seq
        or drafting(table.kind, state)
    ):
        return None
    try:
        action = checked_action(table, state, seat, seq, data)
    except GameError:  # the cache may be behind another process: the thread reads, then refuses
        return None
    after, [row] = played(table.id, state, [(seat, action)])
    if not goes_alone(table, after, 1) or machine_seat(table, after) is not None:
        return None
    notice = notice_payload(table.id, store.instance, seq, [(seat, row["action"])])
    parameters = alone_parameters({**row, "notice": notice}, people_asked(table, after))
    return AloneMove(table, seat, after, parameters)


class LoopMoves:
    """Plays plain moves on the event loop, on connections of its own."""

    def __init__(self, service: GameService, connections: LoopConnections) -> None:
        self.service = service
        self.connections = connections

    async def play(self, user: User, game_id: str, seq: int, data: Any) -> dict[str, Any] | None:
        """The player's view after the move, or ``None`` if the move is the thread's."""
        store = self.service.store
        table = store.known_table(game_id)
        if table is None:
            return None
        pooled = await self.connections.take()
        if pooled is None:
            return None
        try:
            held = store.locks.try_hold(game_id)
            if held is None:
                return None
            try:
                move = planned(self.service, table, user, seq, data)
                if move is None or not await self._write(pooled, move):
                    return None
                store.cache.put(game_id, move.after)
                store.notifier.publish(game_id)
                return self.service.seat_view(table, move.after, move.seat)
            finally:
                held.lock.release()
        finally:
            self.connections.give_back(pooled)

    async def _write(self, pooled: Pooled, move: AloneMove) -> bool:
        """Send the move's statement: whether it was written (not if a person asked next
        has left). A lost race is 409; a failed connection, SQLAlchemy's error (503)."""
        import psycopg

        try:
            cursor = await pooled.connection.execute(INSERT_UNLESS_LEFT, move.parameters)
            return await cursor.fetchone() is not None
        except psycopg.errors.UniqueViolation:
            self.service.store.cache.drop(move.table.id)
            raise Conflict(
                f"stale seq {len(move.after.actions) - 1}: another move was accepted first",
                "stale_seq",
            ) from None
        except psycopg.Error as error:
            gone = self.connections.failed(pooled, error)
            raise DBAPIError.instance(
                INSERT_UNLESS_LEFT, None, error, psycopg.Error, hide_parameters=True,
                connection_invalidated=gone, dialect=self.service.store.engine.dialect,
            ) from error  # fmt: skip
