"""The composition root: the one place that builds the whole ASGI application from the
server (database, games, the JSON API and its live streams) and the web pages (the
platform's, the installed games' own, and their static files)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from carson.server.app import create_server
from carson.web.routes import STATIC, web_router


def create_app(
    url: str | None = None, budget_ms: int | None = None, worker: bool = True
) -> FastAPI:
    """The server on ``url`` (default: ``DATABASE_URL`` or SQLite in the data directory)
    with its web interface: pages, and their static files (vendored htmx, CSS, a little
    JS). ``worker``: run the job queue's worker in this process too (see
    :func:`carson.server.app.create_server`)."""
    app = create_server(url, budget_ms, worker)
    app.include_router(web_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
