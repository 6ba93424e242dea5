"""Full games per CPU-second in one process (issue 21): 1 random + 3 expert, and 4 greedy.

The games are played by :func:`carson.cli.simulate.run_games`, the very code of
``carson simulate``, so that both report the same rate for the same table. CPU-seconds
(``time.process_time``) rather than wall-clock seconds: a shared machine's other work slows
the wall clock, not the process's own CPU time.
"""

from __future__ import annotations

from carson.cli.simulate import run_games

TABLES = {
    "1 random + 3 expert": (["random", "expert", "expert", "expert"], 600),
    "4 greedy": (["greedy", "greedy", "greedy", "greedy"], 6),
}


def games_per_cpu_second(game: str, seats: list[str], games: int, repeats: int = 3) -> float:
    """Best of ``repeats`` runs of ``games`` seeded games of ``game`` (the least disturbed)."""
    best = 0.0
    for repeat in range(repeats):
        share = run_games(game, seats, repeat, range(games), None)
        best = max(best, games / share.cpu_seconds)
    return best


def main() -> None:
    print("Full card games per CPU-second, one process (best of 3 runs; as carson simulate)")
    for label, (seats, games) in TABLES.items():
        rate = games_per_cpu_second("card", seats, games)
        print(f"  {label:<20} {rate:>9.1f} games per CPU-second  ({games} games a run)")
