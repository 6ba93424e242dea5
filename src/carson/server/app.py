"""The game server: ``create_server(url)`` wires the database, the games and the API.

The web pages are added by the composition root, :func:`carson.app.create_app`; the server
knows nothing of them. ``create_app`` here is the server alone (the API's own tests use it).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI

from carson.server.api import router
from carson.server.db import REQUEST_THREADS, default_url, make_engine, migrate
from carson.server.games import GameService
from carson.server.thinking import ChildProcessThinker
from carson.server.worker import Worker


def create_server(
    url: str | None = None, budget_ms: int | None = None, worker: bool = True
) -> FastAPI:
    """The server on ``url`` (default: ``DATABASE_URL`` or SQLite in the data directory),
    migrated to the newest schema before it serves. With ``worker``, it also runs the
    queued jobs (machine seats' moves) in a thread, their search in a child process;
    without, ``carson worker`` processes must run them."""
    engine = make_engine(url or default_url())
    migrate(engine)

    service = GameService(engine, budget_ms)
    jobs = Worker(service.store, ChildProcessThinker(), budget_ms) if worker else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # As many request threads as the connection pool was sized for.
        to_thread.current_default_thread_limiter().total_tokens = REQUEST_THREADS
        service.notifier.start(engine)
        # What exists now (modules, the card catalog, the schema) lives as long as the
        # process: frozen, the garbage collector stops walking it on every full collection,
        # which otherwise pauses all requests for tens of milliseconds.
        gc.collect()
        gc.freeze()
        threading.Thread(
            target=service.queue_waiting_machines, name="carson-resume", daemon=True
        ).start()
        if jobs is not None:
            jobs.start()
        yield
        if jobs is not None:
            jobs.stop()
        service.notifier.stop()
        engine.dispose()

    app = FastAPI(
        title="carson",
        summary="Carson City: The Card Game, online: accounts, games, moves, live views.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.games = service
    app.state.engine = engine
    app.include_router(router)
    return app


#: The server without web pages, for the API's own tests.
create_app = create_server
