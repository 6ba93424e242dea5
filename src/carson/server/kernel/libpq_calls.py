"""The event loop's two hottest talks with PostgreSQL, sent through libpq directly
(:mod:`psycopg.pq`, psycopg's own binding) on a connection psycopg opened (issue 22).

A move played on the loop sends one prepared statement (:mod:`.loop_writes`), and every
process hears every move's notice (:mod:`.live`). Through psycopg's asyncio layer (its
query conversion, cursor, generators and waiting machinery) a notice cost a listening
process 130 µs of CPU and the statement 160 µs, on a small machine; read here, straight from
the socket when the event loop finds it readable, 49 µs and 66–90 µs (the figures and how
to reproduce them: docs/speed.md, "Eleventh pass"). The connection stays psycopg's: it
opens, configures and closes it, and its errors are psycopg's.

Each statement leaves the connection idle, or raises: a statement cancelled midway (the
server stopping) leaves it busy, and the caller closes it (after :meth:`Statements.stop`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from psycopg.pq.abc import PGconn, PGresult


class Statements:
    """Statements sent on one connection and their results read as they come, the
    connection's socket watched by the event loop from the first statement until
    :meth:`stop` (or until the connection fails). Watching the socket only while a
    statement waited cost a move about 30 µs of CPU: a poll handle made and dropped, and
    four system calls (docs/speed.md, "Fourteenth pass"). :meth:`stop` must come before
    the connection closes, as the loop must not watch a closed socket."""

    def __init__(self, pgconn: PGconn, lost: Callable[[Exception], object] | None = None) -> None:
        self.pgconn = pgconn
        #: Told of the connection's failure found between statements (psycopg's error).
        self.lost = lost
        self._loop: asyncio.AbstractEventLoop | None = None  # watching on this loop
        self._socket = -1
        self._waiting: asyncio.Future[None] | None = None

    async def prepare(self, name: bytes, statement: bytes) -> None:
        """Prepare ``statement`` (parameters ``$1``, ``$2``, …) as ``name``."""
        import psycopg

        self.pgconn.send_prepare(name, statement)
        result = await self._result()
        if result.status != psycopg.pq.ExecStatus.COMMAND_OK:
            raise psycopg.errors.error_from_result(result)

    async def run_prepared(self, name: bytes, parameters: Sequence[bytes]) -> PGresult:
        """The result of the prepared statement ``name`` run with ``parameters`` (as
        text): its rows, or psycopg's error for the statement's failure (a unique
        violation, …)."""
        import psycopg

        self.pgconn.send_query_prepared(name, parameters)
        result = await self._result()
        if result.status != psycopg.pq.ExecStatus.TUPLES_OK:
            raise psycopg.errors.error_from_result(result)
        return result

    def stop(self) -> None:
        """Stop watching the socket (the connection is about to close)."""
        if self._loop is not None:
            self._loop.remove_reader(self._socket)
            self._loop = None

    async def _result(self) -> PGresult:
        """The one result of the statement just sent, once it has all come."""
        pgconn = self.pgconn
        loop = self._watching()
        while pgconn.flush():  # more to send than the socket took: wait until it takes more
            await _writable(loop, self._socket)
        try:
            while pgconn.is_busy():
                self._waiting = loop.create_future()
                await self._waiting
        finally:
            self._waiting = None
        result = pgconn.get_result()
        while pgconn.get_result() is not None:  # a statement has one; the end is read too
            pass
        if result is None:
            raise AssertionError("libpq gave no result for a statement sent")
        return result

    def _watching(self) -> asyncio.AbstractEventLoop:
        """The loop that watches the socket (the running one: a connection is used by one
        event loop only)."""
        if self._loop is None:
            loop = asyncio.get_running_loop()
            self._socket = self.pgconn.socket  # psycopg's error if the connection is closed
            loop.add_reader(self._socket, self._readable)
            self._loop = loop
        return self._loop

    def _readable(self) -> None:
        """What came is read (between statements too: a notice, the server going away)."""
        waiting = self._waiting
        try:
            self.pgconn.consume_input()
        except Exception as error:  # psycopg's: the connection failed (its socket closed)
            self.stop()
            if waiting is not None and not waiting.done():
                waiting.set_exception(error)  # the statement's caller handles it
            elif self.lost is not None:
                self.lost(error)
            return
        if waiting is not None and not waiting.done() and not self.pgconn.is_busy():
            waiting.set_result(None)


async def _writable(loop: asyncio.AbstractEventLoop, socket: int) -> None:
    """Until the socket takes more of a statement (rare: a statement is small)."""
    ready: asyncio.Future[None] = loop.create_future()

    def woken() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_writer(socket, woken)
    try:
        await ready
    finally:
        loop.remove_writer(socket)


async def hear(pgconn: PGconn, heard: Callable[[str], None]) -> None:
    """Give each notice's payload to ``heard`` as it comes (the connection listens), until
    the connection fails: then psycopg's error is raised."""
    loop = asyncio.get_running_loop()
    lost: asyncio.Future[None] = loop.create_future()

    def readable() -> None:
        try:
            pgconn.consume_input()
        except Exception as error:  # psycopg's: the server or the network went away
            if not lost.done():
                lost.set_exception(error)
            return
        while (notice := pgconn.notifies()) is not None:
            heard(notice.extra.decode())

    socket = pgconn.socket
    loop.add_reader(socket, readable)
    readable()  # what libpq may hold already (read with the answer to LISTEN)
    try:
        await lost
    finally:
        loop.remove_reader(socket)
