"""Full board games per CPU-second in one process: 4 random seats, and 4 greedy seats."""

from __future__ import annotations

from benchmarks.games import games_per_cpu_second

TABLES = {
    "4 random": (["random", "random", "random", "random"], 60),
    "4 greedy": (["greedy", "greedy", "greedy", "greedy"], 10),
}


def main() -> None:
    print("Full board games per CPU-second, one process, no variant (best of 3 runs)")
    for label, (seats, games) in TABLES.items():
        rate = games_per_cpu_second("board", seats, games)
        print(f"  {label:<20} {rate:>9.1f} games per CPU-second  ({games} games a run)")
