"""This server against another version of it, side by side in one run (issue 22):

    python -m benchmarks server-pair (--base <other checkout>/src | --base-commit <rev>)
                                     [--only sqlite|postgresql] [--games 100] [--seconds 20]
                                     [--warmup 8] [--think 1] [--rounds 3] [--by-game]

On a shared machine the CPU a move costs moves by a third between runs minutes apart (the
players' own CPU, the same code each time, shows it), so two versions measured one after
the other cannot be told apart by less than that. Here both run at once: the other version
(``--base``: its ``src`` directory, put first on the servers' ``PYTHONPATH``; or
``--base-commit``: a commit of this repository, its ``src`` exported to a temporary
directory for the run) and this
checkout's each get their own server processes and their own database — one process on a
SQLite file each, or two processes each on their own database of one throwaway PostgreSQL
cluster — and ``--games`` players each, driven together for the same window, so both meet
the same noise. Printed per round: each version's moves per second, p50, p99 and server CPU
per move, and the ratio of this checkout's CPU per move to the other's.

Each version has half the load of ``make bench BENCH=server`` by default (100 games, not
200): its fixed costs weigh more per move, so the ratio is the figure to read, not the
absolute CPU. Flat out (``--think 0``), the two compete for the cores and the one with more
runnable threads gets more of them: compare the CPU per move, not the moves per second.

``make bench BENCH=server-target`` reads issue 22's CPU target this way, against the server
the issue measured (:mod:`benchmarks.server_target`).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import uvloop

from benchmarks.load import Run, drive
from benchmarks.machine import reference_line
from benchmarks.server import BENCH_LIMITS, server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import new_database, throwaway_cluster

REPOSITORY = Path(__file__).resolve().parent.parent
THIS = str(REPOSITORY / "src")
VERSIONS = ("base", "this")


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks server-pair")
    base = parser.add_mutually_exclusive_group(required=True)
    base.add_argument("--base", help="the other version's src directory")
    base.add_argument("--base-commit", help="a commit of this repository: its src, exported")
    parser.add_argument("--only", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--games", type=int, default=100, help="players of each version")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds not counted")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between moves")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--by-game", action="store_true", help="each game's requests to one process (PostgreSQL)"
    )
    args = parser.parse_args(list(argv))
    if args.base is not None and not (Path(args.base) / "carson").is_dir():
        parser.error(f"--base {args.base!r} holds no carson package (give a checkout's src)")
    return args


@contextmanager
def exported(commit: str) -> Iterator[str]:
    """The ``src`` directory of this repository's ``commit``, written to a temporary directory
    for as long as the context lasts (``git archive``: no worktree left behind)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src"], cwd=REPOSITORY, capture_output=True
    )
    if archive.returncode != 0:
        message = archive.stderr.decode(errors="replace").strip()
        raise SystemExit(f"--base-commit {commit!r}: git archive failed: {message}")
    with tempfile.TemporaryDirectory(prefix="carson-base-") as directory:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(directory, filter="data")
        yield str(Path(directory) / "src")


@contextmanager
def databases(kind: str) -> Iterator[dict[str, str] | None]:
    """One database per version: SQLite files, or databases of one PostgreSQL cluster
    (``None`` if PostgreSQL is not installed)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as directory:
            yield {version: f"sqlite:///{Path(directory) / version}.db" for version in VERSIONS}
        return
    with throwaway_cluster() as url:
        if url is None:
            yield None
            return
        yield {version: new_database(url, f"pair_{version}") for version in VERSIONS}


async def both(bases: dict[str, list[str]], pids: dict[str, list[int]],
               args: argparse.Namespace) -> list[Run]:  # fmt: skip
    """One round: every version's players at once, over the same window."""
    return await asyncio.gather(*(
        drive(bases[version], args.games, args.seconds, args.think, args.warmup,
              {version: lambda version=version: pids[version]},  # type: ignore[misc]
              args.by_game)
        for version in VERSIONS
    ))  # fmt: skip


def main(argv: Sequence[str] = ()) -> None:
    args = parse(argv)
    if args.base_commit is None:
        compare(args, args.base)
        return
    with exported(args.base_commit) as base:
        compare(args, base, label=f"commit {args.base_commit}")


def compare(args: argparse.Namespace, base: str, label: str = "") -> list[float]:
    """Every round of both versions, ``base`` (a ``src`` directory) and this checkout: the
    rounds' ratios of this one's server CPU per move to the other's (none if skipped)."""
    layout = "1 process on SQLite" if args.only == "sqlite" else "2 processes on PostgreSQL"
    layout += ", each game's requests to one process" if args.by_game else ""
    print(f"Two versions side by side, each {layout} with {args.games} games, think "
          f"{args.think:g} s, {args.seconds:.0f} s a round after {args.warmup:.0f} s: "
          f"base = {label or base}, this = {THIS}")  # fmt: skip
    print(reference_line(), flush=True)
    processes = 1 if args.only == "sqlite" else 2
    with databases(args.only) as urls, ExitStack() as stack:
        if urls is None:
            print("  skipped: PostgreSQL is not installed")
            return []
        pids: dict[str, list[int]] = {version: [] for version in VERSIONS}
        bases: dict[str, list[str]] = {}
        for version, path in (("base", base), ("this", THIS)):
            environment = {**os.environ, **BENCH_LIMITS, "PYTHONPATH": path}
            bases[version] = [
                stack.enter_context(server(urls[version], pids[version], environment))
                for _ in range(processes)
            ]
        ratios = []
        for round_ in range(1, args.rounds + 1):
            runs = dict(zip(VERSIONS, uvloop.run(both(bases, pids, args)), strict=True))
            for version, run in runs.items():
                print(run.line(f"round {round_}, {version}"), flush=True)
            ratio = cpu_per_move(runs["this"]) / max(cpu_per_move(runs["base"]), 1e-9)
            print(f"  round {round_}: this / base, server CPU per move: {ratio:.3f}", flush=True)
            ratios.append(ratio)
        return ratios


def cpu_per_move(run: Run) -> float:
    return sum(run.cpu.values()) / max(len(run.latencies), 1)
