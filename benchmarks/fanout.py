"""What a game's spectators cost the server when a move is made (issue 22).

    python -m benchmarks fanout [--games 20] [--spectators 10] [--seconds 15] [--think 0.5]

Starts ``carson serve`` on loopback (SQLite), creates ``--games`` public games (one person and
three expert virtual seats each) and plays them with random legal moves (``--think`` seconds
between a player's moves), twice: first unwatched, then with ``--spectators`` anonymous live
streams open on every game. Reports the server's CPU time per accepted move in both phases
(from /proc) and the difference per view a spectator stream was sent: what one more spectator
costs per move. Run it with ``PYTHONPATH=<older checkout>/src`` to compare with an older server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from benchmarks.load import cpu_seconds
from benchmarks.server import server
from benchmarks.watching import LIMITS


@dataclass
class Phase:
    moves: int = 0
    views: int = 0  # view messages the spectator streams received
    cpu: float = 0.0  # the server's CPU seconds


async def play(client: aiohttp.ClientSession, base: str, game: str, headers: Any,
               think: float, stop: float, phase: Phase) -> None:  # fmt: skip
    rng = random.Random(game)
    async with client.get(f"{base}/api/games/{game}", headers=headers) as answer:
        view = await answer.json()
    await asyncio.sleep(rng.uniform(0, think))
    while time.monotonic() < stop and view["legal_actions"]:
        body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
        url = f"{base}/api/games/{game}/actions"
        async with client.post(url, json=body, headers=headers) as answer:
            assert answer.status == 200, await answer.text()
            view = await answer.json()
        phase.moves += 1
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def spectate(client: aiohttp.ClientSession, url: str, phase: Phase) -> None:
    async with client.get(url) as stream:
        async for line in stream.content:
            if line.startswith(b"event: view"):
                phase.views += 1


async def run_phase(base: str, pid: int, args: argparse.Namespace, spectators: int) -> Phase:
    phase = Phase()
    connector = aiohttp.TCPConnector(limit=0)  # every stream stays open: no pool limit
    async with aiohttp.ClientSession(connector=connector) as client:
        account = {"username": f"host{spectators}", "password": "a long password"}
        async with client.post(base + "/api/register", json=account) as answer:
            headers = {"Authorization": f"Bearer {(await answer.json())['token']}"}
        mine = []
        for _ in range(args.games):
            body = {"seats": ["human", "expert", "expert", "expert"], "public": True}
            async with client.post(base + "/api/games", json=body, headers=headers) as answer:
                mine.append((await answer.json())["id"])
        watching = [
            asyncio.ensure_future(spectate(client, f"{base}/api/games/{game}/stream", phase))
            for game in mine
            for _ in range(spectators)
        ]
        await asyncio.sleep(1.0)  # the streams are open and have had their first view
        phase.views, begin = 0, cpu_seconds([pid])
        stop = time.monotonic() + args.seconds
        await asyncio.gather(
            *(play(client, base, game, headers, args.think, stop, phase) for game in mine)
        )
        await asyncio.sleep(0.5)  # the last moves' views reach the streams
        phase.cpu = cpu_seconds([pid]) - begin
        for task in watching:
            task.cancel()
        await asyncio.gather(*watching, return_exceptions=True)
    return phase


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks fanout")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=10, help="streams per game")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--think", type=float, default=0.5)
    args = parser.parse_args(list(argv))
    with tempfile.TemporaryDirectory() as directory:
        pids: list[int] = []
        with server(f"sqlite:///{Path(directory) / 'fanout.db'}", pids, LIMITS) as base:
            alone = asyncio.run(run_phase(base, pids[0], args, 0))
            watched = asyncio.run(run_phase(base, pids[0], args, args.spectators))
    import carson

    print(f"Spectator streams: {args.games} games, {args.spectators} streams each, "
          f"{args.seconds:.0f} s of play ({Path(carson.__file__).parent})")  # fmt: skip
    per_move = [1000 * phase.cpu / max(phase.moves, 1) for phase in (alone, watched)]
    print(f"  unwatched: {alone.moves} moves, server CPU {per_move[0]:.2f} ms/move")
    print(f"  watched:   {watched.moves} moves, {watched.views} views sent, "
          f"server CPU {per_move[1]:.2f} ms/move")  # fmt: skip
    views_per_move = watched.views / max(watched.moves, 1)
    extra = (per_move[1] - per_move[0]) / max(views_per_move, 1e-9)
    print(f"  a spectator's view of a move: {1000 * extra:.0f} µs of server CPU")
