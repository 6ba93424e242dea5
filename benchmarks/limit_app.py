"""The least a move can cost on carson's stack (issue 43): FastAPI + uvicorn on the same kind
of database, a move being one token lookup (a ``SELECT`` of a tokens row by its SHA-256) and
one ``INSERT`` of a moves-like row, answered with a small JSON body.

    python -m benchmarks.limit_app --port 8001 --db sqlite:///limit.db | postgresql+psycopg://…

The ``two-person`` benchmark starts it beside ``carson serve`` and drives it with the same
players at the same pace: carson's server CPU per move over this app's is how far the server
stands from what the stack itself charges. The database calls run on the event loop on one
connection (SQLite as carson opens it: WAL, ``synchronous=NORMAL``; PostgreSQL through
psycopg, autocommit, its statements prepared after a few runs): no thread hop, no pool, no
ORM — the cheapest a move can be written here, which is what a limit must be.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import secrets
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import orjson
from fastapi import FastAPI, Header, HTTPException
from fastapi.responses import JSONResponse
from pydantic import BaseModel

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tokens (digest TEXT PRIMARY KEY, user_id INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, seq INTEGER NOT NULL, "
    "user_id INTEGER NOT NULL, action TEXT NOT NULL, played_at DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (game, seq))",
)
LOOKUP = "SELECT user_id FROM tokens WHERE digest = {0}"
INSERT = (
    "INSERT INTO moves (game, seq, user_id, action, played_at) VALUES ({0}, {0}, {0}, {0}, {0})"
)


class Move(BaseModel):
    """A move as carson's API takes it: the seq the player saw and an action object."""

    seq: int
    action: dict[str, Any]


class Database:
    """One connection, used from the event loop only; ``conflict`` is the driver's error
    for a row already there (a seq played twice)."""

    def __init__(self, url: str) -> None:
        if url.startswith("sqlite"):
            self.connection: Any = sqlite3.connect(url.split("///", 1)[1], isolation_level=None)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=NORMAL")
            self.mark = "?"
            self.conflict: type[Exception] = sqlite3.IntegrityError
        else:
            import psycopg

            conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
            self.connection = psycopg.connect(conninfo, autocommit=True)
            self.mark = "%s"
            self.conflict = psycopg.errors.UniqueViolation
        for statement in SCHEMA:
            self.connection.execute(statement)
        self.lookup = LOOKUP.format(self.mark)
        self.insert = INSERT.format(self.mark)

    def user_of(self, token: str) -> int | None:
        digest = hashlib.sha256(token.encode()).hexdigest()
        row = self.connection.execute(self.lookup, (digest,)).fetchone()
        return None if row is None else int(row[0])

    def add_user(self) -> str:
        token = secrets.token_urlsafe(32)
        user = secrets.randbelow(2**31)
        statement = f"INSERT INTO tokens (digest, user_id) VALUES ({self.mark}, {self.mark})"
        self.connection.execute(statement, (hashlib.sha256(token.encode()).hexdigest(), user))
        return token


def create_app(url: str) -> FastAPI:
    """The limit app on the database at ``url`` (a SQLAlchemy-style URL, as carson takes)."""
    database = Database(url)
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        return JSONResponse({"ok": True})

    @app.post("/register")
    async def register() -> JSONResponse:
        return JSONResponse({"token": database.add_user()})

    @app.post("/games/{game}/moves")
    async def move(game: str, body: Move, authorization: str = Header(default="")) -> JSONResponse:
        user = database.user_of(authorization.removeprefix("Bearer "))
        if user is None:
            raise HTTPException(401, "unknown token")
        row = (game, body.seq + 1, user, orjson.dumps(body.action).decode(), time.time())
        try:
            database.connection.execute(database.insert, row)
        except database.conflict:
            raise HTTPException(409, "seq already played") from None
        return JSONResponse({"game": game, "seq": body.seq + 1, "user": user})

    return app


@contextmanager
def limit_server(url: str, pids: list[int]) -> Iterator[str]:
    """This app as its own uvicorn process on a free loopback port: yields its base URL;
    its pid is in ``pids`` meanwhile."""
    from benchmarks.server import free_port, wait_healthy

    port = free_port()
    command = [sys.executable, "-m", "benchmarks.limit_app", "--port", str(port), "--db", url]
    # From the checkout's root: ``-m benchmarks.limit_app`` finds this module wherever the
    # benchmark was started from.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=root)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    pids.append(process.pid)
    try:
        wait_healthy(base)
        yield base
    finally:
        pids.remove(process.pid)
        process.terminate()
        process.wait(timeout=30)


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m benchmarks.limit_app")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="sqlite:///<file> or postgresql+psycopg://…")
    args = parser.parse_args(argv)
    # As ``carson serve`` runs uvicorn: the default loop (uvloop) and HTTP parser, no log.
    uvicorn.run(create_app(args.db), host="127.0.0.1", port=args.port, access_log=False,
                log_config=None)  # fmt: skip


if __name__ == "__main__":
    main()
