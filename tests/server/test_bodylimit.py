"""The body-size middleware on its own: it counts the bytes that arrive, whatever the
headers say, and the application never sees a refused body."""

from __future__ import annotations

import asyncio
import json

from starlette.types import Message, Receive, Scope, Send

from carson.server.kernel.bodylimit import BodyLimit

seen: list[bytes] = []


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    """Reads the whole body and answers its length."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body", False):
            break
    seen.append(body)
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": str(len(body)).encode()})


def run(parts: list[bytes], headers: list[tuple[bytes, bytes]], limit: int = 100) -> list[Message]:
    """Send a body in ``parts`` through the middleware; the messages it answers."""
    incoming = [
        {"type": "http.request", "body": part, "more_body": index < len(parts) - 1}
        for index, part in enumerate(parts)
    ]
    replies: list[Message] = []

    async def receive() -> Message:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        replies.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/x", "headers": headers}
    asyncio.run(BodyLimit(application, lambda path: limit)(scope, receive, send))
    return replies


def test_a_body_within_the_limit_reaches_the_application_whole() -> None:
    seen.clear()
    replies = run([b"a" * 60, b"b" * 40], [])
    assert replies[0]["status"] == 200 and replies[1]["body"] == b"100"
    assert seen == [b"a" * 60 + b"b" * 40]


def test_a_chunked_body_over_the_limit_is_refused_before_the_application_runs() -> None:
    seen.clear()
    replies = run([b"a" * 60, b"b" * 41], [(b"transfer-encoding", b"chunked")])
    assert replies[0]["status"] == 413
    assert json.loads(replies[1]["body"]) == {
        "detail": "the request body is larger than 100 bytes",
        "code": "too_large",
    }
    assert seen == []


def test_a_content_length_that_lies_does_not_let_a_big_body_through() -> None:
    seen.clear()
    replies = run([b"a" * 80, b"b" * 80], [(b"content-length", b"10")])
    assert replies[0]["status"] == 413 and seen == []


def test_a_declared_length_over_the_limit_is_refused_without_reading() -> None:
    seen.clear()
    replies = run([b"never read"], [(b"content-length", b"1000000")])
    assert replies[0]["status"] == 413 and seen == []


def test_a_client_that_leaves_mid_body_gets_no_answer() -> None:
    seen.clear()

    async def scenario() -> list[Message]:
        incoming: list[Message] = [
            {"type": "http.request", "body": b"a", "more_body": True},
            {"type": "http.disconnect"},
        ]
        replies: list[Message] = []

        async def receive() -> Message:
            return incoming.pop(0)

        async def send(message: Message) -> None:
            replies.append(message)

        scope = {"type": "http", "method": "POST", "path": "/", "headers": []}
        await BodyLimit(application, lambda path: 100)(scope, receive, send)
        return replies

    assert asyncio.run(scenario()) == [] and seen == []
