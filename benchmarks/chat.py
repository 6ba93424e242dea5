"""The chat: messages one account posts per second through the API, and how long a message
takes from its POST to a reader's chat stream (median, 99th percentile).

``make bench BENCH=chat`` uses SQLite in a temporary directory (one server process);
``DATABASE_URL`` names a PostgreSQL database to measure instead, where the message is posted
to one server and streamed by another (their notifications: LISTEN/NOTIFY).
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median, quantiles

from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.kernel.limits import Limits

MESSAGES = 300
LIMITS = Limits(registrations_per_address="1000/minute", chat_messages_per_user="100000/minute")


def _account(client: TestClient, name: str) -> dict[str, str]:
    answer = client.post("/api/register", json={"username": name, "password": "password-" + name})
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def _listen(client: TestClient, path: str, headers: dict[str, str], arrived: dict[int, float],
            ready: threading.Event) -> None:  # fmt: skip
    with client.stream("GET", path, headers=headers) as response:
        for line in response.iter_lines():
            if line.startswith("event: ready"):
                ready.set()
            elif line.startswith("id: "):
                arrived[int(line[4:])] = time.perf_counter()
                if len(arrived) >= MESSAGES:
                    return


def measure(url: str) -> tuple[float, list[float]]:
    """Messages posted per second, and each one's delay to the reader's stream (ms)."""
    postgres = url.startswith("postgresql")
    with (
        TestClient(create_app(url, limits=LIMITS, worker=False)) as poster,
        TestClient(create_app(url, limits=LIMITS, worker=False)) as reader,
    ):
        alice, bob = _account(poster, "alice"), _account(poster, "bob")
        body = {"seats": ["human", "human", "random", "random"]}
        game = poster.post("/api/games", json=body, headers=alice).json()["id"]
        poster.post(f"/api/games/{game}/join", headers=bob)
        listening = reader if postgres else poster
        arrived: dict[int, float] = {}
        ready = threading.Event()
        path = f"/api/games/{game}/chat/stream"
        listener = threading.Thread(target=_listen, args=(listening, path, bob, arrived, ready),
                                    daemon=True)  # fmt: skip
        listener.start()
        ready.wait(10)
        sent: dict[int, float] = {}
        start = time.perf_counter()
        for number in range(MESSAGES):
            at = time.perf_counter()
            message = {"channel": "players", "text": f"message {number}"}
            said = poster.post(f"/api/games/{game}/chat", headers=alice, json=message)
            sent[said.json()["seq"]] = at
        rate = MESSAGES / (time.perf_counter() - start)
        listener.join(30)
    return rate, [(arrived[seq] - at) * 1000 for seq, at in sent.items() if seq in arrived]


def main(_: Sequence[str] = ()) -> None:
    url = os.environ.get("DATABASE_URL")
    with tempfile.TemporaryDirectory() as scratch:
        url = url or f"sqlite:///{Path(scratch) / 'chat.db'}"
        where = "two server processes' worth" if url.startswith("postgresql") else "one server"
        print(f"Chat on {url.split(':', 1)[0]} ({where}): {MESSAGES} messages, one after another")
        rate, delays = measure(url)
        p99 = quantiles(delays, n=100)[98] if len(delays) > 1 else float("nan")
        print(f"  {rate:>9.0f} messages/s posted (API, in-process client)")
        print(f"  POST to the reader's stream: median {median(delays):.1f} ms, p99 {p99:.1f} ms "
              f"({len(delays)}/{MESSAGES} arrived)")  # fmt: skip
