"""The game server: ``create_server(url)`` wires the database, the games and the API.

The web pages are added by the composition root, :func:`carson.app.create_app`; the server
knows nothing of them. ``create_app`` here is the server alone (the API's own tests use it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.telemetry import TelemetryConfig
from sqlalchemy.engine import Engine
from starlette.types import Scope

from carson import __version__
from carson.server import tables as _every_table  # noqa: F401 (the whole schema, for SQLAlchemy)
from carson.server.accounts import api as accounts_api
from carson.server.accounts import guests_api, sessions_api
from carson.server.accounts.passwords import HashingBusy, HashParameters, PasswordPool
from carson.server.accounts.service import Accounts
from carson.server.analysis import api as analysis_api
from carson.server.chat import api as chat_api
from carson.server.chat import lobby_api as lobby_chat_api
from carson.server.jobs.kinds import lane_counts
from carson.server.jobs.queue import Clock, utc_now
from carson.server.kernel import (
    apidocs,
    errors,
    health,
    metrics,
    metrics_api,
    openapi,
    schema,
)
from carson.server.kernel.access import RequestsSeen
from carson.server.kernel.bodylimit import BodyLimit, json_refusal
from carson.server.kernel.collector import tuned_for_serving
from carson.server.kernel.cookies import secure_configured
from carson.server.kernel.db import (
    POOL_OVERFLOW,
    REQUEST_THREADS,
    check_integrity,
    default_url,
    make_engine,
    migrate,
)
from carson.server.kernel.errors import DATABASE_DOWN, error_response
from carson.server.kernel.headers import SecurityHeaders
from carson.server.kernel.limits import Limits
from carson.server.kernel.logs import RequestIds
from carson.server.kernel.ratelimit import RateLimited, RateLimiter
from carson.server.kernel.stream_slots import StreamSlots
from carson.server.kernel.threads import RequestThreads
from carson.server.listening import every_listener
from carson.server.lobby import api as lobby_api
from carson.server.lobby import rematch_api, watch_api
from carson.server.mail import api as mail_api
from carson.server.mail.account_mail import PUBLIC_URL_ENV, configured_base_url, registration_hook
from carson.server.mail.sending import MailSettings
from carson.server.messages import api as messages_api
from carson.server.notify import api as notifications_api
from carson.server.notify import push, push_api, unsubscribe
from carson.server.people import api as people_api
from carson.server.play import leaving_api, undo_api
from carson.server.play.api import moves, router
from carson.server.play.games import GameService
from carson.server.play.loop_moves import LoopMoves
from carson.server.play.loop_writes import loop_writes
from carson.server.play.models import ActionIn
from carson.server.play.moving import MovePath
from carson.server.play.thinking import ChildProcessThinker
from carson.server.ratings import api as ratings_api
from carson.server.tournaments import api as tournaments_api
from carson.server.vacation import api as vacation_api
from carson.server.workers import GameWorker, game_worker
from carson.server.your_data import claim_api, deletion_api, guest_expiry
from carson.server.your_data.export import router as your_data_router

#: FastAPI's native OpenTelemetry, off: carson configures no OpenTelemetry provider, and
#: asking on every request whether one is configured cost 8 µs of CPU each time.
NO_TELEMETRY: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
}


#: The API's routes, in the order they are matched: a move's first (the hottest request).
ROUTERS = (
    moves,
    health.router,
    accounts_api.router,
    router,
    sessions_api.router,
    guests_api.router,
    ratings_api.router,
    rematch_api.router,
    leaving_api.router,
    undo_api.router,
    lobby_api.router,
    mail_api.router,
    notifications_api.router,
    push_api.router,
    watch_api.router,
    chat_api.router,
    lobby_chat_api.router,
    analysis_api.router,
    people_api.router,
    your_data_router,
    deletion_api.router,
    claim_api.router,
    tournaments_api.router,
    messages_api.router,
    vacation_api.router,
)


def create_server(
    url: str | None = None,
    budget_ms: int | None = None,
    limits: Limits | None = None,
    worker: bool = True,
    clock: Clock = utc_now,
    *,
    migrate_schema: bool = True,
) -> FastAPI:
    """The server on ``url`` (default: ``DATABASE_URL`` or SQLite in the data directory),
    checked (a damaged SQLite file is refused: :class:`carson.server.kernel.db.CorruptDatabase`)
    and migrated to the newest schema before it serves (without ``migrate_schema``, a schema
    not at the newest is refused: :class:`carson.server.kernel.schema.SchemaMismatch`);
    ``limits`` default to :meth:`Limits.from_environment`. With ``worker``, it also runs the
    queued jobs (machine seats' moves) in a thread, their search in a child process; without,
    ``carson worker`` processes must run them. ``clock``: the server's time (tests move it)."""
    limits = limits or Limits.from_environment()
    mail_settings()  # a bad mail setting stops the start, not the first mail
    engine = _database(url, migrate_schema)
    push.ensure_keys(engine)
    unsubscribe.ensure_secret(engine)

    service = GameService(engine, every_listener(), budget_ms, clock)
    service.accounts.forget_expired()
    jobs = _worker(service, budget_ms) if worker else None
    app = FastAPI(
        title="carson",
        summary="Carson City, the card game and the board game, online: accounts, games, "
        "moves, live views.",
        version=__version__,
        lifespan=_lifespan(engine, service, jobs),
        telemetry=NO_TELEMETRY,
        docs_url=None,  # carson's own /docs: Swagger UI from its own files (apidocs)
    )
    apidocs.install(app)
    app.state.games = service
    app.state.engine = engine
    app.state.readiness = health.ReadinessProbe(engine)
    #: Cookies ``Secure`` even over http (a TLS proxy whose scheme is not forwarded).
    app.state.secure_cookies = secure_configured()
    _add_limits(app, service, limits)
    #: A person's move, from the API or a page (:mod:`carson.server.play.moving`).
    app.state.moves = MovePath(service, service.accounts)
    for routes in ROUTERS:
        app.include_router(routes)
    errors.install(app)
    metrics_api.install(app, [metrics.QueueCollector(lambda: lane_counts(service.jobs))])
    metrics.watch_pool(engine, POOL_OVERFLOW)  # make_engine's
    openapi.install(app, {"ActionIn": ActionIn})  # read by the move's route itself
    for error in DATABASE_DOWN:  # an outage answers 503 (the pages add their own, in HTML)
        app.add_exception_handler(error, health.database_down)
    # The last added runs first: every response, even the 500 of an unhandled error that
    # RequestIds answers, gets its id and the security headers.
    app.add_middleware(RequestsSeen)  # inside RequestIds: its access line has the id
    app.add_middleware(RequestIds)
    app.add_middleware(SecurityHeaders)
    return app


def _worker(service: GameService, budget_ms: int | None) -> GameWorker:
    """This process's worker: the queued jobs in a thread, their search in a child process."""
    return game_worker(
        service.store, ChildProcessThinker(), budget_ms, analysis_think=ChildProcessThinker()
    )


def _database(url: str | None, migrate_schema: bool) -> Engine:
    engine = make_engine(url or default_url())
    check_integrity(engine)
    if migrate_schema:
        migrate(engine)
    else:  # migrated as a step of its own (`carson db upgrade`)
        schema.check_current(engine)
    return engine


def _lifespan(
    engine: Engine, service: GameService, jobs: GameWorker | None
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """What starts with the server and stops with it: the database's notifications, the
    queue of machine seats left waiting, this process's worker."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # As many request threads as the connection pool was sized for.
        to_thread.current_default_thread_limiter().total_tokens = REQUEST_THREADS
        moves: MovePath = app.state.moves
        moves.threads = threads = RequestThreads(REQUEST_THREADS)
        writes = loop_writes(service.store)
        if writes is not None:  # plain moves on the event loop (carson.server.play.loop_moves)
            moves.loop = LoopMoves(service, writes)
        service.notifier.start(engine)
        # What exists now (modules, the card catalog, the schema) is frozen, and the
        # collector runs less often: it otherwise took a tenth of the CPU and paused all
        # requests for tens of milliseconds (carson.server.kernel.collector).
        with tuned_for_serving():
            threading.Thread(
                target=service.queue_waiting_machines, name="carson-resume", daemon=True
            ).start()
            if jobs is not None:
                jobs.start()
            yield
            if jobs is not None:
                jobs.stop()
        await service.notifier.stop()
        moves.threads, moves.loop = None, None
        if writes is not None:
            await writes.close()
        threads.close()
        service.accounts.pool.close()
        engine.dispose()
        metrics.process_ended()

    return lifespan


def _add_limits(app: FastAPI, service: GameService, limits: Limits) -> None:
    """Rate limits, the password pool, stream caps and body sizes (docs/limits.md)."""
    pool = PasswordPool(HashParameters(), limits.hash_workers)
    app.state.limits = limits
    # One Accounts for the API, the pages and the service: rate limits and the pool.
    service.accounts = Accounts(service.sessions, limiter=RateLimiter(limits), pool=pool)
    service.accounts.registration = registration_hook
    service.accounts.guest_made = guest_expiry.guest_made(service.jobs)
    app.state.accounts = service.accounts
    app.state.streams = StreamSlots(limits.streams_per_user, limits.streams_total)
    # A page's chat stream counts apart from its game stream, with the same caps.
    app.state.chat_streams = StreamSlots(limits.streams_per_user, limits.streams_total, "chat")
    # The lobby chat's streams: their own slots, the same caps.
    app.state.lobby_chat_streams = StreamSlots(
        limits.streams_per_user, limits.streams_total, "lobby_chat"
    )
    #: A page's 413 answer, set by the composition root (the API's is JSON).
    app.state.page_refusal = None

    async def refusal(scope: Scope, limit: int) -> tuple[str, bytes]:
        page = app.state.page_refusal
        if page is None or scope["path"].startswith("/api/"):
            return await json_refusal(scope, limit)
        body: tuple[str, bytes] = await page(scope, limit)
        return body

    app.add_middleware(BodyLimit, limit_for=limits.body_limit, refusal=refusal)

    @app.exception_handler(RateLimited)
    async def too_many(request: Request, error: RateLimited) -> JSONResponse:
        headers = {"Retry-After": str(error.retry_after)}
        return error_response(429, error.message, "rate_limited", headers)

    @app.exception_handler(HashingBusy)
    async def busy(request: Request, error: HashingBusy) -> JSONResponse:
        return error_response(503, str(error), "busy", {"Retry-After": "1"})


def mail_settings() -> None:
    """Check the mail settings; warn when mail's links would follow each request's Host."""
    settings, public_url = MailSettings.from_environment(), configured_base_url()
    if settings.configured and public_url is None:
        logging.getLogger(__name__).warning(
            "mail is sent but %s is unset: no mail with a link (verification, password reset) "
            "is sent unless the request comes to this machine (localhost)",
            PUBLIC_URL_ENV,
        )


#: The server without web pages, for the API's own tests.
create_app = create_server
