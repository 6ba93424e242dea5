"""Reset-link poisoning (issue 45): a mail's links lead to the server's configured public
address, never to the Host a request names. Without ``CARSON_PUBLIC_URL`` only a request to
this machine (a developer's localhost) gets mail with links; anyone else's is refused — 503
``no_public_address`` on the API, a translated page — and nothing is queued."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import anonymous_csrf
from sqlalchemy import select

from carson.app import create_app
from carson.server.kernel.db import Job
from carson.server.mail.account_mail import ACCOUNT_MAIL_KIND, PUBLIC_URL_ENV
from smtp_mailbox import Mailbox


@pytest.fixture
def app_path(tmp_path: Path, mailbox: Mailbox, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    yield f"sqlite:///{tmp_path / 'links.db'}"


def _account_mails(client: TestClient) -> list[str]:
    """The addresses the queued account mails' links start with."""
    engine = client.app.state.games.store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        rows = connection.execute(select(Job.payload).where(Job.kind == ACCOUNT_MAIL_KIND))
        return [str(payload["base_url"]) for (payload,) in rows]


def _registered(client: TestClient, name: str) -> None:
    body = {"username": name, "password": "password-1234", "email": f"{name}@example.org"}
    assert client.post("/api/register", json=body).status_code == 200


def test_without_a_public_address_a_forged_host_gets_no_link(app_path: str) -> None:
    with TestClient(create_app(app_path, worker=False), base_url="http://evil.example") as client:
        _registered(client, "alice")  # the account is made; its address waits unverified
        assert _account_mails(client) == []
        asked = client.post("/api/password/forgot", json={"login": "alice"})
        assert asked.status_code == 503 and asked.json()["code"] == "no_public_address"
        client.cookies.set("lang", "de")
        csrf = anonymous_csrf(client)
        page = client.post("/password/forgot", data={"csrf": csrf, "login": "alice"})
        assert page.status_code == 503 and "keine E-Mails mit Links" in page.text
        assert _account_mails(client) == []


def test_a_request_to_this_machine_gets_its_own_link(app_path: str) -> None:
    with TestClient(create_app(app_path, worker=False), base_url="http://localhost:8000") as client:
        _registered(client, "alice")
        assert _account_mails(client) == ["http://localhost:8000"]


def test_the_configured_address_wins_over_any_host(
    app_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://carson.example")
    with TestClient(create_app(app_path, worker=False), base_url="http://evil.example") as client:
        _registered(client, "alice")
        assert client.post("/api/password/forgot", json={"login": "alice"}).status_code == 202
        assert set(_account_mails(client)) == {"https://carson.example"}
