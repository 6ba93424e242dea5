"""The deployment of deploy/ under load (issue 22): nginx (HTTPS) in front of two web processes (and
two workers, when this carson has ``carson worker``) on one throwaway PostgreSQL, on loopback.

    python -m benchmarks cluster [--games 200] [--seconds 20] [--warmup 10] [--think 1 ...]

The same players as ``server`` (see :mod:`benchmarks.load`), all through nginx's one address.
Reports moves per second, p50/p99 of a move, and the CPU time per accepted move of the web
processes and of nginx (from /proc).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path

import uvloop

from benchmarks.load import drive
from benchmarks.server import BENCH_LIMITS, describe, free_port, parse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))
from cluster import Cluster


def with_children(pids: list[int]) -> list[int]:
    """The processes and their children (nginx's workers are its master's)."""
    found = list(pids)
    for pid in pids:
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except FileNotFoundError:
            continue
        found += [int(child) for child in children]
    return found


def main(argv: Sequence[str] = ()) -> None:
    args = parse("python -m benchmarks cluster", argv)
    describe(args)
    # Every player registers from loopback: the address's default limits would refuse them.
    os.environ.update(BENCH_LIMITS)
    with tempfile.TemporaryDirectory() as directory, ExitStack() as stack:
        try:
            cluster = stack.enter_context(Cluster(Path(directory), port=free_port()).running())
        except (RuntimeError, FileNotFoundError) as error:
            print(f"  cluster: skipped, {error}")
            return
        roles = ", ".join(member.name for member in cluster.members)
        print(f"  through nginx at {cluster.url}: {roles}; PostgreSQL on loopback")
        groups = {
            "web": lambda: cluster.pids("web"),
            "nginx": lambda: with_children(cluster.pids("nginx")),
        }
        if cluster.pids("worker"):
            groups["workers"] = lambda: cluster.pids("worker")
        groups["client"] = lambda: [os.getpid()]  # the players, in this process
        paces = [(f"think {t:g} s", t) for t in args.think or [1.0]] + [("flat out", 0.0)]
        for pace, think in paces:
            run = uvloop.run(
                # Through HTTPS: the players trust the cluster's own certificate.
                drive(
                    [cluster.url],
                    args.games,
                    args.seconds,
                    think,
                    args.warmup,
                    groups,
                    tls=cluster.tls(),
                )
            )
            print(run.line(f"nginx + {len(cluster.web_ports)} web, {pace}"), flush=True)
