"""Unsubscribe links of notification mails: a GET confirms, a POST (the button or a mail
client's one-click) turns that kind's mails off, signed out, with no CSRF token; a forged or
damaged link changes nothing; ``all`` turns every kind's mails off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.app import create_app
from carson.server.kernel.db import User
from carson.server.notify import notices, unsubscribe


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", worker=False)) as test_client:
        yield test_client


def bob_and_token(client: TestClient, kind: str) -> tuple[dict[str, str], str]:
    answer = client.post("/api/register", json={"username": "bob", "password": "password-bob"})
    headers = {"Authorization": f"Bearer {answer.json()['token']}"}
    service = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        user_id = session.scalar(select(User.id).where(User.username == "bob"))
        return headers, unsubscribe.token_for(session, user_id, kind)


def mails(client: TestClient, headers: dict[str, str]) -> dict[str, bool]:
    settings = client.get("/api/notifications/settings", headers=headers).json()["settings"]
    return {kind: channels["email"] for kind, channels in settings.items()}


def test_one_click_turns_one_kind_off_signed_out(client: TestClient) -> None:
    bob, token = bob_and_token(client, notices.YOUR_TURN)
    page = client.get(f"/unsubscribe/{token}")
    assert page.status_code == 200 and f'action="/unsubscribe/{token}"' in page.text
    assert "Stop the e-mails about: Your turn?" in page.text
    assert mails(client, bob)["your_turn"] is True  # a GET (a link scanner) changes nothing
    done = client.post(f"/unsubscribe/{token}", data={"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and "no more e-mails about: Your turn" in done.text
    assert mails(client, bob) == {**dict.fromkeys(notices.KINDS, True), "your_turn": False,
                                  "mention": False}  # fmt: skip


def test_all_turns_every_kind_off(client: TestClient) -> None:
    bob, token = bob_and_token(client, unsubscribe.ALL)
    client.cookies.set("lang", "de")
    assert "Alle Benachrichtigungen" in client.post(f"/unsubscribe/{token}").text
    assert not any(mails(client, bob).values())


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("change", ["forged", "kind", "user", "long", "short"])
def test_a_forged_link_changes_nothing(client: TestClient, change: str) -> None:
    bob, token = bob_and_token(client, notices.GAME_OVER)
    user, kind, signature = token.split(".")
    wrong = {
        "forged": f"{user}.{kind}.{'A' * len(signature)}",
        "kind": f"{user}.{notices.YOUR_TURN}.{signature}",
        "user": f"{int(user) + 1}.{kind}.{signature}",
        "long": token + "x" * 100,
        "short": f"{user}.{kind}",
    }[change]
    for method in ("get", "post"):
        refused = client.request(method, f"/unsubscribe/{wrong}")
        assert refused.status_code == 404 and "not valid" in refused.text
    assert all(mails(client, bob)[kind] for kind in notices.KINDS if kind != "mention")
