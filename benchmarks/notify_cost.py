"""Server CPU per move notification received from another process, with no stream open
(issue 22): ``python -m benchmarks.notify_cost`` (PostgreSQL must be installed).

Starts one ``carson serve`` on a throwaway PostgreSQL, measures its CPU at rest for 10 s, then
sends ``NOTIFY carson_moves`` for 200 games at 400 a second for 10 s (what two processes'
moves send each other at 200 moves a second, and more) and reports the CPU each added. Run
with ``PYTHONPATH=<older checkout>/src`` to compare with an older server.
"""

from __future__ import annotations

import secrets
import sys
import time
from pathlib import Path

import psycopg
from sqlalchemy.engine import make_url

from benchmarks.load import cpu_seconds
from benchmarks.server import server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from postgres import throwaway_cluster

RATE = 400
SECONDS = 10.0
GAMES = 200


def main() -> None:
    with throwaway_cluster() as url:
        if url is None:
            print("notify-cost: skipped, PostgreSQL is not installed")
            return
        pids: list[int] = []
        with server(url, pids):
            conninfo = make_url(url).set(drivername="postgresql")
            with psycopg.connect(conninfo.render_as_string(hide_password=False)) as sender:
                sender.autocommit = True
                time.sleep(2)  # the server's start settles
                before = cpu_seconds(pids)
                time.sleep(SECONDS)
                rest = cpu_seconds(pids) - before
                games = [secrets.token_hex(6) for _ in range(GAMES)]
                before, start, sent = cpu_seconds(pids), time.monotonic(), 0
                while time.monotonic() - start < SECONDS:
                    sender.execute("SELECT pg_notify('carson_moves', %s)", (games[sent % GAMES],))
                    sent += 1
                    time.sleep(max(0.0, start + sent / RATE - time.monotonic()))
                busy = cpu_seconds(pids) - before
        print(f"server at rest: {1000 * rest / SECONDS:.2f} ms CPU a second; "
              f"{sent} notifications: {1e6 * (busy - rest) / sent:.1f} µs CPU each")  # fmt: skip


if __name__ == "__main__":
    main()
