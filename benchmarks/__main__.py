"""``python -m benchmarks [NAME ...] [OPTIONS]``: run the named benchmarks (default: all).

Options after the names go to the benchmarks that take them (``strength --games 20``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from benchmarks import (
    analysis,
    board_games,
    board_strength,
    chat,
    cluster,
    games,
    jobs,
    move_path,
    notices,
    placements,
    score_chart,
    search,
    server,
    server_limits,
    strength,
    watching,
)

BENCHMARKS: dict[str, Callable[[Sequence[str]], None]] = {
    "placements": lambda _: placements.main(),
    "games": lambda _: games.main(),
    "board-games": lambda _: board_games.main(),
    "board-strength": board_strength.main,
    "search": search.main,
    "server": server.main,
    "move-path": move_path.main,
    "limits": server_limits.main,
    "cluster": cluster.main,
    "strength": strength.main,
    "jobs": lambda _: jobs.main(),
    "notices": lambda _: notices.main(),
    "watch": watching.main,
    "chat": chat.main,
    "analysis": lambda _: analysis.main(),
    "score-chart": lambda _: score_chart.main(),
}


def main(argv: list[str]) -> int:
    split = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    names, options = argv[:split] or list(BENCHMARKS), argv[split:]
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
        return 2
    for name in names:
        BENCHMARKS[name](options)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
