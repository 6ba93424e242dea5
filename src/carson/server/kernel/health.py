"""Health of the server: ``/healthz`` (liveness: the process answers, no database) and
``/readyz`` (readiness: the database answers a trivial query and takes a trivial write
within a short time — a full disk leaves reads working), and the
answer to a request whose database failed (503 with ``Retry-After``, never a 500).

A database failure is an outage, not a bug: a full disk, a locked SQLite file, a PostgreSQL
server that went away. The client should come back later, and a load balancer that asks
``/readyz`` stops sending traffic meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.engine import Engine

from carson.server.kernel.errors import database_failure, declared


class Health(BaseModel):
    status: Literal["ok"]


class Ready(BaseModel):
    status: Literal["ready"]


log = logging.getLogger("carson.server")

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER_SECONDS = 5
#: Seconds ``/readyz`` waits for the database before it answers 503.
READY_TIMEOUT = 2.0
DATABASE_DOWN_DETAIL = "the database is unavailable; try again in a few seconds"

router = APIRouter(tags=["health"])


def log_database_failure(request: Request, error: Exception) -> None:
    log.warning(
        "database unavailable during %s %s: %s",
        request.method,
        request.url.path,
        database_failure(error),
    )


async def database_down(request: Request, error: Exception) -> JSONResponse:
    """The API's answer to a failed database: 503, the one error body, ``Retry-After``."""
    log_database_failure(request, error)
    return JSONResponse(
        {"detail": DATABASE_DOWN_DETAIL, "code": "database_down"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


class ReadinessProbe:
    """Asks the database a trivial query in a thread of its own; at most one probe runs at a
    time, so a hanging database costs one thread however often ``/readyz`` is asked."""

    def __init__(self, engine: Engine, timeout: float = READY_TIMEOUT) -> None:
        self.engine = engine
        self.timeout = timeout
        self._running = threading.Lock()

    def _query(self) -> str | None:
        try:
            with self.engine.begin() as connection:
                # A table of the schema, not ``SELECT 1``: SQLite must read the file; and a
                # write committed, the same row again: a full disk or a read-only file fails it.
                connection.execute(text("SELECT version_num FROM alembic_version")).all()
                connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
        except Exception as error:  # down, or a missing schema: not ready either way
            return database_failure(error)
        return None

    async def ready(self) -> str | None:
        """``None`` when the database answered in time, else what went wrong."""
        if not self._running.acquire(blocking=False):
            return "the previous readiness probe has not finished"
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str | None] = loop.create_future()

        def settle(outcome: str | None) -> None:
            if not answer.done():
                answer.set_result(outcome)

        def probe() -> None:
            try:
                outcome = self._query()
            finally:
                self._running.release()
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(settle, outcome)

        threading.Thread(target=probe, name="carson-readyz", daemon=True).start()
        try:
            return await asyncio.wait_for(answer, self.timeout)
        except TimeoutError:
            return f"the database did not answer within {self.timeout:g} s"


@router.get("/healthz", operation_id="healthz", response_model=Health)
def healthz() -> Health:
    """Liveness: the process answers (the database is not asked)."""
    return Health(status="ok")


@router.get("/readyz", operation_id="readyz", response_model=Ready, responses=declared(503))
async def readyz(request: Request) -> JSONResponse:
    """Readiness: the database answers a trivial query and takes a trivial write within a
    short time."""
    probe = request.app.state.readiness
    assert isinstance(probe, ReadinessProbe)
    problem = await probe.ready()
    if problem is None:
        return JSONResponse({"status": "ready"})
    log.warning("not ready: %s", problem)
    return JSONResponse(
        {"detail": f"not ready: {problem}", "code": "not_ready"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )
