"""The job queue, kept in the database itself (the ``jobs`` table,
:class:`~carson.server.kernel.db.Job`).

A job is queued in the transaction of what causes it (a move queues the next machine seat's
move), so a crash cannot lose it. Workers (:mod:`carson.server.jobs.worker`) claim a due job with
a conditional ``UPDATE … WHERE id = ? AND <still claimable>`` — one claimer wins on SQLite
and PostgreSQL alike (PostgreSQL also skips rows another claimer has locked) — for a lease
they renew while they work. A worker that dies stops renewing: once the lease runs out the
job is claimed again. A job that raises is tried again later (exponential back-off) and,
after ``max_attempts`` tries, stays ``failed`` with its last error for an operator
(``carson jobs``). Finished jobs are deleted: the table holds only pending work and failures.

Times come from an injectable clock, so a scheduled job (``run_at``) is tested without
waiting. Waking: on PostgreSQL a queued job sends ``NOTIFY carson_jobs`` with its
transaction; in one process the queue's :attr:`JobQueue.wake` event is set after commit.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import delete, event, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import CursorResult, Engine, Result
from sqlalchemy.orm import Session, sessionmaker

from carson.core.game import JSON
from carson.server.kernel.db import Job
from carson.server.kernel.write_turn import write_turn_for

#: The PostgreSQL channel a queued job is announced on.
JOBS_CHANNEL = "carson_jobs"
#: Tries before a job is left ``failed``.
MAX_ATTEMPTS = 5
#: Back-off after the first failure, doubled on each next one, up to the ceiling (seconds).
FIRST_RETRY = 2.0
LONGEST_RETRY = 300.0
#: The longest error text kept on a job (a traceback's last line is enough).
ERROR_CHARS = 2000

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """SQLite gives back times without their zone: every time stored here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def retry_delay(attempts: int) -> timedelta:
    """How long a job waits after its ``attempts``-th failed try."""
    return timedelta(seconds=min(LONGEST_RETRY, FIRST_RETRY * 2 ** (attempts - 1)))


@dataclass(frozen=True)
class ClaimedJob:
    """A job a worker holds: ``claim`` proves it still does when it renews or finishes."""

    id: int
    kind: str
    payload: JSON
    attempts: int
    claim: str


@dataclass(frozen=True)
class JobRow:
    """A job as an operator sees it (``carson jobs``)."""

    id: int
    kind: str
    key: str | None
    state: str
    run_at: datetime
    attempts: int
    max_attempts: int
    last_error: str | None


@dataclass(frozen=True)
class KindCount:
    """The jobs of one kind now (:meth:`JobQueue.counts`)."""

    kind: str
    due: int
    due_since: datetime | None
    scheduled: int
    failed: int


class Wakeup(threading.Event):
    """An event that also sets each of its children: one per loop of a worker, so that one
    loop clearing its own cannot swallow a wake-up meant for another."""

    def __init__(self) -> None:
        super().__init__()
        self._children: list[threading.Event] = []

    def child(self) -> threading.Event:
        event = threading.Event()
        event.set()  # a new loop looks at once
        self._children.append(event)
        return event

    def set(self) -> None:
        super().set()
        for child in self._children:
            child.set()


class JobQueue:
    """The jobs of one database, for the processes that queue them and the workers."""

    def __init__(
        self,
        engine: Engine,
        clock: Clock = utc_now,
        write_turn: AbstractContextManager[object] | None = None,
    ) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.clock = clock
        self.postgres = engine.dialect.name == "postgresql"
        #: Set once a job queued by this process is committed (wakes its in-process worker's
        #: loops, each through an event of its own).
        self.wake = Wakeup()
        #: SQLite has one writer at a time: this process's writers take turns (the game
        #: store passes its own turn, so moves and jobs share it).
        self.write_turn = write_turn or write_turn_for(engine)

    # ------------------------------------------------------------------ queueing

    def enqueue(
        self,
        session: Session,
        kind: str,
        payload: JSON,
        *,
        key: str | None = None,
        run_at: datetime | None = None,
        max_attempts: int = MAX_ATTEMPTS,
    ) -> None:
        """Queue a job in ``session``'s transaction (it exists once that commits). A job
        whose ``key`` is already queued is not queued twice."""
        now = self.clock()
        row = {
            "kind": kind,
            "key": key,
            "payload": payload,
            "state": "ready",
            "run_at": run_at or now,
            "attempts": 0,
            "max_attempts": max_attempts,
            "created_at": now,
        }
        dialect = postgresql if self.postgres else sqlite
        session.execute(dialect.insert(Job).values(row).on_conflict_do_nothing())
        if self.postgres:
            session.execute(select(func.pg_notify(JOBS_CHANNEL, kind)))
        event.listen(session, "after_commit", self._wake_after_commit, once=True)

    def _wake_after_commit(self, _: Session) -> None:
        self.wake.set()

    def submit(self, kind: str, payload: JSON, **options: Any) -> None:
        """Queue a job in a transaction of its own."""
        with self.write_turn, self.sessions.begin() as session:
            self.enqueue(session, kind, payload, **options)

    # ------------------------------------------------------------------ working

    def claim(self, lease: float, kinds: Collection[str] | None = None) -> ClaimedJob | None:
        """The next due job (of one of ``kinds``, if given), now held by the caller for
        ``lease`` seconds, or ``None``."""
        with self.write_turn, self.sessions.begin() as session:
            now = self.clock()
            self._fail_abandoned(session, now)
            claimable = or_(
                Job.state == "ready",
                (Job.state == "running") & (Job.lease_until < now),
            ) & (Job.run_at <= now)
            if kinds is not None:
                claimable = claimable & Job.kind.in_(sorted(kinds))
            candidates = session.scalars(
                select(Job.id)
                .where(claimable)
                .order_by(Job.run_at, Job.id)
                .limit(8)
                .with_for_update(skip_locked=True)
            ).all()
            for job_id in candidates:
                claim = secrets.token_hex(16)
                taken = session.execute(
                    update(Job)
                    .where(Job.id == job_id, claimable)
                    .values(
                        state="running",
                        claim=claim,
                        lease_until=now + timedelta(seconds=lease),
                        attempts=Job.attempts + 1,
                    )
                    .returning(Job.kind, Job.payload, Job.attempts)
                ).first()
                if taken is not None:
                    return ClaimedJob(job_id, taken.kind, taken.payload, taken.attempts, claim)
        return None

    def next_due(self) -> datetime | None:
        """When a job next falls due: the earliest ready job's time or running job's lease
        end (its worker may be lost); ``None`` if there is no such job."""
        with self.sessions() as session:
            ready, leased = session.execute(
                select(
                    func.min(Job.run_at).filter(Job.state == "ready"),
                    func.min(Job.lease_until).filter(Job.state == "running"),
                )
            ).one()
        return min((as_utc(moment) for moment in (ready, leased) if moment is not None),
                   default=None)  # fmt: skip

    def _fail_abandoned(self, session: Session, now: datetime) -> None:
        """A job whose worker was lost on its last allowed try is not tried again."""
        session.execute(
            update(Job)
            .where(
                Job.state == "running",
                Job.lease_until < now,
                Job.attempts >= Job.max_attempts,
            )
            .values(state="failed", claim=None, last_error="its worker was lost (lease ran out)")
        )

    def renew(self, job: ClaimedJob, lease: float) -> bool:
        """Extend the caller's lease; ``False`` if the job is no longer the caller's."""
        with self.write_turn, self.sessions.begin() as session:
            renewed = session.execute(
                update(Job)
                .where(Job.id == job.id, Job.claim == job.claim, Job.state == "running")
                .values(lease_until=self.clock() + timedelta(seconds=lease))
            )
            return _changed(renewed)

    def finish(self, session: Session, job: ClaimedJob) -> bool:
        """Delete the done job in ``session``'s transaction (with the work's own writes);
        ``False`` if it is no longer the caller's (its lease ran out and another took it)."""
        done = session.execute(delete(Job).where(Job.id == job.id, Job.claim == job.claim))
        return _changed(done)

    def complete(self, job: ClaimedJob) -> bool:
        """:meth:`finish` in a transaction of its own."""
        with self.write_turn, self.sessions.begin() as session:
            return self.finish(session, job)

    def fail(self, job: ClaimedJob, error: str) -> str | None:
        """Record a failed try: the job waits its back-off, or after its last allowed try
        stays ``failed``. Answers the job's new state (``None``: no longer the caller's)."""
        with self.write_turn, self.sessions.begin() as session:
            row = session.get(Job, job.id, with_for_update=True)
            if row is None or row.claim != job.claim:
                return None
            row.last_error = error[-ERROR_CHARS:]
            row.claim = None
            row.lease_until = None
            if row.attempts >= row.max_attempts:
                row.state = "failed"
            else:
                row.state = "ready"
                row.run_at = self.clock() + retry_delay(row.attempts)
            return row.state

    # ------------------------------------------------------------------ operators

    def listing(self, state: str | None = None, limit: int = 100) -> list[JobRow]:
        """The jobs (of one ``state``, if given), oldest due first."""
        query = select(Job).order_by(Job.run_at, Job.id).limit(limit)
        if state is not None:
            query = query.where(Job.state == state)
        with self.sessions() as session:
            return [
                JobRow(
                    job.id,
                    job.kind,
                    job.key,
                    job.state,
                    as_utc(job.run_at),
                    job.attempts,
                    job.max_attempts,
                    job.last_error,
                )
                for job in session.scalars(query)
            ]

    def counts(self) -> list[KindCount]:
        """Per kind of job now: due jobs waiting or running, when the longest-waiting of
        them fell due, jobs scheduled for later, failed jobs kept (for the metrics)."""
        now = self.clock()
        waiting = (Job.state == "ready") & (Job.run_at <= now)
        with self.sessions() as session:
            rows = session.execute(
                select(
                    Job.kind,
                    func.count().filter(waiting | (Job.state == "running")),
                    func.min(Job.run_at).filter(waiting),
                    func.count().filter((Job.state == "ready") & (Job.run_at > now)),
                    func.count().filter(Job.state == "failed"),
                ).group_by(Job.kind)
            ).all()
        return [
            KindCount(kind, due, None if since is None else as_utc(since), later, failed)
            for kind, due, since, later, failed in rows
        ]

    def retry(self, job_id: int) -> bool:
        """Make a failed job ready again, with a fresh count of tries (an operator's fix)."""
        with self.write_turn, self.sessions.begin() as session:
            done = session.execute(
                update(Job)
                .where(Job.id == job_id, Job.state == "failed")
                .values(state="ready", attempts=0, run_at=self.clock())
            )
            if self.postgres:
                session.execute(select(func.pg_notify(JOBS_CHANNEL, "retry")))
        self.wake.set()
        return _changed(done)


def _changed(result: Result[Any]) -> bool:
    """Whether an UPDATE or DELETE of one job changed it."""
    return cast("CursorResult[Any]", result).rowcount == 1


def whole_number(value: object) -> bool:
    """Whether a stored payload's field is a whole number (JSON's ``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)
