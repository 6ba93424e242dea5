"""What the handler of a job kind may use (:mod:`carson.server.jobs.kinds`): the games' store,
the queue, where machines think and how long. The composition root builds it for the worker
(:mod:`carson.server.workers`); the queue itself knows no feature.
"""

from __future__ import annotations

from dataclasses import dataclass

from carson.server.jobs.queue import JobQueue
from carson.server.play.store import GameStore
from carson.server.play.thinking import Thinker


@dataclass(frozen=True)
class WorkerContext:
    """The games, the queue, where machines think and how long (``None``: as each level
    defines it)."""

    store: GameStore
    queue: JobQueue
    think: Thinker
    budget_ms: int | None

    def close(self) -> None:
        """Stop thinking: a decision thought out in a child process is cut short."""
        self.think.close()
