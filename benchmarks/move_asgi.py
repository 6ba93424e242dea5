"""CPU per accepted move through the whole ASGI application (every middleware, the routing,
the route's handler, the move on the event loop or in a thread), called in this process
without a server or a socket: what the web framework adds to ``GameService.act`` (part of
``make bench BENCH=move-path``).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import orjson

SEATS = ["human", "expert", "expert", "expert"]
NEW_GAME = orjson.dumps({"seats": SEATS})
#: The benchmark's one player moves far faster than the default rate limit allows.
GENEROUS = {"CARSON_LIMIT_MOVES_USER": "1000000/minute"}

Answer = tuple[int, Any]


async def call(app: Any, method: str, path: str, body: bytes = b"", token: str = "") -> Answer:
    """One HTTP request to the ASGI ``app``, as uvicorn would hand it over: status and JSON."""
    sent: list[dict[str, Any]] = []
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return pending.pop() if pending else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]  # fmt: skip
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 8000),
             "state": {}}  # fmt: skip
    await app(scope, receive, send)
    data = b"".join(message.get("body", b"") for message in sent[1:])
    return sent[0]["status"], orjson.loads(data) if data else None


class Tables:
    """``games`` players, each at a game of its own against three virtual seats, moving in
    turn through the API (a new game when one ends)."""

    def __init__(self, app: Any, seed: int = 7) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.tokens: list[str] = []
        self.views: list[Any] = []
        self.turn = 0

    async def seat(self, games: int) -> None:
        for index in range(games):
            account = {
                "username": f"asgi{index}-{random.randrange(10**9)}",
                "password": "a long password",
            }
            status, made = await call(self.app, "POST", "/api/register", orjson.dumps(account))
            assert status == 200, made
            self.tokens.append(made["token"])
            self.views.append(await self.new_game(made["token"]))

    async def new_game(self, token: str) -> Any:
        status, view = await call(self.app, "POST", "/api/games", NEW_GAME, token)
        assert status == 201, view
        return view

    async def move(self) -> None:
        """The next player's move (after a new game, if theirs has ended): accepted."""
        index = self.turn % len(self.tokens)
        self.turn += 1
        token, view = self.tokens[index], self.views[index]
        if view["status"] == "over" or not view["legal_actions"]:
            view = await self.new_game(token)
        body = orjson.dumps({"seq": view["seq"], "action": self.rng.choice(view["legal_actions"])})
        status, view = await call(self.app, "POST", f"/api/games/{view['id']}/actions", body, token)
        assert status == 200, view
        self.views[index] = view


async def _moves(app: Any, moves: int, warmup: int) -> float:
    """CPU ms per move of one player, after ``warmup`` moves not counted."""
    tables = Tables(app, seed=3)
    await tables.seat(1)
    for _ in range(warmup):
        await tables.move()
    begin = time.process_time()
    for _ in range(moves):
        await tables.move()
    return 1000 * (time.process_time() - begin) / moves


def asgi_cpu(url: str, moves: int, warmup: int = 200) -> float:
    """CPU milliseconds per accepted move through the application on ``url`` (the pages
    included, as ``carson serve`` runs it), game creations included."""
    os.environ.update(GENEROUS)
    from carson.app import create_app

    app = create_app(url)

    async def run() -> float:
        async with app.router.lifespan_context(app):
            return await _moves(app, moves, warmup)

    return asyncio.run(run())
