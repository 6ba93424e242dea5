"""Your data (issue 48): one's own data as one JSON document — every feature's section, the
other people in it only by name, never a secret, never another person's rows — on SQLite
and PostgreSQL; rate-limited."""

from __future__ import annotations

from pathlib import Path

from api_helpers import account
from chat_helpers import chat_table
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.app import create_app
from carson.server.kernel.db import Token, User
from carson.server.kernel.limits import Limits
from carson.server.notify.tables import PushSubscription
from carson.server.your_data.sections import EXPORTED as SECTIONS


def test_the_document_holds_ones_own_rows_of_every_section(client: TestClient) -> None:
    table = chat_table(client)  # alice and bob seated, eve watching
    table.post(table.alice, "players", text="hello @bob")
    table.post(table.bob, "players", text="bob's own words")
    client.post("/api/mutes/eve", headers=table.alice)
    client.put("/api/friends/bob", headers=table.alice)
    client.put("/api/blocks/eve", headers=table.alice)
    answer = client.get("/api/me/data", headers=table.alice)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert 'filename="carson-alice-' in answer.headers["content-disposition"]
    data = answer.json()
    assert set(data) == {"carson", "exported_at", *(held.name for held in SECTIONS)}
    assert data["account"] == [{"username": "alice", "created_at": data["account"][0]
                                ["created_at"], "is_bot": False}]  # fmt: skip
    assert [seat["game_id"] for seat in data["seats"]] == [table.game]
    assert [message["text"] for message in data["chat_messages"]] == ["hello @bob"]
    assert [mute["muted_id"] for mute in data["chat_mutes"]] == ["eve"]  # by name, not id
    assert data["follows"][0]["friend_id"] == "bob" and data["blocks"][0]["blocked_id"] == "eve"
    assert len(data["sessions"]) == 1 and "digest" not in data["sessions"][0]
    bobs = client.get("/api/me/data", headers=table.bob).json()
    assert [n["kind"] for n in bobs["notifications"]].count("mention") == 1  # bob's, not hers
    assert [message["text"] for message in bobs["chat_messages"]] == ["bob's own words"]
    assert bobs["follows"] == [] and bobs["blocks"] == []


def test_no_secret_is_given_out(client: TestClient) -> None:
    alice = account(client, "alice")
    subscription = {"endpoint": "https://push.example.com/send/abc",
                    "keys": {"p256dh": "B" + "A" * 86, "auth": "A" * 22}}  # fmt: skip
    client.post("/api/push/subscriptions", json=subscription, headers=alice)
    text = client.get("/api/me/data", headers=alice).text
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        user = session.scalar(select(User).where(User.username == "alice"))
        assert user is not None
        digests = session.scalars(select(Token.digest).where(Token.user_id == user.id)).all()
        keys = session.execute(select(PushSubscription.p256dh, PushSubscription.auth)).all()
    assert user.password_hash not in text and digests and not any(d in text for d in digests)
    assert alice["Authorization"].removeprefix("Bearer ") not in text
    assert all(key not in text for row in keys for key in row)


def test_only_the_signed_in_person_and_at_a_bounded_rate(db_url: str, tmp_path: Path) -> None:
    limits = Limits(data_exports_per_user="2/hour")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        assert client.get("/api/me/data").status_code == 401
        alice = account(client, "alice")
        assert [client.get("/api/me/data", headers=alice).status_code
                for _ in range(3)] == [200, 200, 429]  # fmt: skip
