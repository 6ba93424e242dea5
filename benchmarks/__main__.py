"""``python -m benchmarks [NAME ...]``: run the named benchmarks (default: all)."""

from __future__ import annotations

import sys

from benchmarks import games, placements

BENCHMARKS = {"placements": placements.main, "games": games.main}


def main(argv: list[str]) -> int:
    names = argv or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
        return 2
    for name in names:
        BENCHMARKS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
