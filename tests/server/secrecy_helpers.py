"""What one audience of a game is shown, as raw bytes, for the secrecy tests: its API view,
its event log pages, its live stream (read over a real HTTP connection) and its web page."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

#: ISO-8601 moments (``2026-11-24T03:00:33.123+00:00`` and the like): not part of a secret.
TIMESTAMP = re.compile(rb"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")
#: How many watch the game now: public, and it depends on when the server noticed the
#: audiences' earlier live streams close (seen to differ between the two games in a run).
WATCHERS = re.compile(rb'<span id="watchers-count">\d+</span>')


def normalised(raw: bytes, game_id: str) -> bytes:
    """``raw`` without timestamps and watcher count, the game's (random) id as ``GAME``."""
    without_id = raw.replace(game_id.encode(), b"GAME")
    return WATCHERS.sub(b"WATCHERS", TIMESTAMP.sub(b"TIME", without_id))


def api_view(client: TestClient, game_id: str) -> bytes:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.text
    return response.content


def event_log(client: TestClient, game_id: str) -> bytes:
    """Every page of the event log, small pages so that paging is compared too."""
    url: str | None = f"/api/games/{game_id}/events?limit=3"
    pages = []
    while url is not None:
        response = client.get(url)
        assert response.status_code == 200, response.text
        pages.append(response.content)
        url = response.json().get("next")
    return b"\n".join(pages)


def web_page(client: TestClient, game_id: str) -> bytes:
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200, response.text
    return response.content


@contextmanager
def live_server(app: FastAPI) -> Iterator[int]:
    """The app (already started by a ``TestClient``) served over real HTTP on a free local
    port, so that a live stream of a game in progress can be read as it is sent."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the live server did not start"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def stream_until_view(port: int, client: TestClient, game_id: str) -> bytes:
    """The bytes of the game's live stream from seq 0 on (``Last-Event-ID: 0``): every move
    since the setup, then the view; read up to the end of that first view message."""
    cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    headers = {"Last-Event-ID": "0", "Accept": "text/event-stream", "Cookie": cookie}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", f"/api/games/{game_id}/stream", headers=headers)
        response = connection.getresponse()
        assert response.status == 200, response.read()
        received = b""
        while not (b"event: view" in received and received.endswith(b"\n\n")):
            chunk = response.read1()
            assert chunk, f"the stream ended before its view: {received!r}"
            received = (received + chunk).replace(b"\r\n", b"\n")
    finally:
        connection.close()
    return received
