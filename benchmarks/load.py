"""The players of the server benchmarks: concurrent games driven through the HTTP API, with
each move's latency and the server processes' CPU time over the measured window.

Shared by ``server`` (carson serve alone, on SQLite and on PostgreSQL) and ``cluster``
(nginx in front of several processes). Everything runs on loopback.
"""

from __future__ import annotations

import asyncio
import os
import random
import ssl
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp

#: Clock ticks per second of /proc's CPU times.
TICKS = os.sysconf("SC_CLK_TCK")
#: Transport errors a kept-alive connection the server has just closed gives: sent again.
STALE_CONNECTION = (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError)
RETRIES = 3


def cpu_seconds(pids: Iterable[int]) -> float:
    """User + system CPU time of these processes (all their threads) so far, from /proc."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                # Fields after the command (which may hold spaces) start after its ')'.
                fields = stat.read().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue  # a process that has ended (a killed web process) adds nothing more
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


@dataclass
class Run:
    """What one paced or flat-out run measured."""

    seconds: float
    latencies: list[float] = field(default_factory=list)
    refused: int = 0  # answers other than 200 (409: a stale seq after a retry)
    retried: int = 0  # requests sent again on a fresh connection
    cpu: dict[str, float] = field(default_factory=dict)  # group → CPU seconds in the window

    def line(self, label: str) -> str:
        moves = len(self.latencies)
        ordered = sorted(self.latencies) or [0.0]
        p50 = statistics.median(ordered) * 1000
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000
        cpu = "   ".join(
            f"{group} CPU {1000 * seconds / max(moves, 1):.2f} ms/move"
            for group, seconds in self.cpu.items()
        )
        first = next(iter(self.cpu), "client")  # the server's processes come first
        if first != "client" and self.cpu.get("client"):
            # The players' CPU per move is the same code in every run: the server's CPU over
            # theirs moves far less with the machine's speed than either (docs/speed.md).
            cpu += f"   {first}/client {self.cpu[first] / self.cpu['client']:.2f}"
        return (
            f"  {label:<44} {moves / self.seconds:7.1f} moves/s   p50 {p50:6.1f} ms   "
            f"p99 {p99:7.1f} ms   {cpu}   ({moves} moves, {self.refused} refused, "
            f"{self.retried} resent)"
        )


class Players:
    """``games`` players, each in a game of its own (1 human seat + 3 expert virtual seats:
    the card game's virtual seats move inside the engine, so every move is a player's)."""

    def __init__(
        self, client: aiohttp.ClientSession, bases: Sequence[str], run: Run, by_game: bool = False
    ) -> None:
        self.client = client
        self.bases = bases
        self.run = run
        self.by_game = by_game

    def base_for(self, game: str, turn: int) -> str:
        """The process a game's request goes to: the next in turn (round robin, as nginx
        without affinity), or always the game's own (``by_game``: as deploy/nginx.conf)."""
        if self.by_game:
            return self.bases[zlib.crc32(game.encode()) % len(self.bases)]
        return self.bases[turn % len(self.bases)]

    async def request(self, method: str, url: str, **options: Any) -> tuple[int, Any]:
        """Status and JSON body; a stale kept-alive connection is retried on a new one (a
        move sent twice is safe: its seq makes the second a 409)."""
        for attempt in range(RETRIES):
            try:
                async with self.client.request(method, url, **options) as response:
                    body = await response.json() if response.status < 300 else None
                    return response.status, body
            except STALE_CONNECTION:
                if attempt == RETRIES - 1:
                    raise
                self.run.retried += 1
        raise AssertionError("unreachable")

    async def setup(self, player: int) -> tuple[dict[str, str], str]:
        base = self.bases[player % len(self.bases)]
        name = f"bench{player}-{random.randrange(10**9)}"
        account = {"username": name, "password": "benchmark-pw"}
        status, body = await self.request("POST", base + "/api/register", json=account)
        assert status == 200, f"register: {status}"
        headers = {"Authorization": f"Bearer {body['token']}"}
        return headers, await self.new_game(base, headers)

    async def new_game(self, base: str, headers: dict[str, str]) -> str:
        seats = {"seats": ["human", "expert", "expert", "expert"]}
        status, made = await self.request("POST", base + "/api/games", json=seats, headers=headers)
        assert status == 201, f"create a game: {status}"
        return str(made["id"])

    async def play(
        self,
        headers: dict[str, str],
        game: str,
        rng: random.Random,
        think: float,
        window: tuple[float, float],
    ) -> None:
        """Move until the window ends, as a bot does: the answer to a move is the new view,
        so the player looks the game up again only when that answer was not a view. A
        finished game is followed by a new one."""
        begin, stop = window
        turn = 0
        view = None
        await asyncio.sleep(rng.uniform(0, think))  # players start at their own moments
        while time.monotonic() < stop:
            base = self.base_for(game, turn)
            turn += 1
            if view is None:
                _, view = await self.request("GET", f"{base}/api/games/{game}", headers=headers)
                if view is None:
                    continue
            if view["status"] == "over" or not view["legal_actions"]:
                game, view = await self.new_game(base, headers), None  # the load stays even
                continue
            body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
            start = time.monotonic()
            status, view = await self.request(
                "POST", f"{base}/api/games/{game}/actions", json=body, headers=headers
            )
            if status != 200:
                self.run.refused += 1
            elif begin <= start < stop:
                self.run.latencies.append(time.monotonic() - start)
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def drive(
    bases: Sequence[str],
    games: int,
    seconds: float,
    think: float,
    warmup: float,
    processes: dict[str, Callable[[], list[int]]],
    by_game: bool = False,
    tls: ssl.SSLContext | None = None,
) -> Run:
    """One run: moves made in the ``seconds`` after ``warmup`` count, and the CPU time of
    each group of ``processes`` (name → its current pids) over that same window. A game's
    requests go round robin over ``bases``, or with ``by_game`` always to the same one
    (``tls``: the context for https bases, e.g. one trusting a self-signed certificate)."""
    run = Run(seconds)
    connector = aiohttp.TCPConnector(limit=games + 10, ssl=tls if tls is not None else True)
    async with aiohttp.ClientSession(connector=connector) as client:
        players = Players(client, bases, run, by_game)
        signing_up = asyncio.Semaphore(8)  # a password hash each: not all at once

        async def setup(player: int) -> tuple[dict[str, str], str]:
            async with signing_up:
                return await players.setup(player)

        seated = await asyncio.gather(*(setup(player) for player in range(games)))
        begin = time.monotonic() + warmup
        stop = begin + seconds

        async def measure() -> None:
            await asyncio.sleep(begin - time.monotonic())
            before = {name: cpu_seconds(pids()) for name, pids in processes.items()}
            await asyncio.sleep(stop - time.monotonic())
            run.cpu = {name: cpu_seconds(pids()) - before[name] for name, pids in processes.items()}

        await asyncio.gather(
            measure(),
            *(
                players.play(headers, game, random.Random(index), think, (begin, stop))
                for index, (headers, game) in enumerate(seated)
            ),
        )
    return run
