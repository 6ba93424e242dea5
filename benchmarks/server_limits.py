"""The server's limits under load (issue 20): what many concurrent registrations cost in
memory, and what password guessing meets.

    python -m benchmarks limits [--registrations 200] [--guesses 40]

Starts ``carson serve`` on loopback (SQLite), sends ``--registrations`` registrations at once
(with the registration limit raised so that all are hashed) and reports the server's peak
resident memory (``VmHWM``), then sends ``--guesses`` wrong passwords for one account, one
after the other, and reports how many were answered 401 (hashed) and 429 (refused before
hashing) and the ``Retry-After`` told.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from benchmarks.server import free_port


@contextmanager
def limited_server(db_url: str, environment: dict[str, str]) -> Iterator[tuple[str, int]]:
    """``carson serve`` with ``environment``'s limits: its address and process id."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "serve", "--port", str(port), "--db", db_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **environment},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.2)
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


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


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks limits")
    parser.add_argument("--registrations", type=int, default=200)
    parser.add_argument("--guesses", type=int, default=40)
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
    sys.stdout.flush()
