"""SQLite's one writer at a time, taken in turns by this process's threads.

SQLite lets one connection write at a time; the others wait on its busy timeout (30 s) and
retry on a sleeping back-off. The game store's writers take this turn instead, so the next
one goes in the moment the last one commits. The turn has one rule: **a thread takes it
before its transaction's first write**, never after. A thread that wrote first holds
SQLite's write lock while it waits for the turn, and the turn's holder waits on that lock:
both stall until the busy timeout ends one of them (a 30-second hang, then a 503). The
watcher installed by :meth:`WriteTurn.watch` keeps the rule: it notes a write made outside
the turn, and taking the turn with such a write still open raises :class:`TurnTakenLate`
(a programming error the tests find) instead of waiting into the stall.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

#: The statements that take SQLite's write lock.
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class TurnTakenLate(RuntimeError):
    """The turn was taken by a thread whose transaction had written already."""


class WriteTurn:
    """The write turn of one SQLite database in this process (not reentrant)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owner: int | None = None
        #: Per thread: the connections with a write made outside the turn, not yet ended.
        self._local = threading.local()

    def __enter__(self) -> WriteTurn:
        if self._open_writes():
            raise TurnTakenLate(
                "the write turn was taken after this transaction wrote: take the turn "
                "before the first write (see carson.server.write_turn)"
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
        self._owner = None
        self._lock.release()

    def held(self) -> bool:
        """Whether the calling thread holds the turn."""
        return self._owner == threading.get_ident()

    def watch(self, engine: Engine) -> None:
        """Note ``engine``'s writes made outside the turn, until their transaction ends."""
        event.listen(engine, "before_cursor_execute", self._before_statement)
        event.listen(engine, "commit", self._ended)
        event.listen(engine, "rollback", self._ended)

    def _open_writes(self) -> set[int]:
        open_writes: set[int] | None = getattr(self._local, "open_writes", None)
        if open_writes is None:
            open_writes = self._local.open_writes = set()
        return open_writes

    def _before_statement(
        self, connection: Connection, cursor: Any, statement: str, *_: Any
    ) -> None:
        if not self.held() and statement.lstrip()[:7].upper().startswith(WRITES):
            self._open_writes().add(id(connection.connection.dbapi_connection))

    def _ended(self, connection: Connection) -> None:
        self._open_writes().discard(id(connection.connection.dbapi_connection))
