"""Full board games per second in one process: 4 random seats, and 4 greedy seats."""

from __future__ import annotations

import time

from carson.boardgame.match import play_game

TABLES = {
    "4 random": (["random", "random", "random", "random"], 60),
    "4 greedy": (["greedy", "greedy", "greedy", "greedy"], 10),
}


def games_per_second(seats: list[str], games: int, repeats: int = 3) -> float:
    """Best of ``repeats`` runs of ``games`` seeded games (the least disturbed run)."""
    best = 0.0
    for repeat in range(repeats):
        start = time.perf_counter()
        for game in range(games):
            play_game(seats, seed=repeat * games + game)
        best = max(best, games / (time.perf_counter() - start))
    return best


def main() -> None:
    print("Full board games per second, one process, no variant (best of 3 runs)")
    for label, (seats, games) in TABLES.items():
        print(
            f"  {label:<20} {games_per_second(seats, games):>9.1f} games/s  ({games} games a run)"
        )
