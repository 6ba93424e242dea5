"""The game server under load (issue: server): concurrent games driven through the HTTP API.

    python -m benchmarks server [--games 200] [--seconds 20] [--think 1.0]

Starts ``carson serve`` on loopback — one process on SQLite, then two processes sharing one
PostgreSQL database (if PostgreSQL is installed) — registers one player per game, creates the
games (1 human seat + 3 expert virtual seats) and lets every player act with random legal moves
for a fixed time: first paced (each player waits ``--think`` seconds between moves, as people
do), then flat out (no waiting: the most the server can take). Reports accepted moves per
second and the latency of a move (p50, p99).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx2 as httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import throwaway_cluster


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def server(db_url: str) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "serve", "--port", str(port), "--db", db_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


async def drive(
    bases: Sequence[str], games: int, seconds: float, think: float
) -> tuple[int, list[float]]:
    """Moves accepted and each move's latency (s); request i of a player goes to
    ``bases[i % len(bases)]`` (round robin over the server processes)."""
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:

        async def setup(player: int) -> tuple[dict[str, str], str]:
            name = f"bench{player}-{random.randrange(10**9)}"
            response = await client.post(
                bases[0] + "/api/register", json={"username": name, "password": "benchmark-pw"}
            )
            headers = {"Authorization": f"Bearer {response.json()['token']}"}
            seats = ["human", "expert", "expert", "expert"]
            created = await client.post(
                bases[0] + "/api/games", json={"seats": seats}, headers=headers
            )
            return headers, created.json()["id"]

        players = await asyncio.gather(*(setup(player) for player in range(games)))
        latencies: list[float] = []
        stop = time.monotonic() + seconds

        async def play(headers: dict[str, str], game: str, rng: random.Random) -> None:
            turn = 0
            while time.monotonic() < stop:
                base = bases[turn % len(bases)]
                turn += 1
                view = (await client.get(f"{base}/api/games/{game}", headers=headers)).json()
                if view["status"] == "over" or not view["legal_actions"]:
                    return
                body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
                start = time.perf_counter()
                response = await client.post(
                    f"{base}/api/games/{game}/actions", json=body, headers=headers
                )
                if response.status_code == 200:
                    latencies.append(time.perf_counter() - start)
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
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between moves")
    args = parser.parse_args(list(argv))
    print(f"Game server: {args.games} concurrent games over HTTP on loopback, "
          f"{args.seconds:.0f} s a run")  # fmt: skip
    paces = [(f"think {args.think:g} s", args.think), ("flat out", 0.0)]
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.db'}"
        with server(url) as base:
            for label, think in paces:
                moves, latencies = asyncio.run(drive([base], args.games, args.seconds, think))
                report(f"1 process, SQLite, {label}", moves, latencies, args.seconds)
    with throwaway_cluster() as postgres:
        if postgres is None:
            print("  2 processes, PostgreSQL: skipped, PostgreSQL is not installed")
            return
        with ExitStack() as stack:
            bases = [stack.enter_context(server(postgres)) for _ in range(2)]
            for label, think in paces:
                moves, latencies = asyncio.run(drive(bases, args.games, args.seconds, think))
                report(f"2 processes, PostgreSQL, {label}", moves, latencies, args.seconds)
