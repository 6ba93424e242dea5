"""SQLite's one writer at a time, taken in turns by this process's threads.

SQLite lets one connection write at a time; the others wait on its busy timeout (30 s) and
retry on a sleeping back-off. The game store's writers take this turn instead, so the next
one goes in the moment the last one commits. The turn has one rule: **a thread takes it
before its transaction's first write**, never after. A thread that wrote first holds
SQLite's write lock while it waits for the turn, and the turn's holder waits on that lock:
both stall until the busy timeout ends one of them (a 30-second hang, then a 503). The
watch installed by :meth:`WriteTurn.watch` keeps the rule: taking the turn while one of the
thread's connections has a write open raises :class:`TurnTakenLate` (a programming error the
tests find) instead of waiting into the stall. The driver opens a transaction only at a
transaction's first write (``sqlite3``'s implicit ``BEGIN``), so an open transaction is an
open write; the watch follows which thread holds which connection through the pool's
check-outs, which costs nothing per statement.
"""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager, nullcontext
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import ConnectionPoolEntry


class TurnTakenLate(RuntimeError):
    """The turn was taken by a thread whose transaction had written already."""


class WriteTurn:
    """The write turn of one SQLite database in this process (not reentrant)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owner: int | None = None
        #: The pool's connections checked out now, by entry: the thread that holds each.
        self._holders: dict[int, tuple[int, ConnectionPoolEntry]] = {}

    def __enter__(self) -> WriteTurn:
        if self._wrote_already():
            raise TurnTakenLate(
                "the write turn was taken after this transaction wrote: take the turn "
                "before the first write (see carson.server.kernel.write_turn)"
            )
        self._lock.acquire()
        self._owner = threading.get_ident()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.give_back()

    def take_now(self) -> bool:
        """Take the turn if it is free, without waiting (the event loop never waits for a
        thread): whether it was taken (then :meth:`give_back` it)."""
        if self._wrote_already() or not self._lock.acquire(blocking=False):
            return False
        self._owner = threading.get_ident()
        return True

    def give_back(self) -> None:
        """End the turn taken by :meth:`take_now`."""
        self._owner = None
        self._lock.release()

    def held(self) -> bool:
        """Whether the calling thread holds the turn."""
        return self._owner == threading.get_ident()

    def watch(self, engine: Engine) -> None:
        """Follow which thread holds which of ``engine``'s connections."""
        event.listen(engine, "checkout", self._checked_out)
        event.listen(engine, "checkin", self._checked_in)
        event.listen(engine, "detach", self._checked_in)  # the connection leaves the pool

    def _checked_out(self, _: Any, entry: ConnectionPoolEntry, __: Any) -> None:
        self._holders[id(entry)] = (threading.get_ident(), entry)

    def _checked_in(self, _: Any, entry: ConnectionPoolEntry) -> None:
        self._holders.pop(id(entry), None)

    def _wrote_already(self) -> bool:
        """Whether a connection the calling thread holds has a write open."""
        me = threading.get_ident()
        for holder, entry in list(self._holders.values()):  # one step under the GIL
            connection = entry.dbapi_connection
            if holder == me and connection is not None and _in_transaction(connection):
                return True
        return False


def write_turn_for(engine: Engine) -> AbstractContextManager[object]:
    """The turn ``engine``'s writers take: a watched :class:`WriteTurn` on SQLite, none on
    PostgreSQL (its writers to different games do not wait for each other)."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    turn = WriteTurn()
    turn.watch(engine)
    return turn


def _in_transaction(connection: Any) -> bool:
    try:
        return bool(connection.in_transaction)
    except Exception:  # closed meanwhile (invalidated): nothing open
        return False
