"""Request bodies of bounded size: an ASGI middleware that reads a body as it streams in,
counting its bytes, and answers 413 as soon as it passes the path's limit.

``Content-Length`` is not trusted alone (a chunked body has none, a client may lie): the
bytes are counted as they arrive. A body within the limit is kept (it is at most the limit)
and handed to the application as if it had just arrived, so the application never starts on
a request it would have to abandon: a refused request changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The body of a 413 answer for a path (the composition root gives pages a translated one):
#: ``(scope, limit) -> (content type, body)``.
Refusal = Callable[[Scope, int], Awaitable[tuple[str, bytes]]]


async def json_refusal(scope: Scope, limit: int) -> tuple[str, bytes]:
    detail = f"the request body is larger than {limit} bytes"
    return "application/json", json.dumps({"detail": detail, "code": "too_large"}).encode()


class BodyLimit:
    def __init__(
        self,
        app: ASGIApp,
        limit_for: Callable[[str], int],
        refusal: Refusal = json_refusal,
    ) -> None:
        self.app = app
        self.limit_for = limit_for
        self.refusal = refusal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = content_length(scope)
        if declared is not None and declared > limit:
            await self._refuse(scope, send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: nothing to serve
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(scope, send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replaying(b"".join(chunks), receive), send)

    async def _refuse(self, scope: Scope, send: Send, limit: int) -> None:
        content_type, body = await self.refusal(scope, limit)
        headers = [
            (b"content-type", content_type.encode()),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),  # the rest of the body is not read
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def content_length(scope: Scope) -> int | None:
    """The body's declared size, ``None`` if none (or not a number)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def replaying(body: bytes, receive: Receive) -> Receive:
    """``receive`` that gives the whole body first, then what the client sends next (its
    disconnection, which live streams wait for)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay
