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


async def _moves(app: Any, moves: int, warmup: int) -> float:
    account = {"username": f"asgi{random.randrange(10**9)}", "password": "a long password"}
    status, made = await call(app, "POST", "/api/register", orjson.dumps(account))
    assert status == 200, made
    token, rng = made["token"], random.Random(3)
    seats = orjson.dumps({"seats": SEATS})
    _, view = await call(app, "POST", "/api/games", seats, token)
    begin, made_moves = 0.0, -warmup  # the first moves warm up, not counted
    while made_moves < moves:
        if made_moves == 0:
            begin = time.process_time()
        if view["status"] == "over" or not view["legal_actions"]:
            _, view = await call(app, "POST", "/api/games", seats, token)
            continue
        body = orjson.dumps({"seq": view["seq"], "action": rng.choice(view["legal_actions"])})
        status, view = await call(app, "POST", f"/api/games/{view['id']}/actions", body, token)
        assert status == 200, view
        made_moves += 1
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
