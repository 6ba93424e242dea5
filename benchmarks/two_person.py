"""Issue 43's "done when" figures for games between people: two-person card games through
the HTTP API, with and without live streams, beside the least the stack can do.

    python -m benchmarks two-person [--games 200] [--seconds 20] [--warmup 10] [--think 1]
                                    [--only sqlite|postgres]

Per layout — ``carson serve`` as one process on SQLite, then as two processes on one
throwaway PostgreSQL database with each game's requests to one process (``by game``, as
deploy/nginx.conf routes them and the ``server`` benchmark's last run does) — it starts, in
the same run, the limit app (:mod:`benchmarks.limit_app`: a token lookup and one insert per
move, FastAPI + uvicorn on the same kind of database, as many processes, routed the same
way). ``--games`` two-person card games (:mod:`benchmarks.pairs`) and as many games on the
limit app are driven together, a move a second per game: first with no stream open; then
carson's seats only look at their views (``GET``, at the same pace, after a few seconds with
no request that give carson's idle CPU); then with one live stream open per seat. Both servers
meet the same noise, so the ratio of their CPU per move is the figure to read; the players
run in this process, beside them.

Reported per phase: moves accepted per second, a move's p50/p99 latency, the server
processes' CPU per accepted move (from /proc, over the measured window; the databases' own
processes not counted, for either app), the views a seat looked up with ``GET`` (streams off:
a seat acting on the other's move must look), and with streams the p99 from a move's
``POST`` leaving until the other seat's stream says ``event: move`` with its seq. Then the
issue's targets beside the figures. A client without streams must look before it moves on
the other seat's move (about one look every two moves), and that look is part of carson's
CPU per move without streams; beside the ratio to the limit app, an estimate with the looks
taken out (at what a look cost alone, idle CPU apart) says what the move itself costs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import aiohttp
import uvloop

from benchmarks.limit_app import limit_server
from benchmarks.load import cpu_seconds
from benchmarks.machine import reference_line
from benchmarks.pairs import CarsonTable, Http, LimitTable, PairRun, Table
from benchmarks.server import server
from benchmarks.watching import LIMITS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import new_database, throwaway_cluster

#: Issue 43's targets: a move's p99 (ms), the other seat told (p99, ms), CPU with streams
#: over without, and carson's CPU per move over the limit app's (no streams) per layout.
MOVE_P99_MS = 50.0
TOLD_P99_MS = 100.0
STREAMS_RATIO = 1.5
LIMIT_RATIO = {"sqlite": 4.3, "postgres": 3.6}


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks two-person")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds not counted")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between moves")
    parser.add_argument("--only", choices=["sqlite", "postgres", "postgresql"])
    args = parser.parse_args(list(argv))
    args.only = "postgres" if args.only == "postgresql" else args.only
    return args


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def per_move(run: PairRun) -> float:
    """Server CPU milliseconds per accepted move."""
    return 1000 * run.cpu.get("server", 0.0) / max(len(run.latencies), 1)


def per_look(run: PairRun) -> float:
    """Server CPU milliseconds per view looked up, in a phase of looks alone, the server's
    idle CPU over the window (measured before, with no request) taken out."""
    idle = run.cpu.get("idle", 0.0) * run.seconds
    return 1000 * (run.cpu.get("server", 0.0) - idle) / max(run.looks, 1)


def moves_alone(runs: dict[str, dict[str, PairRun]]) -> float:
    """An estimate of carson's CPU per move without streams, its seats' looks taken out (at
    what a look cost alone): what the move itself costs, as the limit app's does."""
    quiet = runs["no streams"]["carson"]
    looks = quiet.looks * per_look(runs["looks alone"]["carson"])
    return (1000 * quiet.cpu.get("server", 0.0) - looks) / max(len(quiet.latencies), 1)


async def phase(
    sets: dict[str, list[Table]],
    args: argparse.Namespace,
    processes: dict[str, Callable[[], list[int]]],
) -> dict[str, PairRun]:
    """Every table of every set played together; moves started in the ``seconds`` after
    ``warmup`` count, and each group of ``processes``' CPU over that window."""
    runs = {name: PairRun(args.seconds) for name in sets}
    for name, tables in sets.items():
        for table in tables:
            table.run = runs[name]
    begin = time.monotonic() + args.warmup
    window = (begin, begin + args.seconds)
    cpu: dict[str, float] = {}

    async def measure() -> None:
        await asyncio.sleep(begin - time.monotonic())
        before = {name: cpu_seconds(pids()) for name, pids in processes.items()}
        await asyncio.sleep(window[1] - time.monotonic())
        cpu.update({name: cpu_seconds(pids()) - before[name] for name, pids in processes.items()})

    everyone = [table for tables in sets.values() for table in tables]
    await asyncio.gather(
        measure(),
        *(table.play(random.Random(n), args.think, window) for n, table in enumerate(everyone)),
    )
    await asyncio.sleep(0.5)  # the window's last moves reach the other seats' streams
    for name, run in runs.items():
        run.cpu = {"server": cpu[name], "client": cpu["client"]}
        run.untold = sum(t.untold() for t in sets[name] if isinstance(t, CarsonTable))
    return runs


async def idle_cpu(pids: Callable[[], list[int]], seconds: float = 4.0) -> float:
    """The server's CPU seconds per second with no request (its timers, its listeners)."""
    await asyncio.sleep(1.0)  # the last phase's stragglers
    before = cpu_seconds(pids())
    await asyncio.sleep(seconds)
    return (cpu_seconds(pids()) - before) / seconds


async def drive(
    carson_bases: list[str], limit_bases: list[str], pids: dict[str, list[int]],
    args: argparse.Namespace,
) -> dict[str, dict[str, PairRun]]:  # fmt: skip
    """Both phases on the same games: no streams, then a live stream open per seat."""
    processes: dict[str, Callable[[], list[int]]] = {
        "carson": lambda: pids["carson"],
        "limit": lambda: pids["limit"],
        "client": lambda: [os.getpid()],
    }
    connector = aiohttp.TCPConnector(limit=0)  # the streams stay open: no pool limit
    async with aiohttp.ClientSession(connector=connector) as client:
        http = Http(client)
        carson = [CarsonTable(http, carson_bases) for _ in range(args.games)]
        limit = [LimitTable(http, limit_bases) for _ in range(args.games)]
        signing_up = asyncio.Semaphore(8)  # a password hash each: not all at once

        async def setup(number: int) -> None:
            async with signing_up:
                await carson[number].setup(number)

        await asyncio.gather(*(setup(n) for n in range(args.games)), *(t.setup() for t in limit))
        sets: dict[str, list[Table]] = {"carson": list(carson), "limit": list(limit)}
        quiet = await phase(sets, args, processes)
        idle = await idle_cpu(processes["carson"])
        for table in carson:
            table.only_looking = True
        looks = await phase(sets, args, processes)
        looks["carson"].cpu["idle"] = idle
        for table in carson:
            table.only_looking = False
            table.open_streams()
        try:
            streamed = await phase(sets, args, processes)
        finally:
            await asyncio.gather(*(table.close_streams() for table in carson))
    return {"no streams": quiet, "looks alone": looks, "streams": streamed}


def report(label: str, kind: str, runs: dict[str, dict[str, PairRun]]) -> None:
    print(label)
    for mode, pair in runs.items():
        for name, run in pair.items():
            if name == "carson" and mode == "looks alone":
                print(f"  carson, GET views alone  {run.looks / run.seconds:6.1f} views/s   "
                      f"server CPU {per_look(run):5.2f} ms/view (idle CPU out: "
                      f"{1000 * run.cpu['idle']:.1f} ms a second)")  # fmt: skip
                continue
            moves = len(run.latencies)
            line = (f"  {name + ', ' + mode:<20} {moves / run.seconds:6.1f} moves/s   p50 "
                    f"{statistics.median(run.latencies or [0]) * 1000:5.1f} ms   p99 "
                    f"{percentile(run.latencies, 0.99):6.1f} ms   server CPU "
                    f"{per_move(run):5.2f} ms/move   ({moves} moves, "
                    f"{run.refused} refused")  # fmt: skip
            if name == "carson":
                line += f", {run.looks / max(moves, 1):.2f} GET views/move"
            if name == "carson" and mode == "streams":
                line += (f"; other seat told p50 {percentile(run.told, 0.5):.1f} ms, p99 "
                         f"{percentile(run.told, 0.99):.1f} ms, {len(run.told)} told, "
                         f"{run.untold} untold")  # fmt: skip
            print(line + ")")
        client = pair["carson"].cpu["client"]
        print(f"  players' CPU ({mode}): {client:.2f} s in {pair['carson'].seconds:.0f} s")
    targets(kind, runs)


def targets(kind: str, runs: dict[str, dict[str, PairRun]]) -> None:
    """Each of issue 43's targets beside what this run measured."""
    quiet, streamed = runs["no streams"]["carson"], runs["streams"]["carson"]
    p99 = [percentile(run.latencies, 0.99) for run in (quiet, streamed)]
    told = percentile(streamed.told, 0.99)
    streams_ratio = per_move(streamed) / max(per_move(quiet), 1e-9)
    limit = max(per_move(runs["no streams"]["limit"]), 1e-9)
    limit_ratio, alone = per_move(quiet) / limit, moves_alone(runs) / limit
    beside = per_move(streamed) / max(per_move(runs["streams"]["limit"]), 1e-9)
    rows = [
        (f"a move's p99 < {MOVE_P99_MS:g} ms", f"{p99[0]:.1f} ms, with streams {p99[1]:.1f} ms",
         max(p99) < MOVE_P99_MS),
        (f"other seat told, p99 < {TOLD_P99_MS:g} ms", f"{told:.1f} ms",
         told < TOLD_P99_MS and bool(streamed.told)),
        (f"CPU/move streams / none ≤ {STREAMS_RATIO:g}", f"{streams_ratio:.2f}",
         streams_ratio <= STREAMS_RATIO),
        (f"CPU/move carson / limit ≤ {LIMIT_RATIO[kind]:g}",
         f"{limit_ratio:.2f} (looks out: {alone:.2f}; streams: {beside:.2f})",
         limit_ratio <= LIMIT_RATIO[kind]),
    ]  # fmt: skip
    print("  issue 43's targets:")
    for target, measured, met in rows:
        print(f"    {target:<36} {measured:<40} {'met' if met else 'NOT MET'}")


@contextmanager
def databases(kind: str) -> Iterator[tuple[str, str] | None]:
    """carson's database and the limit app's: two SQLite files, or two databases of one
    throwaway PostgreSQL cluster (``None``: PostgreSQL is not installed)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as directory:
            yield f"sqlite:///{directory}/carson.db", f"sqlite:///{directory}/limit.db"
        return
    with throwaway_cluster() as url:
        yield None if url is None else (url, new_database(url, "limit_app"))


def layout(kind: str, args: argparse.Namespace) -> None:
    processes = 1 if kind == "sqlite" else 2
    label = "1 process, SQLite" if kind == "sqlite" else "2 processes, PostgreSQL, by game"
    with databases(kind) as urls, ExitStack() as stack:
        if urls is None:
            print(f"{label}: skipped, PostgreSQL is not installed")
            return
        pids: dict[str, list[int]] = {"carson": [], "limit": []}
        carson = [stack.enter_context(server(urls[0], pids["carson"], LIMITS))
                  for _ in range(processes)]  # fmt: skip
        limit = [stack.enter_context(limit_server(urls[1], pids["limit"]))
                 for _ in range(processes)]  # fmt: skip
        runs = uvloop.run(drive(carson, limit, pids, args))
    report(label, kind, runs)


def main(argv: Sequence[str] = ()) -> None:
    args = parse(argv)
    # Two streams a game and the players' connections: more descriptors than the default.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"Two-person card games (issue 43): {args.games} games on carson and as many on the "
          f"limit app, driven together, a move every {args.think:g} s per game; "
          f"{args.seconds:.0f} s a phase after {args.warmup:.0f} s of warm-up, no streams then "
          f"a stream per seat")  # fmt: skip
    print(reference_line(), flush=True)
    for kind in ("sqlite", "postgres"):
        if args.only in (None, kind):
            layout(kind, args)
