"""The event loop's two hottest talks with PostgreSQL, sent through libpq directly
(:mod:`psycopg.pq`, psycopg's own binding) on a connection psycopg opened (issue 22).

A move played on the loop sends one prepared statement (:mod:`.loop_writes`), and every
process hears every move's notice (:mod:`.live`). Through psycopg's asyncio layer (its
query conversion, cursor, generators and waiting machinery) a notice cost a listening
process 130 µs of CPU and the statement 160 µs, on a small machine; read here, straight from
the socket when the event loop finds it readable, 49 µs and 66–90 µs (the figures and how
to reproduce them: docs/deploy.md, "Eleventh pass"). The connection stays psycopg's: it
opens, configures and closes it, and its errors are psycopg's.

Each call leaves the connection idle, or raises: a statement cancelled midway (the server
stopping) leaves it busy, and the caller closes it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from psycopg.pq.abc import PGconn, PGresult


async def prepare(pgconn: PGconn, name: bytes, statement: bytes) -> None:
    """Prepare ``statement`` (parameters ``$1``, ``$2``, …) as ``name`` on the connection."""
    import psycopg

    pgconn.send_prepare(name, statement)
    result = await _result(pgconn)
    if result.status != psycopg.pq.ExecStatus.COMMAND_OK:
        raise psycopg.errors.error_from_result(result)


async def run_prepared(pgconn: PGconn, name: bytes, parameters: Sequence[bytes]) -> PGresult:
    """The result of the prepared statement ``name`` run with ``parameters`` (as text):
    its rows, or psycopg's error for the statement's failure (a unique violation, …)."""
    import psycopg

    pgconn.send_query_prepared(name, parameters)
    result = await _result(pgconn)
    if result.status != psycopg.pq.ExecStatus.TUPLES_OK:
        raise psycopg.errors.error_from_result(result)
    return result


async def _result(pgconn: PGconn) -> PGresult:
    """The one result of the statement just sent, once it has all come."""
    loop = asyncio.get_running_loop()
    socket = pgconn.socket
    while pgconn.flush():  # more to send than the socket took: wait until it takes more
        await _when(loop, socket, writing=True)
    while pgconn.is_busy():
        await _when(loop, socket, writing=False, read=pgconn.consume_input)
    result = pgconn.get_result()
    while pgconn.get_result() is not None:  # a statement has one; the end is read too
        pass
    if result is None:
        raise AssertionError("libpq gave no result for a statement sent")
    return result


async def _when(
    loop: asyncio.AbstractEventLoop,
    socket: int,
    writing: bool,
    read: Callable[[], None] | None = None,
) -> None:
    """Until the socket is writable (``writing``) or readable, and what came ``read``."""
    ready: asyncio.Future[None] = loop.create_future()

    def woken() -> None:
        if ready.done():
            return
        try:
            if read is not None:
                read()
        except Exception as error:  # psycopg's: the connection failed
            ready.set_exception(error)
        else:
            ready.set_result(None)

    if writing:
        loop.add_writer(socket, woken)
    else:
        loop.add_reader(socket, woken)
    try:
        await ready
    finally:
        if writing:
            loop.remove_writer(socket)
        else:
            loop.remove_reader(socket)


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
