"""The server's limits under load (issue 20): what many concurrent registrations cost in
memory, and what password guessing meets.

    python -m benchmarks limits [--registrations 200] [--guesses 40] [--streams 600]

Starts ``carson serve`` on loopback (SQLite), sends ``--registrations`` registrations at once
(with the registration limit raised so that all are hashed) and reports the server's peak
resident memory (``VmHWM``), then sends ``--guesses`` wrong passwords for one account, one
after the other, and reports how many were answered 401 (hashed) and 429 (refused before
hashing) and the ``Retry-After`` told. Last, the registered players open ``--streams`` live
streams on waiting games (8 each, the default cap per account), and it reports how many
were answered 200 and 503 (the process's cap) and how long ``/healthz`` takes meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from benchmarks.server import server


@contextmanager
def limited_server(db_url: str, environment: dict[str, str]) -> Iterator[tuple[str, int]]:
    """``carson serve`` with ``environment``'s limits: its address and process id."""
    pids: list[int] = []
    with server(db_url, pids, environment) as base:
        yield base, pids[0]


def peak_memory_mib(pid: int) -> float:
    """The process's peak resident memory so far, in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM: not Linux?")


async def register_at_once(base: str, count: int) -> tuple[Counter[int], float]:
    async with aiohttp.ClientSession() as client:

        async def one(number: int) -> int:
            account = {"username": f"player{number}", "password": f"password-{number}"}
            async with client.post(base + "/api/register", json=account) as answer:
                return answer.status

        started = time.perf_counter()
        statuses = await asyncio.gather(*(one(number) for number in range(count)))
        return Counter(statuses), time.perf_counter() - started


async def guess(base: str, count: int) -> tuple[Counter[int], set[str]]:
    statuses: Counter[int] = Counter()
    waits: set[str] = set()
    async with aiohttp.ClientSession() as client:
        for number in range(count):
            attempt = {"username": "player0", "password": f"guess-{number}"}
            async with client.post(base + "/api/login", json=attempt) as answer:
                statuses[answer.status] += 1
                if answer.status == 429:
                    waits.add(answer.headers["Retry-After"])
    return statuses, waits


async def healthz_ms(client: aiohttp.ClientSession, base: str, times: int = 20) -> float:
    """The median time of ``/healthz``, in milliseconds."""
    taken = []
    for _ in range(times):
        started = time.perf_counter()
        async with client.get(base + "/healthz") as answer:
            await answer.read()
        taken.append((time.perf_counter() - started) * 1000)
    return sorted(taken)[len(taken) // 2]


async def open_streams(base: str, players: int, count: int) -> str:
    """``count`` streams from the players (8 each; not player0, whose guesses locked it) on
    a waiting game each, held open while ``/healthz`` is timed."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as client:
        tokens = []
        for number in range(1, min(players, (count + 7) // 8 + 1)):
            account = {"username": f"player{number}", "password": f"password-{number}"}
            async with client.post(base + "/api/login", json=account) as answer:
                tokens.append({"Authorization": f"Bearer {(await answer.json())['token']}"})
        game = {"seats": ["human", "human", "expert", "expert"]}  # waits for a second player
        paths = []
        for token in tokens:  # a game of one's own: a waiting game is its players' only
            async with client.post(base + "/api/games", json=game, headers=token) as answer:
                paths.append(f"{base}/api/games/{(await answer.json())['id']}/stream")
        idle = await healthz_ms(client, base)
        opened = []
        for number in range(min(count, 8 * len(tokens))):
            player = number // 8
            response = await client.get(paths[player], headers=tokens[player])
            if response.status == 200:
                await response.content.readline()  # the first message has started
            opened.append(response)
        statuses = Counter(response.status for response in opened)
        busy = await healthz_ms(client, base)
        for response in opened:
            response.close()
    return (f"{dict(statuses)}; /healthz median {idle:.1f} ms with none open, "
            f"{busy:.1f} ms with {statuses[200]} open")  # fmt: skip


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks limits")
    parser.add_argument("--registrations", type=int, default=200)
    parser.add_argument("--guesses", type=int, default=40)
    parser.add_argument("--streams", type=int, default=600)
    args = parser.parse_args(argv)
    cores = os.cpu_count()
    print(f"Limits: {args.registrations} registrations at once, then {args.guesses} wrong "
          f"passwords for one account, on {cores} cores")  # fmt: skip
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'limits.db'}"
        with limited_server(url, {"CARSON_LIMIT_REGISTER_ADDRESS": "100000/minute"}) as (base, pid):
            before = peak_memory_mib(pid)
            statuses, seconds = asyncio.run(register_at_once(base, args.registrations))
            print(f"  registrations: {dict(statuses)} in {seconds:.1f} s; server peak memory "
                  f"{before:.0f} MiB before, {peak_memory_mib(pid):.0f} MiB after")  # fmt: skip
            guessed, waits = asyncio.run(guess(base, args.guesses))
            print(f"  wrong passwords: {guessed[401]} × 401, {guessed[429]} × 429 "
                  f"(Retry-After {', '.join(sorted(waits)) or '-'} s)")  # fmt: skip
            if args.streams:
                streams = asyncio.run(open_streams(base, args.registrations, args.streams))
                print(f"  live streams: {streams}")
    sys.stdout.flush()
