"""The server's logs: a request id on every response and every log record of its request,
one record per error, and never a password, a token or a cookie."""

from __future__ import annotations

import io
import json
import logging
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from carson.app import create_app
from carson.server.kernel.logs import RandomIds, configure_logging, make_handler, redact

PASSWORD = "Tr0ub4dor-and-3"
WRONG_PASSWORD = "not-the-password-7731"
FORGED_TOKEN = "forged-token-9f8e7d6c5b4a"


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "db" / "carson.db"


@pytest.fixture
def app(database: Path) -> FastAPI:
    database.parent.mkdir()
    return create_app(f"sqlite:///{database}", budget_ms=5)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """Everything every logger writes, at DEBUG, as the server's JSON lines."""
    root = logging.getLogger()
    stream = io.StringIO()
    handler = make_handler(stream, json_lines=True)
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


def records(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_every_response_carries_a_request_id(client: TestClient) -> None:
    made = client.get("/healthz").headers["X-Request-ID"]
    assert len(made) == 32 and made != client.get("/healthz").headers["X-Request-ID"]
    sent = client.get("/healthz", headers={"X-Request-ID": "proxy-1234.ab:cd"})
    assert sent.headers["X-Request-ID"] == "proxy-1234.ab:cd"  # the proxy's own id is kept
    for forged in ("two words", "x" * 200, "id\x7f"):  # …unless it could forge a log line
        answer = client.get("/healthz", headers={"X-Request-ID": forged})
        assert answer.headers["X-Request-ID"] != forged
    assert client.get("/api/me").headers["X-Request-ID"]  # errors too


def test_the_log_records_of_a_request_carry_its_id(database: Path, log_lines: io.StringIO) -> None:
    # Without the in-process worker: its polls (for due jobs) would also see the database
    # lost and log their own warning; this test counts the request's.
    database.parent.mkdir()
    app = create_app(f"sqlite:///{database}", budget_ms=5, worker=False)
    with TestClient(app) as client:
        shutil.rmtree(database.parent)  # the database is lost: the request logs a warning
        app.state.engine.dispose()
        response = client.get(
            "/api/me", headers={"Authorization": "Bearer x", "X-Request-ID": "req-42"}
        )
    assert response.status_code == 503
    warnings = [r for r in records(log_lines) if r["level"] == "WARNING"]
    assert len(warnings) == 1, warnings  # one line per error
    assert warnings[0]["request_id"] == "req-42"
    assert warnings[0]["message"].startswith("database unavailable during GET /api/me")


def test_an_unhandled_error_is_logged_once_with_its_id_and_answered_500(
    app: FastAPI, log_lines: io.StringIO
) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/broken", broken)
    with TestClient(app) as client:
        response = client.get("/broken")
    request_id = response.headers["X-Request-ID"]
    assert response.status_code == 500
    assert response.json() == {
        "detail": f"internal error (request id {request_id})",
        "code": "internal_error",
    }
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    errors = [r for r in records(log_lines) if r["level"] == "ERROR"]
    assert len(errors) == 1
    assert errors[0]["request_id"] == request_id
    assert "RuntimeError: a bug" in errors[0]["traceback"]


def test_no_password_token_or_cookie_reaches_the_logs(
    client: TestClient, app: FastAPI, database: Path, log_lines: io.StringIO
) -> None:
    registered = client.post("/api/register", json={"username": "ann", "password": PASSWORD})
    token = registered.json()["token"]
    assert client.post("/api/login", json={"username": "ann", "password": WRONG_PASSWORD})
    assert client.get("/api/me", headers={"Authorization": f"Bearer {FORGED_TOKEN}"})
    assert client.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    client.cookies.set("carson_session", token)
    assert client.get("/").status_code == 200
    # A library that logs a header or a form as it is gets it redacted.
    logging.getLogger("some.library").warning(
        "sent Authorization: Bearer %s and password=%s", FORGED_TOKEN, PASSWORD
    )
    shutil.rmtree(database.parent)  # failures log the database's error: no parameters in it
    app.state.engine.dispose()
    client.post("/api/login", json={"username": "ann", "password": PASSWORD})
    client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    written = log_lines.getvalue()
    assert "database unavailable" in written and "[redacted]" in written  # it did log
    for secret in (PASSWORD, WRONG_PASSWORD, FORGED_TOKEN, token):
        assert secret not in written


def test_redact_keeps_the_rest_of_the_message() -> None:
    assert redact("cookie carson_session=abc; lang=de") == (
        "cookie carson_session=[redacted]; lang=de"
    )
    assert redact('{"password": "hunter2", "username": "ann"}') == (
        '{"password": "[redacted]", "username": "ann"}'
    )
    assert redact("GET /api/me 200") == "GET /api/me 200"


def test_new_request_ids_are_random_hex_and_differ_across_batches_and_a_fork() -> None:
    ids = RandomIds()
    made = [ids.next() for _ in range(RandomIds.BATCH * 2 + 3)]  # three batches drawn
    assert len(set(made)) == len(made)
    assert all(re.fullmatch(r"[0-9a-f]{32}", made_id) for made_id in made)
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child's next id is of its own bytes, not the parent's next one
        os.write(writer, ids.next().encode())
        os._exit(0)
    os.waitpid(child, 0)
    os.close(writer)
    in_child = os.read(reader, 64).decode()
    os.close(reader)
    assert re.fullmatch(r"[0-9a-f]{32}", in_child) and in_child != ids.next()


def test_an_access_line_is_json_with_its_fields_and_the_request_id(
    app: FastAPI, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging(json_lines=True, access=True)
    with TestClient(app) as client:
        answer = client.get("/api/games/nope?token=s3cret-value&x=1",
                            headers={"X-Request-ID": "req-77"})  # fmt: skip
    assert answer.status_code == 404
    written = capsys.readouterr().err
    lines = [json.loads(line) for line in written.splitlines()]
    access = [line for line in lines if line["logger"] == "carson.access"]
    assert len(access) == 1, lines
    assert access[0]["request_id"] == "req-77"
    fields = access[0]["http"]
    assert isinstance(fields.pop("duration_ms"), float)
    assert fields == {
        "client": "testclient",
        "method": "GET",
        "path": "/api/games/nope?token=[redacted]&x=1",
        "route": "/api/games/{game_id}",
        "status": 404,
    }
    assert "s3cret" not in written


def test_access_lines_only_when_asked_and_as_text_without_json(
    app: FastAPI, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging(access=False)
    with TestClient(app) as client:
        client.get("/healthz", headers={"X-Request-ID": "quiet-1"})
        assert "quiet-1" not in capsys.readouterr().err
        configure_logging(access=True)
        client.get("/healthz", headers={"X-Request-ID": "loud-1"})
    lines = [line for line in capsys.readouterr().err.splitlines() if "carson.access" in line]
    assert len(lines) == 1
    assert re.search(r' INFO carson\.access \[loud-1\] testclient "GET /healthz" 200 [\d.]+ ms$',
                     lines[0]), lines  # fmt: skip
