"""The kinds of jobs workers run, each with its typed payload and its handler.

A kind reads its payload from the JSON stored with the job (``ValueError`` if malformed)
and runs it; the worker ends the job when its handler returns (a handler may end it
sooner, in the transaction of its own writes, with :meth:`JobQueue.finish`) and tries it
again later if it raises. Machine seats' moves come first (:mod:`carson.server.play.machines`);
clocks'
timeouts and mail will be kinds of their own, queued with a ``run_at``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from carson.server.jobs.queue import ClaimedJob, JobQueue
from carson.server.play.store import GameStore
from carson.server.play.thinking import Thinker

PayloadT = TypeVar("PayloadT")


@dataclass(frozen=True)
class WorkerContext:
    """What a job's handler may use: the games, the queue, where machines think and how
    long (``None``: as each level defines it)."""

    store: GameStore
    queue: JobQueue
    think: Thinker
    budget_ms: int | None


@dataclass(frozen=True)
class JobKind(Generic[PayloadT]):
    name: str
    read: Callable[[dict[str, Any]], PayloadT]
    run: Callable[[WorkerContext, ClaimedJob, PayloadT], None]

    def handle(self, context: WorkerContext, job: ClaimedJob) -> None:
        self.run(context, job, self.read(job.payload))


_KINDS: dict[str, JobKind[Any]] = {}


def register(kind: JobKind[Any]) -> JobKind[Any]:
    if kind.name in _KINDS and _KINDS[kind.name] is not kind:
        raise ValueError(f"job kind {kind.name!r} is registered twice")
    _KINDS[kind.name] = kind
    return kind


def job_kind(name: str) -> JobKind[Any]:
    try:
        return _KINDS[name]
    except KeyError:
        raise ValueError(f"unknown job kind {name!r}") from None
