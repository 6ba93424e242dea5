"""Spectators under load (issue 24): what the lobby's games in progress and a spectator's
view cost, and how soon many open spectator streams are counted as watchers.

    python -m benchmarks watch [--games 50] [--spectators 200] [--requests 100]

Starts ``carson serve`` on loopback (SQLite) with the watching and stream limits raised (every
spectator comes from 127.0.0.1), creates ``--games`` public games in progress (one person and
three expert virtual seats each), then reports the latency (median, 95th percentile) of
``GET /api/lobby/playing`` (every game listed, with its players' ratings, round and watcher
count) and of an anonymous ``GET /api/games/{id}``, over ``--requests`` requests each. Last,
it opens ``--spectators`` anonymous live streams spread over the games and reports how long
until the lobby's watcher counts add up to them (counted in memory: watching writes nothing).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

from benchmarks.server import BENCH_LIMITS, server

LIMITS = {
    **BENCH_LIMITS,
    "CARSON_LIMIT_WATCH_ADDRESS": "1000000/minute",
    "CARSON_LIMIT_STREAMS_USER": "100000",
    "CARSON_LIMIT_STREAMS_TOTAL": "100000",
}


async def latencies(client: aiohttp.ClientSession, url: str, count: int) -> list[float]:
    taken = []
    for _ in range(count):
        started = time.perf_counter()
        async with client.get(url) as answer:
            assert answer.status == 200, await answer.text()
            await answer.read()
        taken.append((time.perf_counter() - started) * 1000)
    return taken


def summary(name: str, taken: list[float]) -> str:
    p95 = statistics.quantiles(taken, n=20)[-1]
    return f"  {name}: median {statistics.median(taken):.1f} ms, p95 {p95:.1f} ms"


async def new_games(client: aiohttp.ClientSession, base: str, count: int) -> list[str]:
    account = {"username": "host", "password": "a long password"}
    async with client.post(base + "/api/register", json=account) as answer:
        token = (await answer.json())["token"]
    headers = {"Authorization": f"Bearer {token}"}
    body = {"seats": ["human", "expert", "expert", "expert"], "public": True}
    ids = []
    for _ in range(count):
        async with client.post(base + "/api/games", json=body, headers=headers) as answer:
            assert answer.status == 201, await answer.text()
            ids.append((await answer.json())["id"])
    return ids


async def watch(base: str, ids: list[str], spectators: int) -> tuple[float, float]:
    """Seconds to open ``spectators`` streams (one after the other), then until the lobby
    counts them all."""
    connector = aiohttp.TCPConnector(limit=0)  # every stream stays open: no pool limit
    async with aiohttp.ClientSession(connector=connector) as client:
        started = time.perf_counter()
        urls = [f"{base}/api/games/{ids[n % len(ids)]}/stream" for n in range(spectators)]
        streams = [await client.get(url) for url in urls]
        opened = time.perf_counter()
        try:
            wanted = min(spectators, len(ids))  # one address: one viewer per game
            while True:
                async with client.get(base + "/api/lobby/playing") as answer:
                    listed: list[dict[str, Any]] = (await answer.json())["games"]
                if sum(game["watchers"] for game in listed) >= wanted:
                    return opened - started, time.perf_counter() - opened
                await asyncio.sleep(0.05)
        finally:
            for stream in streams:
                stream.close()


async def run(args: argparse.Namespace, base: str) -> None:
    async with aiohttp.ClientSession() as client:
        ids = await new_games(client, base, args.games)
        lobby = await latencies(client, base + "/api/lobby/playing", args.requests)
        view = await latencies(client, f"{base}/api/games/{ids[0]}", args.requests)
    print(summary(f"GET /api/lobby/playing ({args.games} games)", lobby))
    print(summary("GET /api/games/{id} (a spectator)", view))
    opened, counted = await watch(base, ids, args.spectators)
    print(f"  {args.spectators} spectator streams opened in {opened:.2f} s, all counted by the "
          f"lobby {counted:.2f} s later")  # fmt: skip


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks watch")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args(list(argv))
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "watch.db"
        with server(f"sqlite:///{path}", [], LIMITS) as base:
            print(f"Spectators: {args.games} public games in progress, carson serve on loopback")
            asyncio.run(run(args, base))
