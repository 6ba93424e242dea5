"""A worker's ear for ``NOTIFY carson_jobs`` (PostgreSQL): it wakes the worker's loop when
any process queues a job (:mod:`carson.server.jobs.worker`).

It blocks on the connection's socket and on a pipe that :meth:`JobsListener.stop` writes
to, with no timeout: through psycopg's ``notifies`` an idle worker woke ten times a second
to look for its stop, 2 ms of CPU a second in each web process (issue 22).
"""

from __future__ import annotations

import os
import select
import threading
from typing import TYPE_CHECKING

from carson.server.jobs.queue import JOBS_CHANNEL

if TYPE_CHECKING:
    from psycopg.pq.abc import PGconn

#: Seconds before listening again after the connection failed.
RETRY_SECONDS = 1.0


class JobsListener:
    """Sets ``wake`` for each job notice heard on the database ``conninfo`` names, and once
    each time it starts listening (a job queued meanwhile is looked for), until stopped."""

    def __init__(self, conninfo: str, wake: threading.Event) -> None:
        self._conninfo = conninfo
        self._wake = wake
        self._stopping = threading.Event()
        self._guard = threading.Lock()
        self._pipe: tuple[int, int] | None = None  # (read, write) while running

    def run(self) -> None:
        """Listen until :meth:`stop` (in a thread of its own)."""
        import psycopg

        with self._guard:
            if self._stopping.is_set():
                return
            self._pipe = os.pipe()
        try:
            while not self._stopping.is_set():
                try:
                    with psycopg.connect(self._conninfo, autocommit=True) as connection:
                        connection.execute(f"LISTEN {JOBS_CHANNEL}")
                        self._wake.set()
                        self._hear(connection.pgconn, self._pipe[0])
                except psycopg.Error:  # the database went away: listen again shortly
                    self._stopping.wait(RETRY_SECONDS)
        finally:
            with self._guard:
                pipe, self._pipe = self._pipe, None
                for end in pipe:
                    os.close(end)

    def _hear(self, pgconn: PGconn, stop: int) -> None:
        """Until stopped, or psycopg's error when the connection is lost."""
        waiting = select.poll()  # not select(): a busy process's descriptors pass 1024
        waiting.register(pgconn.socket, select.POLLIN)
        waiting.register(stop, select.POLLIN)
        while not self._stopping.is_set():
            ready = {descriptor for descriptor, _ in waiting.poll()}
            if pgconn.socket in ready:
                pgconn.consume_input()
                while pgconn.notifies() is not None:
                    self._wake.set()

    def stop(self) -> None:
        """Stop listening at once (from any thread)."""
        self._stopping.set()
        with self._guard:
            if self._pipe is not None:
                os.write(self._pipe[1], b"\0")
