"""A worker: claims due jobs and runs them, one at a time in each lane, until stopped.

``carson worker`` runs one as its process's main loop; ``carson serve`` runs one in a
thread (its machines think in a child process, see :mod:`carson.server.play.thinking`). Any
number of workers, on any host that reaches the database, share the queue. A worker sleeps
until woken — by ``NOTIFY carson_jobs`` on PostgreSQL, by its own process queuing a job —
or for ``poll`` seconds at most (scheduled jobs fall due without a notice). On PostgreSQL,
where a job queued by any process wakes every worker, an idle worker sleeps until the next
job falls due instead (:data:`POLL_POSTGRES` at most): looking every second cost an idle
server process more CPU than all else it does when idle (issue 22). While a job runs, a
timer renews its lease; a worker killed mid-job lets the lease run out, and another worker
takes the job.

The worker knows no feature: the composition root (:mod:`carson.server.workers`) registers
every feature's job kinds and hands the worker the context their handlers run in.

Given lanes (:mod:`carson.server.jobs.kinds`), a running worker has one loop per lane, each
claiming only its lane's kinds and running them in its lane's context: a push service that
never answers holds up the delivery lane, not the machines' moves.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
import threading
import traceback
from collections.abc import Callable, Collection, Mapping
from typing import Generic, TypeVar

from sqlalchemy.exc import OperationalError

from carson.server.jobs.kinds import LANES, job_kind, kinds_in_lane, lane_of
from carson.server.jobs.listening import JobsListener
from carson.server.jobs.queue import ClaimedJob, JobQueue
from carson.server.kernel import metrics

log = logging.getLogger(__name__)

ContextT = TypeVar("ContextT")

#: Seconds a claim lasts unless renewed (renewed every third of it while the job runs).
LEASE = 30.0
#: Longest sleep between two looks at the queue on SQLite (another process's job wakes
#: nobody there).
POLL = 1.0
#: Longest sleep between two looks on PostgreSQL, where a worker sleeps until the next job
#: falls due or a notice wakes it: a notice missed while the listening connection was down.
POLL_POSTGRES = 30.0


class Worker(Generic[ContextT]):
    def __init__(
        self,
        queue: JobQueue,
        context: ContextT,
        *,
        conninfo: str | None = None,
        close: Callable[[], None] = lambda: None,
        lease: float = LEASE,
        poll: float | None = None,
        lanes: Mapping[str, ContextT] | None = None,
    ) -> None:
        """``context``: what the jobs' handlers receive; ``conninfo``: libpq's address of the
        database, to listen for job notices on PostgreSQL; ``close``: called on :meth:`stop`
        (a decision thought out in a child process is cut short); ``poll``: the longest sleep
        between two looks at the queue (default: as the database needs, :data:`POLL` or
        :data:`POLL_POSTGRES`); ``lanes``: a context per lane, each lane its own loop (none:
        one loop for every kind, in ``context``)."""
        self.queue = queue
        self.context = context
        self.lanes = dict(lanes or {})
        self.conninfo = conninfo
        self.close = close
        self.lease = lease
        self.poll = poll if poll is not None else POLL_POSTGRES if queue.postgres else POLL
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._listener: JobsListener | None = None  # PostgreSQL's job notices, while running

    # ------------------------------------------------------------------ one job

    def run_once(self, kinds: Collection[str] | None = None) -> bool:
        """Claim and run one due job (of ``kinds``, if given); ``False`` if none was due."""
        job = self.queue.claim(self.lease, kinds)
        if job is None:
            return False
        renewing = threading.Event()
        renewer = threading.Thread(
            target=self._renew, args=(job, renewing), name="carson-lease", daemon=True
        )
        renewer.start()
        try:
            kind = job_kind(job.kind)
            kind.handle(self.lanes.get(kind.lane, self.context), job)
            # Done (a kind may have ended it already, in the transaction of its own writes).
            self.queue.complete(job)
        except Exception as error:  # any failure of a job is the job's, not the worker's
            self._failed(job, error)
        finally:
            renewing.set()
            renewer.join()
        return True

    def _renew(self, job: ClaimedJob, done: threading.Event) -> None:
        while not done.wait(self.lease / 3):
            try:
                if not self.queue.renew(job, self.lease):
                    log.warning("job %d (%s): lease lost to another worker", job.id, job.kind)
                    return
            except OperationalError as error:  # the database is away: try again shortly
                log.warning("job %d: cannot renew its lease: %s", job.id, error)

    def _failed(self, job: ClaimedJob, error: Exception) -> None:
        reason = "".join(traceback.format_exception_only(error)).strip()
        state = self.queue.fail(job, reason)
        metrics.job_failed(lane_of(job.kind), job.kind, for_good=state == "failed")
        if state == "failed":
            log.error(
                "job %d (%s) failed for good after %d tries: %s", job.id, job.kind, job.attempts,
                reason, exc_info=error,
            )  # fmt: skip
        else:
            log.warning(
                "job %d (%s) failed (try %d), will retry: %s", job.id, job.kind, job.attempts,
                reason, exc_info=error,
            )  # fmt: skip

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Run jobs until :meth:`stop`: a loop per lane, the first in this thread."""
        log.info("worker %s started", self.name)
        if self.queue.postgres and self.conninfo is not None:
            self._listener = JobsListener(self.conninfo, self.queue.wake)
            self._start(self._listener.run, "carson-jobs-listen")
        lanes = tuple(lane for lane in LANES if lane in self.lanes)
        if not lanes:
            self._loop(None, self.queue.wake)
        else:
            loops = [(kinds_in_lane(lane, lanes), self.queue.wake.child()) for lane in lanes]
            for lane, (kinds, wake) in zip(lanes[1:], loops[1:], strict=True):
                self._start(functools.partial(self._loop, kinds, wake), f"carson-worker-{lane}")
            self._loop(*loops[0])
        log.info("worker %s stopped", self.name)

    def _loop(self, kinds: Collection[str] | None, wake: threading.Event) -> None:
        while not self._stop.is_set():
            wake.clear()  # before looking: a job queued from now on wakes it
            try:
                worked = self.run_once(kinds)
            except OperationalError as error:  # the database is away or busy
                log.warning("worker %s: %s", self.name, error)
                worked = False
            except Exception:  # the worker goes on whatever happened to one claim
                log.exception("worker %s: unexpected error", self.name)
                worked = False
            if not worked:
                wake.wait(self._idle_seconds())

    def _idle_seconds(self) -> float:
        """How long to sleep with nothing due: until the next job falls due on PostgreSQL
        (a queued job wakes the worker sooner), at most :attr:`poll`."""
        if not self.queue.postgres:
            return self.poll
        try:
            due = self.queue.next_due()
        except OperationalError:  # the database is away: look again shortly
            return min(self.poll, POLL)
        if due is None:
            return self.poll
        return min(self.poll, max(0.0, (due - self.queue.clock()).total_seconds() + 0.01))

    def start(self) -> None:
        """Run in a thread of this process (``carson serve``'s worker)."""
        self._start(self.run, "carson-worker")

    def stop(self, timeout: float = 5.0) -> None:
        """Stop after the job at hand; a decision thought out in a child process is cut
        short (its job is tried again, by this or another worker)."""
        self._stop.set()
        self.queue.wake.set()
        if self._listener is not None:
            self._listener.stop()
        self.close()
        for thread in self._threads:
            thread.join(timeout)

    def _start(self, target: object, name: str) -> None:
        assert callable(target)
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)
