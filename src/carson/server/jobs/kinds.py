"""The kinds of jobs workers run, each with its typed payload and its handler.

A kind reads its payload from the JSON stored with the job (``ValueError`` if malformed)
and runs it; the worker ends the job when its handler returns (a handler may end it
sooner, in the transaction of its own writes, with :meth:`JobQueue.finish`) and tries it
again later if it raises.

The queue knows no feature: each feature registers its kinds when its module is imported,
and a kind's handler receives the context the composition root gives the worker
(:mod:`carson.server.workers`: the games' store, the queue, the machines' thinker).

Each kind runs in a lane (:data:`PLAY`, :data:`DELIVERY`, :data:`ANALYSIS`): a worker runs
one loop per lane, so a machine's move or a clock's timeout never waits behind a mail server
or a push service that does not answer, nor behind an analysis of a whole game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from carson.core.game import JSON
from carson.server.jobs.queue import ClaimedJob, JobQueue
from carson.server.kernel.metrics import LaneCount

ContextT = TypeVar("ContextT")
PayloadT = TypeVar("PayloadT")

#: What keeps games going: machines' moves, timeouts, tables' expiry, pairing.
PLAY = "play"
#: What leaves the server: mail, web push.
DELIVERY = "delivery"
#: What thinks long: hints, post-game analyses.
ANALYSIS = "analysis"
LANES = (PLAY, DELIVERY, ANALYSIS)


@dataclass(frozen=True)
class JobKind(Generic[ContextT, PayloadT]):
    """A kind of job: its name, how its payload is read, and its handler."""

    name: str
    read: Callable[[JSON], PayloadT]
    run: Callable[[ContextT, ClaimedJob, PayloadT], None]
    lane: str = PLAY

    def handle(self, context: ContextT, job: ClaimedJob) -> None:
        self.run(context, job, self.read(job.payload))


# The registry holds kinds of every context: the worker's context is the composition root's.
_KINDS: dict[str, JobKind[Any, Any]] = {}


def register(kind: JobKind[ContextT, PayloadT]) -> JobKind[ContextT, PayloadT]:
    if kind.name in _KINDS and _KINDS[kind.name] is not kind:
        raise ValueError(f"job kind {kind.name!r} is registered twice")
    _KINDS[kind.name] = kind
    return kind


def job_kind(name: str) -> JobKind[Any, Any]:
    try:
        return _KINDS[name]
    except KeyError:
        raise ValueError(f"unknown job kind {name!r}") from None


def kinds_in_lane(lane: str, lanes: tuple[str, ...] = LANES) -> frozenset[str]:
    """The kinds a lane's loop claims; the first of ``lanes`` also claims every kind whose
    lane is not among them (none is left unclaimed)."""
    return frozenset(
        name
        for name, kind in _KINDS.items()
        if kind.lane == lane or (lane == lanes[0] and kind.lane not in lanes)
    )


def lane_of(name: str) -> str:
    """The lane of the kind ``name`` (an unknown kind's: the first, which claims strays)."""
    kind = _KINDS.get(name)
    return kind.lane if kind is not None and kind.lane in LANES else LANES[0]


def lane_counts(queue: JobQueue) -> list[LaneCount]:
    """The queue's jobs now by lane, every lane told (for the metrics)."""
    now = queue.clock()
    due = dict.fromkeys(LANES, 0)
    scheduled, failed = dict(due), dict(due)
    since: dict[str, datetime] = {}
    for count in queue.counts():
        lane = lane_of(count.kind)
        due[lane] += count.due
        scheduled[lane] += count.scheduled
        failed[lane] += count.failed
        if count.due_since is not None:
            since[lane] = min(since.get(lane, count.due_since), count.due_since)
    return [
        LaneCount(
            lane,
            due[lane],
            max(0.0, (now - since[lane]).total_seconds()) if lane in since else 0.0,
            scheduled[lane],
            failed[lane],
        )
        for lane in LANES
    ]
