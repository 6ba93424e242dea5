"""The composition root: the one place that builds the whole ASGI application from the
server (database, games, the JSON API and its live streams) and the web pages (the
platform's, the installed games' own, and their static files)."""

from __future__ import annotations

from carson.core.extras import MissingExtra, extra_providing

try:  # without the server extra, one line that names it rather than a traceback
    from fastapi import FastAPI
    from fastapi.staticfiles import StaticFiles

    from carson.server.app import create_server
    from carson.server.jobs.queue import Clock, utc_now
    from carson.server.kernel.errors import DATABASE_DOWN
    from carson.server.kernel.limits import Limits
    from carson.web.kernel import missing
    from carson.web.kernel.outage import database_down_page
    from carson.web.kernel.refusals import too_large_page
    from carson.web.routes import STATIC, web_router
except ModuleNotFoundError as error:
    lacking = extra_providing(error)
    if lacking is None:
        raise
    raise MissingExtra("carson.app", lacking) from None


def create_app(
    url: str | None = None,
    budget_ms: int | None = None,
    limits: Limits | None = None,
    worker: bool = True,
    clock: Clock = utc_now,
    *,
    migrate_schema: bool = True,
) -> FastAPI:
    """The server on ``url`` (default: ``DATABASE_URL`` or SQLite in the data directory)
    with its web interface: pages, and their static files (vendored htmx, CSS, a little
    JS); ``limits`` default to the environment's (docs/limits.md); ``worker``: run the job
    queue's worker in this process too (see :func:`carson.server.app.create_server`);
    ``clock``: the server's time (tests move it); ``migrate_schema``: as in
    :func:`carson.server.app.create_server`."""
    app = create_server(url, budget_ms, limits, worker, clock, migrate_schema=migrate_schema)
    app.state.page_refusal = too_large_page
    app.include_router(web_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    missing.install(app)  # an unknown page's address: a page, not the API's JSON
    for error in DATABASE_DOWN:  # a page, not JSON, tells a visitor of an outage
        app.add_exception_handler(error, database_down_page)
    return app
