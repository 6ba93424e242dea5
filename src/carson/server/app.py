"""The ASGI application: ``create_app(url)`` wires the database, the games and the API."""

from __future__ import annotations

import gc
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from carson.server.api import router
from carson.server.db import default_url, make_engine, migrate
from carson.server.games import GameService
from carson.web.routes import STATIC
from carson.web.routes import router as web_router


def create_app(url: str | None = None, budget_ms: int | None = None) -> FastAPI:
    """The server on ``url`` (default: ``DATABASE_URL`` or SQLite in the data directory),
    migrated to the newest schema before it serves."""
    engine = make_engine(url or default_url())
    migrate(engine)

    service = GameService(engine, budget_ms)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.notifier.start(engine)
        # What exists now (modules, the card catalog, the schema) lives as long as the
        # process: frozen, the garbage collector stops walking it on every full collection,
        # which otherwise pauses all requests for tens of milliseconds.
        gc.collect()
        gc.freeze()
        threading.Thread(target=service.resume_machines, name="carson-resume", daemon=True).start()
        yield
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
    # The web interface: its pages and their static files (vendored htmx, CSS, a little JS).
    app.include_router(web_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
