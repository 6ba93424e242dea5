"""The game server under load (issue 22): concurrent games driven through the HTTP API.

    python -m benchmarks server [--games 200] [--seconds 20] [--warmup 10] [--think 1 ...]

Starts ``carson serve`` on loopback — one process on SQLite, then two processes sharing one
throwaway PostgreSQL database (if PostgreSQL is installed) — registers one player per game and
lets every player act with random legal moves for a fixed time: first paced (each player waits
``--think`` seconds between moves, as people do), then flat out (no waiting: the most the
server can take). On PostgreSQL a game's requests go round robin over the processes (as
through nginx without affinity: each process replays the other's moves from their notices),
then each game's to one process (``by game``: as deploy/nginx.conf routes them). Reports
accepted moves per second, the latency of a move (p50, p99) after a warm-up, and the server
processes' CPU time per accepted move (from /proc, over the same window; less disturbed by
other work on a shared machine than the latencies), the players' own (``client``), and the
first over the second (the same client code every run: the machine's speed moves it least).
The players run in this process, on the same machine, so they take CPU from the server: the
figures are a floor.
"""

from __future__ import annotations

import argparse
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import uvloop

from benchmarks.load import drive
from benchmarks.machine import reference_line

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import throwaway_cluster


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


#: Every player registers from loopback: the address's default limits would refuse them.
BENCH_LIMITS = {
    "CARSON_LIMIT_REGISTER_ADDRESS": "100000/minute",
    "CARSON_LIMIT_MOVES_USER": "100000/minute",
}


def wait_healthy(base: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{base} did not answer /healthz in {seconds:.0f} s")


@contextmanager
def server(
    db_url: str, pids: list[int], environment: dict[str, str] | None = None
) -> Iterator[str]:
    """``carson serve`` on a free loopback port (with ``environment``'s settings, else the
    benchmark's generous limits); its pid is added to ``pids`` meanwhile."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "serve", "--port", str(port), "--db", db_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **(BENCH_LIMITS if environment is None else environment)},
    )
    base = f"http://127.0.0.1:{port}"
    pids.append(process.pid)
    try:
        wait_healthy(base)
        yield base
    finally:
        pids.remove(process.pid)
        process.terminate()
        process.wait(timeout=30)


def describe(args: argparse.Namespace) -> None:
    """What runs: the load, the machine, the code."""
    commit = subprocess.run(
        ["git", "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent,
    ).stdout.strip()
    import carson

    print(
        f"Game server: {args.games} concurrent games over HTTP on loopback, "
        f"{args.seconds:.0f} s a run after {args.warmup:.0f} s of warm-up; each game: 1 player "
        f"+ 3 expert virtual seats, random legal moves, a new game when one ends"
    )
    print(
        f"  code {commit or '?'} ({Path(carson.__file__).parent}), Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(reference_line(), flush=True)


def run_paces(
    label: str, bases: list[str], pids: list[int], args: argparse.Namespace, by_game: bool = False
) -> None:
    paces = [(f"think {think:g} s", think) for think in args.think or [1.0]] + [("flat out", 0.0)]
    # The players (this process) share the machine with the server: their CPU is reported too.
    groups = {"server": lambda: pids, "client": lambda: [os.getpid()]}
    for pace, think in paces:
        run = uvloop.run(
            drive(bases, args.games, args.seconds, think, args.warmup, groups, by_game)
        )
        print(run.line(f"{label}, {pace}"), flush=True)


def parse(prog: str, argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds not counted")
    parser.add_argument(
        "--think", type=float, action="append", help="mean pause between moves (repeatable; 1)"
    )
    parser.add_argument("--only", choices=["sqlite", "postgresql"], help="one layout only")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] = ()) -> None:
    args = parse("python -m benchmarks server", argv)
    describe(args)
    pids: list[int] = []
    if args.only != "postgresql":
        with (
            tempfile.TemporaryDirectory() as directory,
            server(f"sqlite:///{Path(directory) / 'bench.db'}", pids) as base,
        ):
            run_paces("1 process, SQLite", [base], pids, args)
    if args.only == "sqlite":
        return
    with throwaway_cluster() as postgres:
        if postgres is None:
            print("  2 processes, PostgreSQL: skipped, PostgreSQL is not installed")
            return
        with ExitStack() as stack:
            bases = [stack.enter_context(server(postgres, pids)) for _ in range(2)]
            run_paces("2 processes, PostgreSQL", bases, pids, args)
            run_paces("2 processes, PostgreSQL, by game", bases, pids, args, by_game=True)
