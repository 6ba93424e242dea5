"""A person's plain move played on the event loop, with no hop to a thread (issue 22).

A request thread costs a move two wake-ups (loop → thread → loop), and on a small machine
they were the largest share of the framework's CPU per move. Most moves need no thread: the
game's table and state are in memory, the move is checked there (microseconds of engine
work), and it is written alone (:mod:`.alone_moves`): on PostgreSQL one statement, awaited
on an asyncio connection; on SQLite a short transaction that does not wait for the disk
(:mod:`.loop_writes`).

The move is checked and applied here (:func:`.moving.apply_moves`) whenever the game is
in memory; a move that then cannot be written alone goes, applied, to a request thread that
writes it in a transaction with everything it brings (:meth:`.GameService.write_checked`):

- the move writes more than its row (a machine acts next, a clock, the game's end, another
  person to tell);
- the write would wait: no free connection (PostgreSQL), the write turn taken or another
  process writing (SQLite);
- a person asked next has left in another process (the statement wrote nothing).

A thread reads the game itself, checks and applies the move when the loop cannot (answers
``None``): the game's table or state is not cached, or not at the move's seq, or in a secret
step; the game's lock is held (never waited for on the loop); the checks refused the move
against the cache (which may be behind another process: the thread re-reads before it
refuses).

On PostgreSQL a lost race for the (game, seq) key answers 409 as on the thread, and a
dropped connection 503 once (both pools are renewed: :mod:`.loop_connections`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from carson.core.game import JSON
from carson.server.kernel.errors import GameError
from carson.server.play.cache import heard_played
from carson.server.play.forwarding import known_exactly
from carson.server.play.left_seats import people_asked
from carson.server.play.machines import machine_seat
from carson.server.play.move_checks import checked_action
from carson.server.play.moving import Hop, Moved, apply_moves
from carson.server.play.storage.alone_moves import AloneMove, goes_alone
from carson.server.play.store import drafting

if TYPE_CHECKING:
    from carson.server.kernel.db import User
    from carson.server.play.games import GameService
    from carson.server.play.loop_writes import LoopWrites
    from carson.server.play.table import Table


def planned(service: GameService, table: Table, user: User, seq: int, data: Any) -> Moved | None:
    """The move, checked against the cached game and applied, if it can be played on the
    loop (the caller holds the game's lock); ``None`` for the thread to read and handle."""
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
    # The moves heard from other processes since, played on a copy of the cached game.
    state = heard_played(table.id, cached, heard) if heard else cached
    if state is None or drafting(table.kind, state):
        return None
    try:
        action = checked_action(table, state, seat, seq, data)
    except GameError:  # the cache may be behind another process: the thread reads, then refuses
        return None
    return apply_moves(table, state, [(seat, action)])


def alone(service: GameService, moved: Moved) -> AloneMove | None:
    """The move as written alone on the loop, if it writes nothing beside its row."""
    table, after = moved.table, moved.after
    if not goes_alone(table, after, 1, service.store.listeners) or machine_seat(table, after):
        return None
    return AloneMove(table, moved.seat, after, moved.rows[0], people_asked(table, after))


class LoopMoves:
    """Plays plain moves on the event loop, written as the database allows
    (:mod:`carson.server.play.loop_writes`), on the server's event loop only: its
    connections belong to it (a request served on another loop — a test's second client —
    goes to a thread)."""

    def __init__(self, service: GameService, writes: LoopWrites) -> None:
        self.service = service
        self.writes = writes
        self.home = asyncio.get_running_loop()

    def _at_home(self) -> bool:
        return asyncio.get_running_loop() is self.home

    async def play(self, user: User, game_id: str, seq: int, data: Any, hop: Hop) -> JSON | None:
        """The player's view after the move, or ``None`` if a thread must read the game
        first. A move checked and applied here that does not write alone (a clock, a
        machine or a person to tell next, the game's end, the write turn taken) is written
        by a thread (``hop``), as it is: never checked nor applied again."""
        store = self.service.store
        table = store.known_table(game_id)
        if table is None or not self._at_home():
            return None
        held = store.locks.try_hold(game_id)
        if held is None:
            return None
        try:
            moved = planned(self.service, table, user, seq, data)
            if moved is None:
                return None
            move = alone(self.service, moved)
            if move is None or not await self.writes.write(move):
                # The thread writes it while the loop still holds the game's lock.
                return await hop(self.service.write_checked, moved)
            store.published(moved)
            return self.service.seat_view(table, moved.after, moved.seat)
        finally:
            held.lock.release()

    async def look(self, user: User | None, game_id: str) -> JSON | None:
        """The caller's view of the game (a spectator's, if not seated) from memory, once
        the database said it holds no move this process has not heard of; ``None`` when
        memory does not know the view exactly (a clock, a secret step, a move heard and not
        played, a game not cached) or the database could not be asked without waiting: a
        thread reads it (:meth:`~carson.server.play.games.GameService.view`)."""
        known = known_exactly(self.service.store, game_id)
        if known is None or not self._at_home():
            return None
        table, state = known
        if await self.writes.newer(game_id, len(state.actions)) is not False:
            return None
        return self.service.seat_view(table, state, table.seat_or_none(user))

    async def close(self) -> None:
        await self.writes.close()
