"""A person's plain move played on the event loop, with no hop to a thread (issue 22).

A request thread costs a move two wake-ups (loop → thread → loop), and on a small machine
they were the largest share of the framework's CPU per move. Most moves need no thread: the
game's table and state are in memory, the move is checked there (microseconds of engine
work), and it is written alone (:mod:`.alone_moves`): on PostgreSQL one statement, awaited
on an asyncio connection; on SQLite a short transaction that does not wait for the disk
(:mod:`.loop_writes`).

Only that common case is played here; anything else answers ``None`` and the move goes to
a request thread as before (:mod:`.move_route`), which checks and writes it with every
case handled — nothing is counted twice nor written half:

- the game's table or state is not cached, or not at the move's seq, or in a secret step;
- the game's lock is held (a thread or another request writes to it): never waited for;
- the move is refused by the checks (the thread re-reads the game before it refuses);
- the move writes more than its row (a machine acts next, a clock, the game's end, …);
- the write would wait: no free connection (PostgreSQL), the write turn taken or another
  process writing (SQLite);
- a person asked next has left in another process (the statement wrote nothing).

On PostgreSQL a lost race for the (game, seq) key answers 409 as on the thread, and a
dropped connection 503 once (both pools are renewed: :mod:`.loop_connections`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carson.server.kernel.errors import GameError
from carson.server.play.cache import heard_played
from carson.server.play.left_seats import people_asked
from carson.server.play.machines import machine_seat
from carson.server.play.move_checks import checked_action
from carson.server.play.storage.alone_moves import AloneMove, goes_alone
from carson.server.play.store import drafting, played

if TYPE_CHECKING:
    from carson.server.kernel.db import User
    from carson.server.play.games import GameService
    from carson.server.play.loop_writes import LoopWrites
    from carson.server.play.table import Table


def planned(
    service: GameService, table: Table, user: User, seq: int, data: Any
) -> AloneMove | None:
    """The move, checked against the cached game, if it can be played on the loop (the
    caller holds the game's lock); ``None`` for the thread to handle."""
    seat = table.seat_or_none(user)
    cached, heard = service.store.cache.state_and_heard(table.id)
    if (
        seat is None
        or table.waiting
        or table.ended is not None
        or cached is None
        or len(cached.actions) + len(heard) != seq
    ):
        return None
    # The moves heard from other processes since, played on the copy this move is played on.
    state = heard_played(table.id, cached, heard) if heard else cached
    if state is None or drafting(table.kind, state):
        return None
    try:
        action = checked_action(table, state, seat, seq, data)
    except GameError:  # the cache may be behind another process: the thread reads, then refuses
        return None
    after, [row] = played(table.id, state, [(seat, action)], copy=not heard)
    if (
        not goes_alone(table, after, 1, service.store.listeners)
        or machine_seat(table, after) is not None
    ):
        return None
    return AloneMove(table, seat, after, row, people_asked(table, after))


class LoopMoves:
    """Plays plain moves on the event loop, written as the database allows
    (:mod:`carson.server.play.loop_writes`)."""

    def __init__(self, service: GameService, writes: LoopWrites) -> None:
        self.service = service
        self.writes = writes

    async def play(self, user: User, game_id: str, seq: int, data: Any) -> dict[str, Any] | None:
        """The player's view after the move, or ``None`` if the move is the thread's."""
        store = self.service.store
        table = store.known_table(game_id)
        if table is None:
            return None
        held = store.locks.try_hold(game_id)
        if held is None:
            return None
        try:
            move = planned(self.service, table, user, seq, data)
            if move is None or not await self.writes.write(move):
                return None
            store.cache.put(game_id, move.after)
            store.notifier.publish(game_id)
            return self.service.seat_view(table, move.after, move.seat)
        finally:
            held.lock.release()

    async def close(self) -> None:
        await self.writes.close()
