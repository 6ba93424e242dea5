"""The server's logs: stdlib :mod:`logging`, as text or as JSON lines, every record of a
request tagged with its request id, and no secret ever written.

The request id comes from the client's or the proxy's ``X-Request-ID`` when it is a sane
token, else it is made here; the response carries it back, so a user's report ("request
3f2a… failed") leads to the log lines of that request. An error the app did not handle is
logged once, as one record with its traceback, and answered with a 500 naming the id.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import threading
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import TextIO, cast

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("carson.server")

#: The id of the request being served in this context ("-" outside of any request).
REQUEST_ID: ContextVar[str] = ContextVar("carson_request_id", default="-")
REQUEST_ID_HEADER = "X-Request-ID"
#: What an incoming request id may be: short, and nothing that could forge a log line.
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"

#: Secrets that could reach a message through a library's own logging (a header, a cookie,
#: a form field echoed in an error): each replaced by its name and ``[redacted]``.
_SECRETS = [
    re.compile(r"(?i)(authorization['\"]?\s*[:=]\s*['\"]?)(bearer\s+)?[^\s'\",;]+"),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+"),
    re.compile(
        r"(?i)((?:carson_session|carson_csrf|csrf|password|token)['\"]?\s*[:=]\s*['\"]?)"
        r"[^\s'\",;&]+"
    ),
]


def redact(message: str) -> str:
    for pattern in _SECRETS:
        message = pattern.sub(lambda match: match.group(1) + "[redacted]", message)
    return message


class RequestContext(logging.Filter):
    """Puts the request id on every record and takes secrets out of its message."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


class JsonLines(logging.Formatter):
    """One JSON object per line: time, level, logger, request id, message, an access
    line's fields (``http``: client, method, path, route, status, duration_ms), traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", REQUEST_ID.get()),
            "message": record.getMessage(),
        }
        http = getattr(record, "http", None)
        if isinstance(http, dict):  # an access line's fields (carson.server.kernel.access)
            line["http"] = http
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def make_handler(stream: TextIO, json_lines: bool = False) -> logging.Handler:
    """A handler writing to ``stream`` with the request ids, without secrets."""
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestContext())
    handler.setFormatter(JsonLines() if json_lines else logging.Formatter(TEXT_FORMAT))
    return handler


class _CurrentStderr:
    """Whatever ``sys.stderr`` is when a record is written: a stream replaced meanwhile (a
    test runner's capture, closed after its command) is never written to after it closed."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure_logging(
    json_lines: bool = False, level: str = "INFO", access: bool = False
) -> logging.Handler:
    """Send every logger's records (carson's, uvicorn's, SQLAlchemy's) to stderr through one
    handler, as text or JSON lines, with a line per request if ``access``; returns the
    handler."""
    handler = make_handler(cast(TextIO, _CurrentStderr()), json_lines)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    # SQLAlchemy logs every statement at INFO when its logger lets it: warnings only.
    logging.getLogger("sqlalchemy").setLevel(logging.WARNING)
    # carson writes the access lines (carson.server.kernel.access), not uvicorn: with their
    # route, time and JSON fields.
    logging.getLogger("carson.access").setLevel(logging.INFO if access else logging.WARNING)
    quiet_alembic(debug=root.level <= logging.DEBUG)
    return handler


class AlembicChatter(logging.Filter):
    """Drops what Alembic says at every start whatever it does ("Context impl SQLiteImpl.",
    "Will assume non-transactional DDL."); the migrations it runs are still logged."""

    CHATTER = ("Context impl ", "Will assume ")

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.CHATTER)


_ALEMBIC_CHATTER = AlembicChatter()


def quiet_alembic(debug: bool) -> None:
    """Alembic's start-up lines (the plugins it sets up, its context) only at ``debug``."""
    plugins = logging.getLogger("alembic.runtime.plugins")
    migration = logging.getLogger("alembic.runtime.migration")
    plugins.setLevel(logging.NOTSET if debug else logging.WARNING)
    if debug:
        migration.removeFilter(_ALEMBIC_CHATTER)
    else:
        migration.addFilter(_ALEMBIC_CHATTER)


def request_id_from(scope: Scope) -> str:
    """The request's own id if it sent a sane one, else a new one."""
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            sent = str(value.decode("latin-1"))
            if _SANE_ID.fullmatch(sent):
                return sent
    return _fresh_ids.next()


class RandomIds:
    """New request ids of 128 random bits (as ``uuid4().hex`` gave), cut from random bytes
    the system gives :data:`BATCH` ids at a time: one ``getrandom`` call per id was a
    system call on every move (issue 22)."""

    BATCH = 256

    def __init__(self) -> None:
        self._bytes = b""
        self._at = 0
        self._guard = threading.Lock()  # request threads make ids too
        # A forked child draws its own bytes, never the ids its parent will give out.
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._bytes, self._at = b"", 0

    def next(self) -> str:
        with self._guard:
            if self._at == len(self._bytes):
                self._bytes, self._at = os.urandom(16 * self.BATCH), 0
            start = self._at
            self._at += 16
            return self._bytes[start : start + 16].hex()


_fresh_ids = RandomIds()


class RequestIds:
    """ASGI middleware: each HTTP request gets its id (in the logs' context and in the
    response's ``X-Request-ID``); an unhandled error is logged once and answered with 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = request_id_from(scope)
        token = REQUEST_ID.set(request_id)
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(n, v) for n, v in message.get("headers", []) if n != b"x-request-id"]
                headers.append((b"x-request-id", request_id.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error in %s %s", scope["method"], scope["path"])
            if not started:
                await _internal_error(send_with_id, request_id)
        finally:
            REQUEST_ID.reset(token)


async def _internal_error(send: Send, request_id: str) -> None:
    body = json.dumps(
        {"detail": f"internal error (request id {request_id})", "code": "internal_error"}
    ).encode()
    await send({
        "type": "http.response.start",
        "status": 500,
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())],
    })  # fmt: skip
    await send({"type": "http.response.body", "body": body})
