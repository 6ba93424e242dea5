"""The game server under load (issue: server): concurrent games driven through the HTTP API.

    python -m benchmarks server [--games 200] [--seconds 20] [--warmup 10] [--think 1 ...]

Starts ``carson serve`` on loopback — one process on SQLite, then two processes sharing one
PostgreSQL database (if PostgreSQL is installed) — registers one player per game, creates the
games (1 human seat + 3 expert virtual seats) and lets every player act with random legal moves
for a fixed time: first paced (each player waits ``--think`` seconds between moves, as people
do), then flat out (no waiting: the most the server can take). Reports accepted moves per
second and the latency of a move (p50, p99) after a warm-up (players start, connections open).
The players answer each move's view with their next move, as a bot does; they run in this
process, on the same machine, so they take CPU from the server: the figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import aiohttp
import uvloop

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


@contextmanager
def server(db_url: str) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "serve", "--port", str(port), "--db", db_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **BENCH_LIMITS},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


async def drive(
    bases: Sequence[str], games: int, seconds: float, think: float, warmup: float
) -> tuple[int, list[float]]:
    """Moves accepted and each move's latency (s), counting only moves made after the
    first ``warmup`` seconds (when every player has started and the connections are open);
    request i of a player goes to ``bases[i % len(bases)]`` (round robin over the server
    processes)."""
    connector = aiohttp.TCPConnector(limit=games + 10)
    async with aiohttp.ClientSession(connector=connector) as client:

        async def setup(player: int) -> tuple[dict[str, str], str]:
            name = f"bench{player}-{random.randrange(10**9)}"
            account = {"username": name, "password": "benchmark-pw"}
            async with client.post(bases[0] + "/api/register", json=account) as response:
                headers = {"Authorization": f"Bearer {(await response.json())['token']}"}
            seats = {"seats": ["human", "expert", "expert", "expert"]}
            async with client.post(bases[0] + "/api/games", json=seats, headers=headers) as made:
                return headers, (await made.json())["id"]

        players = await asyncio.gather(*(setup(player) for player in range(games)))
        latencies: list[float] = []
        begin = time.monotonic() + warmup
        stop = begin + seconds

        async def play(headers: dict[str, str], game: str, rng: random.Random) -> None:
            # As a bot would: the answer to a move is the new view, so the player looks
            # the game up again only when that answer was not a view.
            turn = 0
            view = None
            # Players do not all move in the same instant: each starts at its own moment.
            await asyncio.sleep(rng.uniform(0, think))
            while time.monotonic() < stop:
                base = bases[turn % len(bases)]
                turn += 1
                if view is None:
                    async with client.get(f"{base}/api/games/{game}", headers=headers) as got:
                        view = await got.json()
                if view["status"] == "over" or not view["legal_actions"]:
                    return
                body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
                start = time.monotonic()
                async with client.post(
                    f"{base}/api/games/{game}/actions", json=body, headers=headers
                ) as response:
                    view = await response.json() if response.status == 200 else None
                if view is not None and start >= begin:
                    latencies.append(time.monotonic() - start)
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))

        await asyncio.gather(
            *(play(headers, game, random.Random(index)) for index, (headers, game) in
              enumerate(players))
        )  # fmt: skip
        return len(latencies), latencies


def report(label: str, moves: int, latencies: list[float], seconds: float) -> None:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000
    print(f"  {label:<40} {moves / seconds:7.1f} moves/s   p50 {p50:6.1f} ms   p99 {p99:7.1f} ms"
          f"   ({moves} moves)")  # fmt: skip


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks server")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds not counted")
    parser.add_argument(
        "--think", type=float, action="append", help="mean pause between moves (repeatable; 1)"
    )
    args = parser.parse_args(list(argv))
    print(f"Game server: {args.games} concurrent games over HTTP on loopback, "
          f"{args.seconds:.0f} s a run after {args.warmup:.0f} s of warm-up")  # fmt: skip
    paces = [(f"think {think:g} s", think) for think in args.think or [1.0]] + [("flat out", 0.0)]
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.db'}"
        with server(url) as base:
            for label, think in paces:
                moves, latencies = uvloop.run(
                    drive([base], args.games, args.seconds, think, args.warmup)
                )
                report(f"1 process, SQLite, {label}", moves, latencies, args.seconds)
    with throwaway_cluster() as postgres:
        if postgres is None:
            print("  2 processes, PostgreSQL: skipped, PostgreSQL is not installed")
            return
        with ExitStack() as stack:
            bases = [stack.enter_context(server(postgres)) for _ in range(2)]
            for label, think in paces:
                moves, latencies = uvloop.run(
                    drive(bases, args.games, args.seconds, think, args.warmup)
                )
                report(f"2 processes, PostgreSQL, {label}", moves, latencies, args.seconds)
