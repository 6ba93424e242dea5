"""The garbage collector's share of a move, Python's thresholds against a serving process's
(:mod:`carson.server.kernel.collector`, issue 22):

    make bench BENCH=collector     [--games 200] [--moves 2000] [--rounds 3]

The whole application (every middleware, the routing, the move's path: as ``carson serve``
runs it, without a socket) on SQLite in a temporary file keeps ``--games`` games of one person
against three virtual seats in its cache, as a server with that many players does; their
players move in turn through the API (a new game when one ends). Blocks of ``--moves`` moves
alternate between Python's default thresholds and the serving ones, start-up objects frozen
in both, so both settings meet the same machine. Printed per setting: CPU per move, the
collector's time per move (``gc.callbacks``, thread CPU), its share, and the longest single
collection: a pause of every request.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.move_asgi import GENEROUS, Tables
from carson.server.kernel.collector import SERVING_THRESHOLDS

PYTHON_DEFAULT = (700, 10, 10)
#: Every player registers from the same address: its default limit would refuse them.
MANY_SIGN_UPS = {"CARSON_LIMIT_REGISTER_ADDRESS": "100000/minute"}


@dataclass
class Collections:
    """What the collector did while it was watched."""

    seconds: float = 0.0
    longest: float = 0.0
    count: int = 0
    _started: float = field(default=0.0, repr=False)

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        spent = time.thread_time() - self._started
        self.seconds += spent
        self.longest = max(self.longest, spent)
        self.count += 1


@dataclass
class Tally:
    moves: int = 0
    cpu: float = 0.0
    collections: Collections = field(default_factory=Collections)

    def line(self, label: str) -> str:
        per_move = 1000 * self.cpu / self.moves
        gc_per_move = 1000 * self.collections.seconds / self.moves
        return (
            f"  {label:<28} CPU {per_move:.3f} ms/move   collector {gc_per_move:.3f} ms/move "
            f"({100 * self.collections.seconds / self.cpu:.1f} %), "
            f"{self.collections.count} collections, longest "
            f"{1000 * self.collections.longest:.1f} ms   ({self.moves} moves)"
        )


async def block(tables: Tables, moves: int, thresholds: tuple[int, int, int], tally: Tally) -> None:
    gc.set_threshold(*thresholds)
    gc.callbacks.append(tally.collections)
    begin = time.process_time()
    try:
        for _ in range(moves):
            await tables.move()
    finally:
        tally.cpu += time.process_time() - begin
        tally.moves += moves
        gc.callbacks.remove(tally.collections)


async def measure(url: str, args: argparse.Namespace, tallies: dict[str, Tally]) -> None:
    from carson.app import create_app

    app = create_app(url)
    settings = {
        f"Python's {PYTHON_DEFAULT}": PYTHON_DEFAULT,
        f"serving {SERVING_THRESHOLDS}": SERVING_THRESHOLDS,
    }
    async with app.router.lifespan_context(app):  # freezes the start-up objects
        tables = Tables(app)
        await tables.seat(args.games)
        for _ in range(args.moves // 4):  # warm: statements compiled, caches full
            await tables.move()
        for _ in range(args.rounds):
            for label, thresholds in settings.items():
                await block(tables, args.moves, thresholds, tallies.setdefault(label, Tally()))


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks collector")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=2000, help="moves per block")
    parser.add_argument("--rounds", type=int, default=3, help="blocks per setting")
    args = parser.parse_args(list(argv))
    os.environ.update({**GENEROUS, **MANY_SIGN_UPS})
    tallies: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(measure(f"sqlite:///{Path(directory) / 'gc.db'}", args, tallies))
    print(f"The collector's share of a move: {args.games} cached games, SQLite, the whole "
          f"application without a socket; {args.rounds} blocks of {args.moves} moves per "
          f"setting, interleaved")  # fmt: skip
    for label, tally in tallies.items():
        print(tally.line(label))
