"""What a game's result says of seats whose players left (resigned, or lost on time): a
machine played them to the end, and they never count as a win (carson.server.ratings.standings),
whatever they scored. Shared by the games' presenters."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def only_left_seats_best(seats: Sequence[Mapping[str, Any]], best: Iterable[int]) -> bool:
    """Whether every best score (``best``: the engine's winners) is a left seat's: the game
    then has no winner, only a highest score. ``seats`` are the page's seats."""
    best = list(best)
    return bool(best) and all(seats[seat].get("left") for seat in best)
