"""Timing helpers: best-of-N rates per CPU-second, so that a noisy shared machine disturbs the
figures least (its other work slows the wall clock, hardly the process's own CPU time)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_rate(run_once: Callable[[], int], *, seconds: float = 1.0, repeats: int = 5) -> float:
    """Operations per CPU-second of ``run_once`` (which returns how many it did), best of
    ``repeats``.

    Each repeat runs for about ``seconds`` of CPU time; the fastest repeat is the one least
    disturbed by other work on the machine, as ``timeit`` recommends.
    """
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.process_time()
        elapsed = 0.0
        while elapsed < seconds:
            done += run_once()
            elapsed = time.process_time() - start
        best = max(best, done / elapsed)
    return best
