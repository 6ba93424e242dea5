"""The server's Prometheus metrics, all of them here; features record through the small
functions below, and ``/metrics`` (:mod:`carson.server.kernel.metrics_api`) shows them.

Several processes on one host (web processes, ``carson worker``) share their numbers
through ``PROMETHEUS_MULTIPROC_DIR``, prometheus-client's own multiprocess mode: each
process writes its values to memory-mapped files there, and whichever web process is
scraped adds up every process's files. The variable must name a directory, emptied when
the host's carson processes all start (systemd's ``RuntimeDirectory=``, docs/deploy.md),
and be set before this module is imported: the library picks its mode on import. Unset,
each process counts alone (one ``carson serve`` with its worker thread needs nothing more).

Counters of a process that ended stay in the sums (a restart does not make moves unplayed);
its live streams leave them: a gauge's file of a process no longer running is dropped when
the metrics are read (:func:`forget_dead_processes`), even after a SIGKILL.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.registry import Collector
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import QueuePool

from carson.server.kernel import settings

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"

#: Seconds, from a move written on the event loop (a millisecond) to a slow page.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "carson_http_requests",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "carson_http_request_duration_seconds",
    "Seconds from a request's arrival to its response's headers, by method and route "
    "template (a live stream counts until it starts streaming)",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
MOVES = Counter("carson_moves", "Moves written, by game", ["game"])
STREAMS = Gauge(
    "carson_live_streams",
    "Live streams open (server-sent events), by kind: a game's or its chat's",
    ["kind"],
    multiprocess_mode="livesum",
)
DB_POOL = Gauge(
    "carson_db_pool_connections",
    "The server processes' database connection pools: in_use (checked out now) and "
    "capacity (the pools' size plus their overflow)",
    ["state"],
    multiprocess_mode="livesum",
)
JOB_FAILURES = Counter(
    "carson_job_failures",
    "Jobs that raised, by lane and kind; outcome: retry (tried again later) or failed "
    "(left for an operator, `carson jobs`)",
    ["lane", "kind", "outcome"],
)
MAILS = Counter(
    "carson_mails",
    "Mails handed to the SMTP server (sent), refused or unanswered (failed: tried again), "
    "or skipped (no SMTP server configured)",
    ["outcome"],
)
PUSHES = Counter(
    "carson_pushes",
    "Web push messages the push service took (sent), failed (tried again), or whose "
    "subscription is gone (gone: deleted)",
    ["outcome"],
)


def watch_pool(engine: Engine, max_overflow: int) -> None:
    """Count ``engine``'s pool in :data:`DB_POOL`: its capacity now (its size and
    ``max_overflow``, as the engine was built with: the pool keeps that number private),
    its connections as they are checked out and in (a process that ends leaves the sums:
    ``livesum``)."""
    pool = engine.pool
    if isinstance(pool, QueuePool):
        DB_POOL.labels("capacity").inc(pool.size() + max(0, max_overflow))
    in_use = DB_POOL.labels("in_use")
    event.listen(engine, "checkout", lambda *_: in_use.inc())
    event.listen(engine, "checkin", lambda *_: in_use.dec())


def moves_played(game: str, count: int = 1) -> None:
    MOVES.labels(game).inc(count)


def stream_opened(kind: str) -> None:
    STREAMS.labels(kind).inc()


def stream_closed(kind: str) -> None:
    STREAMS.labels(kind).dec()


def job_failed(lane: str, kind: str, for_good: bool) -> None:
    JOB_FAILURES.labels(lane, kind, "failed" if for_good else "retry").inc()


def mail_outcome(outcome: str) -> None:
    MAILS.labels(outcome).inc()


def push_outcome(outcome: str) -> None:
    PUSHES.labels(outcome).inc()


#: Each (method, route, status)'s counter and histogram, found once: ``labels()`` cost
#: more than the counting itself on every request.
_SEEN: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}


def request_seen(method: str, route: str, status: int, seconds: float) -> None:
    key = (method, route, status)
    children = _SEEN.get(key)
    if children is None:
        children = _SEEN[key] = (
            REQUESTS.labels(method, route, str(status)),
            LATENCY.labels(method, route),
        )
    children[0].inc()
    children[1].observe(seconds)


# ---------------------------------------------------------------------- the queue's numbers


@dataclass(frozen=True)
class LaneCount:
    """One lane of the job queue now: due jobs waiting or running, the age in seconds of
    the longest waiting of them, jobs scheduled for later, and failed jobs kept."""

    lane: str
    due: int
    oldest_seconds: float
    scheduled: int
    failed: int


class QueueCollector(Collector):
    """The job queue's depth and age per lane, asked of the database at each scrape: the
    queue is shared by every process, so any one of them tells it whole."""

    def __init__(self, count: Callable[[], Iterable[LaneCount]]) -> None:
        self.count = count

    def collect(self) -> Iterator[Metric]:
        families = {
            "due": GaugeMetricFamily(
                "carson_job_queue_depth",
                "Jobs due now, waiting or running, by lane",
                labels=["lane"],
            ),
            "oldest_seconds": GaugeMetricFamily(
                "carson_job_queue_oldest_seconds",
                "Seconds the longest-waiting due job has been due, by lane (0: none)",
                labels=["lane"],
            ),
            "scheduled": GaugeMetricFamily(
                "carson_job_queue_scheduled",
                "Jobs scheduled for later (timeouts, expiries), by lane",
                labels=["lane"],
            ),
            "failed": GaugeMetricFamily(
                "carson_job_queue_failed",
                "Jobs failed for good and kept for an operator (`carson jobs`), by lane",
                labels=["lane"],
            ),
        }
        for lane in self.count():
            for field, family in families.items():
                family.add_metric([lane.lane], float(getattr(lane, field)))
        yield from families.values()


# ---------------------------------------------------------------------- reading them


def multiprocess_directory() -> str | None:
    return settings.load(only={MULTIPROCESS_ENV}).multiprocess_dir


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    return True


def forget_dead_processes(directory: str) -> None:
    """Drop the live gauges (open streams) of processes no longer running: one killed
    never said it ended."""
    for path in glob.glob(os.path.join(directory, "gauge_live*_*.db")):
        pid = os.path.basename(path)[: -len(".db")].rsplit("_", 1)[1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            mark_process_dead(int(pid), directory)  # type: ignore[no-untyped-call]


def process_ended() -> None:
    """This process stops: its live gauges leave the sums (counters stay)."""
    directory = multiprocess_directory()
    if directory is not None:
        mark_process_dead(os.getpid(), directory)  # type: ignore[no-untyped-call]


def registry(extra: Iterable[Collector] = ()) -> CollectorRegistry:
    """What a scrape shows: every process's metrics on this host (or this process's alone,
    with its runtime's), and the ``extra`` collectors'."""
    directory = multiprocess_directory()
    shown = CollectorRegistry()
    if directory is not None:
        forget_dead_processes(directory)
        MultiProcessCollector(shown, directory)  # type: ignore[no-untyped-call]
    else:
        shown.register(_Everything())
    for collector in extra:
        shown.register(collector)
    return shown


class _Everything(Collector):
    """The process's default registry (our metrics, its process and runtime figures)."""

    def collect(self) -> Iterator[Metric]:
        return iter(REGISTRY.collect())
