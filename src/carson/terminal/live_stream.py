"""A game's live stream for the terminal (``GET /api/games/{id}/stream``, server-sent events),
read with the standard library's :mod:`http.client`.

Each message is ``(event, data)``: ``move`` with ``{"seq", "events"}`` (the events the seat
may see), ``view`` with the seat's view. A dropped connection (closed, silent beyond
:data:`READ_TIMEOUT` — the server pings every 15 s —, a network error) is opened again after a
growing pause with ``Last-Event-ID``, so the server sends what was missed first; after
:data:`MAX_RETRIES` failures in a row the server counts as unreachable. A stream the server
refuses for its load (429: the account's streams are all taken; 503) raises
:class:`StreamRefused`: the caller looks at the game by polling instead.
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.parse
from collections.abc import Callable, Generator, Iterator
from typing import Any, Protocol

from carson import __version__
from carson.terminal.api_client import ApiClient, ApiError, JsonDict, refused_with

#: Seconds without a byte (not even the server's ping) before the connection counts as lost.
READ_TIMEOUT = 45.0
#: The longest line of a message, and the most bytes of one message's data.
MAX_LINE = 1024 * 1024
MAX_DATA = 16 * 1024 * 1024
#: Pauses before reconnecting, one per failure in a row (the last one repeats).
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: Failures in a row after which the server counts as unreachable.
MAX_RETRIES = 8
#: The statuses of a stream refused for the server's load: poll instead.
BUSY = (429, 503)


class StreamRefused(Exception):
    """The server refused a live stream now (too many open): look by polling."""


class Lines(Protocol):
    """A readable stream's lines (an HTTP response)."""

    def readline(self, limit: int = -1, /) -> bytes: ...


Message = tuple[str, JsonDict]


def parse(lines: Lines) -> Iterator[tuple[str, str | None, str]]:
    """The messages (event, id, data) of a server-sent event stream until it ends; comments
    (the server's pings) are skipped. ``ApiError`` for a line or a message beyond bounds."""
    event, last_id, data = "message", None, list[str]()
    size = 0
    while True:
        raw = lines.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE:
            raise ApiError(0, "bad_answer", f"a stream line longer than {MAX_LINE} bytes")
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if not line:
            if data:
                yield event, last_id, "\n".join(data)
            event, data, size = "message", [], 0
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            event = value
        elif name == "id":
            last_id = value
        elif name == "data":
            size += len(value)
            if size > MAX_DATA:
                raise ApiError(0, "bad_answer", f"a stream message beyond {MAX_DATA} bytes")
            data.append(value)


class LiveStream:
    """One game's stream for the client's user, reconnecting as needed."""

    def __init__(
        self,
        client: ApiClient,
        game_id: str,
        timeout: float = READ_TIMEOUT,
        sleep: Callable[[float], None] = time.sleep,
        on_retry: Callable[[int, str], None] | None = None,
    ) -> None:
        self.client, self.game_id, self.timeout, self._sleep = client, game_id, timeout, sleep
        #: Told (the failures in a row, the reason) before each pause to reconnect: the
        #: player hears that the server does not answer rather than waiting in silence.
        self._on_retry = on_retry
        #: The connections opened so far (a reconnect adds one).
        self.connections = 0

    def messages(self, since: int | None) -> Generator[Message, None, None]:
        """The stream's messages after move ``since`` (``None``: the view now, first), across
        reconnects, until the caller stops (at the view of a game that is over: the server
        then closes the stream, which would be opened again)."""
        failures = 0
        while True:
            try:
                for event, last_id, data in self._connected(since):
                    failures = 0
                    if last_id is not None and last_id.isdigit():
                        since = int(last_id)
                    yield event, _json(data)
                raise ConnectionResetError("the server closed the stream")
            except (OSError, http.client.HTTPException) as error:
                failures += 1
                reason = str(error) or type(error).__name__
                if failures > MAX_RETRIES:
                    raise ApiError(0, "unreachable", reason) from None
                if self._on_retry is not None:
                    self._on_retry(failures, reason)
                self._sleep(BACKOFF[min(failures, len(BACKOFF)) - 1])

    def _connected(self, since: int | None) -> Iterator[tuple[str, str | None, str]]:
        """One connection's messages; its end closes it."""
        parts = urllib.parse.urlsplit(self.client.base)
        kind = (
            http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        )
        connection = kind(parts.netloc, timeout=self.timeout)
        headers = {
            "Accept": "text/event-stream",
            "Cache-Control": "no-cache",
            "User-Agent": f"carson-terminal/{__version__}",
        }
        if self.client.token is not None:
            headers["Authorization"] = f"Bearer {self.client.token}"
        if since is not None:
            headers["Last-Event-ID"] = str(since)
        game = urllib.parse.quote(self.game_id, safe="")
        try:
            self.connections += 1
            connection.request("GET", f"{parts.path}/api/games/{game}/stream", headers=headers)
            response = connection.getresponse()
            if response.status != 200:
                body = response.read(MAX_LINE)
                if response.status in BUSY:
                    raise StreamRefused(response.status)
                raise refused_with(response.status, body)
            yield from parse(response)
        finally:
            connection.close()


def _json(data: str) -> JsonDict:
    try:
        value: Any = json.loads(data)
    except ValueError:
        raise ApiError(0, "bad_answer", "a stream message that is not JSON") from None
    if not isinstance(value, dict):
        raise ApiError(0, "bad_answer", "a stream message that is not a JSON object")
    return value
