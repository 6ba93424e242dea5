"""The server benchmarks' players (``benchmarks.load``): a kept-alive connection the server
closes under a request is sent again on a fresh one, not counted as a failure (issue 22)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import aiohttp
import pytest

BODY = b'{"ok": true}'
ANSWER = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (
    len(BODY),
    BODY,
)


async def _serve_then_drop(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answer a connection's first request, keep it alive, then close it under the next
    one without a word (as a server's keep-alive timeout does, a moment too late)."""
    await reader.readuntil(b"\r\n\r\n")
    writer.write(ANSWER)
    await writer.drain()
    with contextlib.suppress(asyncio.IncompleteReadError):  # the client closed it first
        await reader.readuntil(b"\r\n\r\n")  # the next request on the kept-alive connection
    writer.close()


def test_a_stale_kept_alive_connection_is_retried_on_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1]))
    from benchmarks.load import Players, Run

    async def scenario() -> tuple[list[tuple[int, object]], Run]:
        server = await asyncio.start_server(_serve_then_drop, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        run = Run(1.0)
        async with server, aiohttp.ClientSession() as client:
            players = Players(client, [f"http://127.0.0.1:{port}"], run)
            # A move (a POST): aiohttp itself sends an idempotent GET again, not a POST.
            url = f"http://127.0.0.1:{port}/api/games/x/actions"
            answers = [await players.request("POST", url, json={}) for _ in range(2)]
        return answers, run

    answers, run = asyncio.run(scenario())
    assert answers == [(200, {"ok": True}), (200, {"ok": True})]
    assert run.retried == 1  # the second went out again, on a new connection
