"""The kinds of jobs workers run, each with its typed payload and its handler.

A kind reads its payload from the JSON stored with the job (``ValueError`` if malformed)
and runs it; the worker ends the job when its handler returns (a handler may end it
sooner, in the transaction of its own writes, with :meth:`JobQueue.finish`) and tries it
again later if it raises.

The queue knows no feature: each feature registers its kinds when its module is imported,
and a kind's handler receives the context the composition root gives the worker
(:mod:`carson.server.workers`: the games' store, the queue, the machines' thinker).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from carson.core.game import JSON
from carson.server.jobs.queue import ClaimedJob

ContextT = TypeVar("ContextT")
PayloadT = TypeVar("PayloadT")


@dataclass(frozen=True)
class JobKind(Generic[ContextT, PayloadT]):
    """A kind of job: its name, how its payload is read, and its handler."""

    name: str
    read: Callable[[JSON], PayloadT]
    run: Callable[[ContextT, ClaimedJob, PayloadT], None]

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
