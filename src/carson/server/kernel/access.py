"""Each HTTP request seen: counted and timed in the metrics by its route's template
(``/api/games/{game_id}/actions``, never the game's id: a bounded set of series), and
written as one access line when access logging is on (``carson serve --access-log``): as
text, or as a JSON object with its fields when the logs are JSON lines (``--log-json``),
with the request's id like every other line of that request.

The path is logged with its query string, any token in it redacted (a mail's link holds
one): the JSON fields are not passed through the handler's filter, which cleans messages.
"""

from __future__ import annotations

import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from carson.server.kernel import metrics
from carson.server.kernel.logs import redact

#: The access lines' logger: INFO when access logging is on (:func:`logs.configure_logging`).
access_log = logging.getLogger("carson.access")
#: The route of a request no route took (404): one label for all of them.
UNMATCHED = "unmatched"
#: Methods counted by name; any other a client makes up is "OTHER" (a bounded set of series).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def route_of(scope: Scope) -> str:
    """The template of the route that took the request (set by Starlette's router)."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else UNMATCHED


class RequestsSeen:
    """ASGI middleware: the metrics of every HTTP request, and its access line. Placed
    inside :class:`~carson.server.kernel.logs.RequestIds`, so its line has the request's id;
    an error that escapes the app is counted as the 500 that ``RequestIds`` answers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        method = scope["method"] if scope["method"] in METHODS else "OTHER"
        status, answered = 500, False  # 500: what RequestIds answers if nothing started

        async def send_timed(message: Message) -> None:
            nonlocal status, answered
            if message["type"] == "http.response.start":
                status, answered = message["status"], True
                # Until the headers: a live stream's time is its start, not its hours open.
                metrics.request_seen(method, route_of(scope), status, time.perf_counter() - started)
            await send(message)

        try:
            await self.app(scope, receive, send_timed)
        except BaseException:
            if not answered:
                metrics.request_seen(method, route_of(scope), 500, time.perf_counter() - started)
            raise
        finally:
            if access_log.isEnabledFor(logging.INFO):
                _log_access(scope, status, time.perf_counter() - started)


def _log_access(scope: Scope, status: int, seconds: float) -> None:
    client = scope.get("client")
    query = scope.get("query_string", b"").decode("latin-1")
    fields = {
        "client": client[0] if client else None,
        "method": scope["method"],
        "path": scope["path"] + ("?" + redact(query) if query else ""),
        "route": route_of(scope),
        "status": status,
        "duration_ms": round(seconds * 1000, 2),
    }
    access_log.info(
        '%s "%s %s" %d %.2f ms',
        fields["client"] or "-",
        fields["method"],
        fields["path"],
        status,
        fields["duration_ms"],
        extra={"http": fields},
    )
