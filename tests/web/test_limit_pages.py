"""The pages' answers when the server's limits refuse a request (issue 20): a message in
the visitor's language with the status (429, 413) the API answers, never a raw error."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.kernel.ratelimit import RateLimiter

LIMITS = Limits(
    login_failures_per_address="3/minute",
    registrations_per_address="2/minute",
    moves_per_user="2/minute",
    max_body_bytes=4096,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, limits=LIMITS)
    with TestClient(app, cookies={"lang": "de"}) as test_client:
        yield test_client


def post(client: TestClient, path: str, name: str, password: str) -> int:
    return post_account_form(client, path, name, password).status_code


def test_too_many_failed_logins_get_a_translated_429_page(client: TestClient) -> None:
    assert post(client, "/register", "alice", "a long password") == 303
    assert [post(client, "/login", "alice", "wrong password") for _ in range(3)] == [401] * 3
    refused = post_account_form(client, "/login", "alice", "a long password")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "Zu viele Versuche in kurzer Zeit" in refused.text
    assert "Sekunden" in refused.text and "%(seconds)s" not in refused.text


def test_too_many_registrations_get_a_translated_429_page(client: TestClient) -> None:
    assert post(client, "/register", "alice", "a long password") == 303
    assert post(client, "/register", "bob", "a long password") == 303
    refused = post_account_form(client, "/register", "carol", "a long pw 1")
    assert refused.status_code == 429 and "Zu viele Versuche" in refused.text


def test_a_form_too_large_gets_a_translated_413_page(client: TestClient) -> None:
    refused = post_account_form(client, "/register", "alice", "p" * 5000)
    assert refused.status_code == 413
    assert refused.headers["content-type"].startswith("text/html")
    assert "Dieses Formular ist zu groß" in refused.text
    assert post(client, "/login", "alice", "p" * 10) == 401  # nothing was created: refused
    assert "carson_session" not in client.cookies


def test_a_password_over_the_limit_is_refused_on_the_page(client: TestClient) -> None:
    refused = post_account_form(client, "/register", "alice", "p" * 1025)
    # The form again as it was filled in (issue 44), saying why, the password not sent back.
    assert refused.status_code == 422 and "Dieses Passwort ist zu lang." in refused.text
    assert "p" * 1025 not in refused.text and 'value="alice"' in refused.text
    assert "carson_session" not in client.cookies


def test_too_many_moves_get_a_translated_429_page(client: TestClient, toy_game: None) -> None:
    assert post(client, "/register", "alice", "a long password") == 303
    csrf = client.cookies["carson_csrf"]
    form = {"csrf": csrf, "game": "toy", "friends": "0", "seats": "2", "opponent": "random"}
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    stale = {"csrf": csrf, "seq": "99", "action": json.dumps({"kind": "stake", "chips": 1})}
    for _ in range(2):  # refused as stale, counted all the same
        assert client.post(game + "/act", data=stale, follow_redirects=False).status_code == 303
    refused = client.post(game + "/act", data=stale, follow_redirects=False)
    assert refused.status_code == 429 and "Zu viele Versuche" in refused.text


def test_too_many_password_changes_get_a_translated_429_page(client: TestClient) -> None:
    client.app.state.accounts.limiter = RateLimiter(  # type: ignore[attr-defined]
        Limits(password_changes_per_account="2/minute")
    )
    assert post(client, "/register", "alice", "a long password") == 303
    form = {
        "csrf": client.cookies["carson_csrf"],
        "current_password": "not the password",
        "new_password": "a new password",
        "repeat_password": "a new password",
    }
    for _ in range(2):
        wrong = client.post("/account/password", data=form, follow_redirects=False)
        assert wrong.status_code == 422
    refused = client.post(
        "/account/password",
        data={**form, "current_password": "a long password"},
        follow_redirects=False,
    )
    assert refused.status_code == 429 and "Zu viele Versuche" in refused.text
    assert post(client, "/login", "alice", "a long password") == 303  # unchanged
