"""Sessions in the API: logging out ends the token, tokens expire when left idle and are
renewed by use, a user lists and ends their sessions, a password change ends the others; the
token memory of a process stays bounded and notices an end elsewhere within its lifetime."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, delete, select, update

from carson.server.accounts.service import TOKEN_MEMORY, memory_size_configured
from carson.server.accounts.tokens import IDLE, TOUCH_EVERY, agent_label
from carson.server.app import create_app
from carson.server.kernel.db import Token, now
from carson.server.play.games import GameService

PASSWORD = "password-alice"


class Clock:
    """A clock the tests move on (no sleeping)."""

    def __init__(self) -> None:
        self.time = now()

    def __call__(self) -> datetime:
        return self.time

    def advance(self, **delta: float) -> None:
        self.time += timedelta(**delta)


def service_of(app: FastAPI) -> GameService:
    service = app.state.games
    assert isinstance(service, GameService)
    return service


@pytest.fixture
def clock(app: FastAPI) -> Clock:
    moved = Clock()
    service_of(app).accounts.clock = moved
    return moved


def log_in(client: TestClient, agent: str = "pytest", name: str = "alice") -> dict[str, str]:
    response = client.post(
        "/api/login",
        json={"username": name, "password": "password-" + name},
        headers={"User-Agent": agent},
    )
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def sign_up(client: TestClient, name: str = "alice") -> dict[str, str]:
    response = client.post("/api/register", json={"username": name, "password": "password-" + name})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def works(client: TestClient, headers: dict[str, str]) -> bool:
    status = client.get("/api/me", headers=headers).status_code
    assert status in (200, 401)
    return status == 200


def test_logging_out_with_a_bearer_token_ends_that_token(client: TestClient) -> None:
    alice = sign_up(client)
    other = log_in(client)
    closed = client.delete("/api/session", headers=alice)
    assert closed.status_code == 200 and closed.json()["logged_out"] is True
    assert not works(client, alice)
    assert client.delete("/api/session", headers=alice).status_code == 401
    assert works(client, other)  # only the token it was sent with


def test_a_token_left_idle_expires_and_its_row_is_deleted(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    alice = sign_up(client)
    clock.advance(seconds=IDLE.total_seconds() - 60)
    assert works(client, alice)  # used a minute before its end: renewed
    clock.advance(seconds=IDLE.total_seconds() + 1)
    assert not works(client, alice)
    assert "expired" in client.get("/api/me", headers=alice).json()["detail"]
    with service_of(app).sessions() as session:
        assert session.scalars(select(Token)).all() == []


def test_use_renews_a_token_but_writes_at_most_every_few_minutes(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    alice = sign_up(client)

    def last_used() -> datetime:
        with service_of(app).sessions() as session:
            row = session.scalars(select(Token)).one()
            return row.last_used_at.replace(tzinfo=None)

    first = last_used()
    clock.advance(seconds=TOUCH_EVERY.total_seconds() - 1)
    assert works(client, alice)  # read from the database: too soon to write
    assert last_used() == first
    clock.advance(seconds=TOKEN_MEMORY + 1)  # forgotten by the memory, and late enough
    assert works(client, alice)
    assert last_used() > first
    for _ in range(3):  # 20 days idle each time: always renewed, never expired
        clock.advance(days=20)
        assert works(client, alice)
    clock.advance(days=31)
    assert not works(client, alice)


def test_expired_tokens_are_deleted_at_login_and_at_start(
    client: TestClient, app: FastAPI, clock: Clock, db_url: str
) -> None:
    sign_up(client)
    log_in(client)
    clock.advance(days=31)
    log_in(client)  # the user's expired sessions end with a new login
    with service_of(app).sessions() as session:
        assert len(session.scalars(select(Token)).all()) == 1
    bob = sign_up(client, "bob")
    bob_id = client.get("/api/me", headers=bob).json()["id"]
    with service_of(app).sessions() as session:
        row = session.scalars(select(Token).where(Token.user_id == bob_id)).one()
        row.expires_at = now() - timedelta(seconds=1)
        session.commit()
    restarted = create_app(db_url)  # a new process cleans up at its start
    with service_of(restarted).sessions() as session:
        assert len(session.scalars(select(Token)).all()) == 1


def test_a_user_lists_their_sessions_without_tokens_and_ends_one(client: TestClient) -> None:
    sign_up(client, "bob")
    bob = log_in(client, name="bob")
    sign_up(client)
    firefox = log_in(
        client, "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
    )
    curl = log_in(client, "curl/8.14.1")
    listed = client.get("/api/sessions", headers=firefox)
    assert listed.status_code == 200
    sessions = listed.json()["sessions"]
    assert len(sessions) == 3
    labels = {item["label"]: item for item in sessions}
    assert labels["Firefox · Linux"]["current"] is True
    assert labels["curl"]["current"] is False
    assert set(sessions[0]) == {
        "id",
        "created_at",
        "last_used_at",
        "expires_at",
        "label",
        "current",
    }
    for header in (firefox, curl):
        assert header["Authorization"].split()[1] not in listed.text
    bobs = client.get("/api/sessions", headers=bob).json()["sessions"]
    assert client.delete(f"/api/sessions/{bobs[0]['id']}", headers=curl).status_code == 404
    assert works(client, bob)  # another user's session is not the caller's to end
    assert client.delete("/api/sessions/unknown", headers=curl).status_code == 404
    ended = client.delete(f"/api/sessions/{labels['curl']['id']}", headers=firefox)
    assert ended.status_code == 200 and ended.json() == {"id": labels["curl"]["id"], "ended": True}
    assert not works(client, curl)
    assert works(client, firefox)
    assert client.get("/api/sessions").status_code == 401


def test_a_password_change_ends_the_other_sessions_and_keeps_this_one(client: TestClient) -> None:
    here = sign_up(client)
    phone, laptop = log_in(client), log_in(client)
    changed = client.post(
        "/api/password",
        json={"current_password": PASSWORD, "new_password": "a new password"},
        headers=here,
    )
    assert changed.status_code == 200
    assert changed.json() == {"changed": True, "other_sessions_ended": True}
    assert works(client, here)
    assert not works(client, phone) and not works(client, laptop)
    old = client.post("/api/login", json={"username": "alice", "password": PASSWORD})
    assert old.status_code == 401
    new = client.post("/api/login", json={"username": "alice", "password": "a new password"})
    assert new.status_code == 200


@pytest.mark.parametrize(
    ("current", "new", "says"),
    [("wrong password", "a new password", "current password is wrong"), (PASSWORD, "short", "8")],
)
def test_a_refused_password_change_changes_nothing(
    client: TestClient, current: str, new: str, says: str
) -> None:
    here = sign_up(client)
    other = log_in(client)
    refused = client.post(
        "/api/password", json={"current_password": current, "new_password": new}, headers=here
    )
    assert refused.status_code == 422 and says in refused.json()["detail"]
    assert works(client, here) and works(client, other)
    assert client.post("/api/login", json={"username": "alice", "password": PASSWORD}).is_success


def test_the_session_routes_are_documented(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"200", "401", "403", "404"} <= set(
        paths["/api/sessions/{session_id}"]["delete"]["responses"]
    )
    assert {"200", "401", "422"} <= set(paths["/api/password"]["post"]["responses"])
    assert "SessionsOut" in str(paths["/api/sessions"]["get"]["responses"]["200"])


def test_the_token_memory_stays_bounded(client: TestClient, app: FastAPI) -> None:
    accounts = service_of(app).accounts
    small = type(accounts)(accounts.sessions, accounts.clock, memory_size=3)
    service_of(app).accounts = app.state.accounts = small
    tokens = [sign_up(client, f"user{number}") for number in range(6)]
    for headers in tokens:
        assert works(client, headers)
    assert small.memory_size() == 3
    assert all(works(client, headers) for headers in tokens)  # the forgotten are asked again


def soon(check: Callable[[], bool], seconds: float = 10) -> bool:
    """Whether ``check`` holds within ``seconds`` (a notice between processes travels)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_an_end_in_another_process_is_noticed(db_url: str) -> None:
    """On PostgreSQL at once (the ending's notice); on SQLite within the memory's time."""
    clock = Clock()
    first, second = create_app(db_url, worker=False), create_app(db_url, worker=False)
    for app in (first, second):
        service_of(app).accounts.clock = clock
    with TestClient(first) as here, TestClient(second) as there:
        alice, bob = sign_up(here), sign_up(here, "bob")
        assert works(here, alice) and works(here, bob)  # remembered by the first process
        assert there.delete("/api/session", headers=alice).status_code == 200
        if db_url.startswith("postgresql"):
            assert soon(lambda: not works(here, alice))
            assert works(here, bob)  # only the ended session is forgotten
            return
        assert works(here, alice)  # still remembered…
        clock.advance(seconds=TOKEN_MEMORY + 1)
        assert not works(here, alice)  # …for TOKEN_MEMORY seconds at most


def test_a_process_back_from_a_lost_listening_connection_checks_every_token(
    db_url: str,
) -> None:
    """Notices of ended sessions may have been missed meanwhile."""
    if not db_url.startswith("postgresql"):
        pytest.skip("processes hear of ended sessions through PostgreSQL")
    with TestClient(create_app(db_url, worker=False)) as client:
        alice = sign_up(client)
        assert works(client, alice)
        engine = create_engine(db_url, isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:  # ended behind every process's back
            connection.execute(delete(Token))
            assert connection.exec_driver_sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query = 'LISTEN carson_moves'"
            ).scalar()
        engine.dispose()
        assert soon(lambda: not works(client, alice))


def test_a_token_is_not_remembered_past_its_expiry(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    alice = sign_up(client)
    service = service_of(app)
    with service.sessions.begin() as session:  # a minute left, used just now (not renewed)
        session.execute(update(Token).values(expires_at=clock() + timedelta(seconds=60)))
    service.accounts.forget_all()
    assert works(client, alice)  # checked, remembered…
    clock.advance(seconds=61)
    assert not works(client, alice)  # …until it expires, well within the memory's time


@pytest.mark.parametrize(
    ("agent", "label"),
    [
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0", "Edge · Windows"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
         "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1", "Safari · iOS"),
        ("python-httpx/0.28", "python-httpx"),
        ("", ""),
        (None, ""),
        ("<script>", ""),
    ],
)  # fmt: skip
def test_user_agent_labels(agent: str | None, label: str) -> None:
    assert agent_label(agent) == label


@pytest.mark.parametrize("raw", ["", "0", "-5", "ten", "1e4"])
def test_a_bad_token_memory_size_is_a_clear_error(
    raw: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARSON_TOKEN_MEMORY", raw)
    with pytest.raises(ValueError, match="CARSON_TOKEN_MEMORY must be a whole number"):
        memory_size_configured()
    monkeypatch.setenv("CARSON_TOKEN_MEMORY", "25")
    assert memory_size_configured() == 25
