"""Full games per second in one process (issue: engine): 1 random + 3 expert, and 4 greedy."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from carson.games.card.match import play_game

TABLES = {
    "1 random + 3 expert": (["random", "expert", "expert", "expert"], 600),
    "4 greedy": (["greedy", "greedy", "greedy", "greedy"], 6),
}


def games_per_second(
    seats: list[str], games: int, repeats: int = 3, play: Callable[..., Any] = play_game
) -> float:
    """Best of ``repeats`` runs of ``games`` seeded games (the least disturbed run); ``play``
    plays one game from its seat kinds and seed (the card game's by default)."""
    best = 0.0
    for repeat in range(repeats):
        start = time.perf_counter()
        for game in range(games):
            play(seats, seed=repeat * games + game)
        best = max(best, games / (time.perf_counter() - start))
    return best


def main() -> None:
    print("Full games per second, one process (best of 3 runs)")
    for label, (seats, games) in TABLES.items():
        print(
            f"  {label:<20} {games_per_second(seats, games):>9.1f} games/s  ({games} games a run)"
        )
