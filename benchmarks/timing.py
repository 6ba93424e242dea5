"""Timing helpers: best-of-N rates, so that a noisy shared machine disturbs the figures least."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_rate(run_once: Callable[[], int], *, seconds: float = 1.0, repeats: int = 5) -> float:
    """Operations per second of ``run_once`` (which returns how many it did), best of ``repeats``.

    Each repeat runs for about ``seconds``; the fastest repeat is the one least disturbed by
    other work on the machine, as ``timeit`` recommends.
    """
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds:
            done += run_once()
            elapsed = time.perf_counter() - start
        best = max(best, done / elapsed)
    return best
