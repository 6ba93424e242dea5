"""``carson worker``: run the server's queued jobs (machine seats' moves) in a process of its
own; ``carson jobs``: what the queue holds, failed jobs with their last error, and a retry."""

from __future__ import annotations

import signal
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer

from carson.cli.errors import fail, missing_module, require

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

DB_HELP = (
    "database URL (default: DATABASE_URL, else SQLite in $CARSON_HOME or ~/.local/share/carson)"
)
STATES = ("ready", "running", "failed")


def register(app: typer.Typer) -> None:
    app.command()(worker)
    app.command()(jobs)


def worker(
    db: Annotated[str | None, typer.Option(help=DB_HELP)] = None,
    lease: Annotated[
        float, typer.Option(help="seconds a claimed job stays this worker's unless renewed")
    ] = 30.0,
    poll: Annotated[
        float | None,
        typer.Option(
            help="longest sleep between looks at the queue, in seconds (default: 1 on SQLite; "
            "30 on PostgreSQL, where a queued job wakes the workers at once)"
        ),
    ] = None,
    budget_ms: Annotated[
        int | None,
        typer.Option(help="AI thinking time per decision in ms (default: as each level says)"),
    ] = None,
) -> None:
    """Run queued jobs — the machine seats' moves — until stopped (Ctrl+C or SIGTERM).
    Start as many as you like, on any host that reaches the database."""
    require("carson worker", "server")
    from carson.server.kernel import metrics
    from carson.server.kernel.logs import configure_logging
    from carson.server.listening import every_listener
    from carson.server.play.store import GameStore
    from carson.server.play.thinking import InlineThinker
    from carson.server.workers import game_worker

    if lease < 1 or (poll is not None and poll <= 0):
        fail("--lease must be at least 1 second and --poll more than 0")
    if budget_ms is not None and budget_ms < 0:
        fail(f"--budget-ms must be 0 or more, not {budget_ms}")
    engine = _database(db, "carson worker")
    configure_logging()  # as `carson serve` does: request-free records, no secrets
    running = game_worker(
        GameStore(engine, every_listener()), InlineThinker(), budget_ms, lease=lease, poll=poll
    )

    def stop(signum: int, frame: FrameType | None) -> None:
        running.stop(timeout=0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    running.run()
    engine.dispose()
    metrics.process_ended()  # its open gauges leave the host's sums


def jobs(
    db: Annotated[str | None, typer.Option(help=DB_HELP)] = None,
    state: Annotated[
        str | None, typer.Option(help=f"only jobs in this state ({', '.join(STATES)})")
    ] = None,
    retry: Annotated[
        int | None, typer.Option(help="make this failed job ready again (its id)")
    ] = None,
) -> None:
    """List the queued, running and failed jobs (finished ones are not kept)."""
    require("carson jobs", "server")
    from carson.server.jobs.queue import JobQueue

    if state is not None and state not in STATES:
        fail(f"--state must be one of {', '.join(STATES)}, not {state!r}")
    engine = _database(db, "carson jobs")
    queue = JobQueue(engine)
    if retry is not None:
        if not queue.retry(retry):
            fail(f"no failed job {retry}")
        print(f"job {retry} is ready again")
        return
    rows = queue.listing(state)
    if not rows:
        print("no jobs")
    for row in rows:
        last = f"  {row.last_error}" if row.last_error else ""
        print(
            f"{row.id}\t{row.kind}\t{row.state}\t{row.attempts}/{row.max_attempts}\t"
            f"{row.run_at.isoformat(timespec='seconds')}\t{row.key or '-'}{last}"
        )
    engine.dispose()


def _database(db: str | None, command: str) -> Engine:
    """The database at ``db`` (default: as ``carson serve`` takes it), migrated; or a
    one-line reason why it cannot be opened."""
    from sqlalchemy.exc import ArgumentError, OperationalError

    from carson.server.kernel.db import default_url, make_engine, migrate

    try:
        engine = make_engine(db or default_url())
        migrate(engine)
    except (ArgumentError, OperationalError) as error:
        fail(f"cannot open the database: {error}")
    except ModuleNotFoundError as error:  # PostgreSQL's driver without the postgres extra
        missing_module(error, command)
    return engine
