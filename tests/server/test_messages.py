"""Private messages (issue 48): written by name, read as conversations (marked read), told as
a notification, never between people a block keeps apart, reported to the administrators,
rate-limited, and nobody reads another's — on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.app import create_app
from carson.server.kernel.db import User
from carson.server.kernel.limits import Limits
from carson.server.messages import admin
from carson.server.notify.texts import notice_text


def test_a_conversation_is_written_read_and_told(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    sent = client.post("/api/messages/BOB", json={"text": " hello\u202e bob "}, headers=alice)
    assert sent.status_code == 201, sent.text
    assert sent.json()["text"] == "hello bob" and sent.json()["mine"] is True  # cleaned
    client.post("/api/messages/alice", json={"text": "hi alice"}, headers=bob)
    told = client.get("/api/notifications", headers=bob).json()["notifications"]
    assert [(n["kind"], n["payload"]) for n in told] == [("message", {"by": "alice"})]
    assert notice_text("nl", "message", {"by": "alice"}) == "alice heeft je een bericht gestuurd."
    listed = client.get("/api/messages", headers=bob).json()["conversations"]
    assert [(c["other"], c["last"], c["unread"]) for c in listed] == [("alice", "hi alice", 1)]
    assert client.get("/api/messages", headers=alice).json()["conversations"][0]["unread"] == 1
    thread = client.get("/api/messages/bob", headers=alice).json()
    assert thread["other"] == "bob"
    assert [(m["sender"], m["text"], m["mine"]) for m in thread["messages"]] == [
        ("alice", "hello bob", True), ("bob", "hi alice", False)]  # fmt: skip
    assert client.get("/api/messages", headers=alice).json()["conversations"][0]["unread"] == 0


def test_refusals_change_nothing(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    eve = account(client, "eve")
    for who, body, status, code in (
        ("bob", {"text": "   "}, 422, "empty_message"),
        ("bob", {"text": "x" * 301}, 422, "message_too_long"),
        ("alice", {"text": "me"}, 422, "message_self"),
        ("nobody", {"text": "hi"}, 404, "not_found"),
    ):
        answer = client.post(f"/api/messages/{who}", json=body, headers=alice)
        assert (answer.status_code, answer.json()["code"]) == (status, code), who
    client.put("/api/blocks/alice", headers=bob)
    blocked = client.post("/api/messages/bob", json={"text": "hi"}, headers=alice)
    assert blocked.status_code == 403 and blocked.json()["code"] == "blocked"
    back = client.post("/api/messages/alice", json={"text": "hi"}, headers=bob)
    assert back.status_code == 403  # both ways
    assert client.get("/api/messages", headers=bob).json() == {"conversations": []}
    assert client.get("/api/messages/bob", headers=eve).json()["messages"] == []  # not theirs
    assert client.get("/api/messages").status_code == 401


def test_the_recipient_reports_once_and_an_administrator_sees_it(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    message = client.post("/api/messages/bob", json={"text": "rude"}, headers=alice).json()["id"]
    by_sender = client.post(f"/api/messages/{message}/report", headers=alice)
    assert by_sender.status_code == 404  # only the recipient reports
    assert client.post(f"/api/messages/{message}/report", headers=carol).status_code == 404
    reported = client.post(f"/api/messages/{message}/report", json={"reason": "insult"},
                           headers=bob)  # fmt: skip
    assert reported.status_code == 201
    again = client.post(f"/api/messages/{message}/report", headers=bob)
    assert again.status_code == 409 and again.json()["code"] == "reported"
    sessions = client.app.state.games.sessions  # type: ignore[attr-defined]
    with sessions() as session:
        carol_user = session.scalar(select(User).where(User.username == "carol"))
        alice_user = session.scalar(select(User).where(User.username == "alice"))
    assert carol_user is not None and alice_user is not None
    found = admin.open_reports(sessions, carol_user)
    assert [(r.reporter, r.author, r.text, r.reason) for r in found] == [
        ("bob", "alice", "rude", "insult")]  # fmt: skip
    assert admin.open_reports(sessions, alice_user) == []  # never one's own case
    admin.dismiss(sessions, carol_user, found[0].id)
    assert admin.open_reports(sessions, carol_user) == []


def test_messages_count_against_the_chats_rate(db_url: str, tmp_path: Path) -> None:
    limits = Limits(chat_messages_per_user="2/minute")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        alice, _ = account(client, "alice"), account(client, "bob")
        codes = [client.post("/api/messages/bob", json={"text": f"{n}"}, headers=alice)
                 .status_code for n in range(3)]  # fmt: skip
        assert codes == [201, 201, 429]
