"""``python -m benchmarks [NAME ...] [OPTIONS]``: run the named benchmarks (default: all).

Options after the names go to the benchmarks that take them (``strength --games 20``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from benchmarks import (
    analysis,
    board_games,
    board_page,
    card_master,
    chat,
    cluster,
    collector,
    fanout,
    games,
    jobs,
    move_notices,
    move_path,
    notices,
    placements,
    score_chart,
    search,
    server,
    server_limits,
    server_pair,
    server_target,
    strength,
    two_person,
    watching,
)

BENCHMARKS: dict[str, Callable[[Sequence[str]], None]] = {
    "placements": lambda _: placements.main(),
    "games": lambda _: games.main(),
    "board-games": lambda _: board_games.main(),
    "board-strength": strength.board_main,
    "card-master": card_master.main,
    "board-page": board_page.main,
    "search": search.main,
    "server": server.main,
    "server-pair": server_pair.main,
    "server-target": server_target.main,
    "two-person": two_person.main,
    "move-path": move_path.main,
    "move-notices": move_notices.main,
    "collector": collector.main,
    "fanout": fanout.main,
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


#: Benchmarks whose options start with a subcommand word.
SUBCOMMANDS = ("strength", "board-strength", "card-master")


def main(argv: list[str]) -> int:
    split = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    # ``strength play ...``: the words after a benchmark with subcommands are its own.
    named = next((i for i, arg in enumerate(argv[:split]) if arg in SUBCOMMANDS), None)
    if named is not None:
        split = named + 1
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
