"""The AI seat kinds ``ai-easy``, ``ai-medium`` and ``ai-hard`` (ISMCTS at three budgets), and
``ai-master`` (``ai-hard``'s budget with the learned estimate of :mod:`.learned`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from carson.ai.ismcts import SearchResult
from carson.games.card.ai.search import SearchLimits, search
from carson.games.card.engine.actions import CardAction
from carson.games.card.engine.observation import SeatObservation

#: Iterations per decision, and the time cap (seconds) that keeps ``ai-hard`` within 1 s.
#: Each level searches about four times its predecessor; ``ai-hard``'s budget keeps its
#: decisions well under 1 CPU-second at the 99th percentile (docs/strength.md measures it).
AI_LEVELS: dict[str, SearchLimits] = {
    "ai-easy": SearchLimits(iterations=24, seconds=1.0, top_places=3),
    "ai-medium": SearchLimits(iterations=100, seconds=1.0, top_places=4),
    "ai-hard": SearchLimits(iterations=400, seconds=0.95, top_places=5),
    # ai-hard's search with the self-play model as its estimate where playouts stop (issue 47).
    "ai-master": SearchLimits(iterations=400, seconds=0.95, top_places=5, value="learned"),
}


#: An iteration count no search reaches within any sensible time budget.
UNLIMITED = 10**9


class SearchPlayer:
    """A :class:`carson.core.players.Player` that searches every decision with ISMCTS.

    Reproducible from its seed when the iteration budget, not the clock, ends each search
    (``budget_ms=0``: iterations only).
    """

    def __init__(
        self,
        level: str,
        seed: int = 0,
        budget_ms: int | None = None,
        iterations: int | None = None,
    ) -> None:
        """``budget_ms``: search each decision for that long instead of the level's iteration
        count (0: no clock at all, iterations only); ``iterations``: another iteration count."""
        if level not in AI_LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(AI_LEVELS)}")
        limits = AI_LEVELS[level]
        if iterations is not None:
            if iterations < 0:
                raise ValueError("the iteration count cannot be negative")
            limits = replace(limits, iterations=iterations)
        if budget_ms is not None:
            if budget_ms < 0:
                raise ValueError("the time budget cannot be negative")
            if budget_ms == 0:
                limits = replace(limits, seconds=None)
            else:  # the clock decides: iterations no longer cap the search
                limits = replace(limits, iterations=UNLIMITED, seconds=budget_ms / 1000)
        self.name = level
        self.limits = limits
        self._rng = random.Random(seed)
        #: The last search, for tools that show what the AI thought.
        self.last: SearchResult[CardAction] | None = None

    def choose(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        if len(legal) == 1:
            return legal[0]
        result = search(observation, self.limits, self._rng)
        self.last = result
        return result.action if result.action in legal else legal[0]
