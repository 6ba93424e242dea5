"""The lobby chat (issue 48): a room per site language with the game chat's rules — text
cleaned and bounded, the chat's rate, silenced accounts refused, guests reading but not
writing nor reporting, mutes and blocks
hiding an author both ways, one room never showing another's messages, @mentions notified,
reports once per reader reaching the administrators, a live stream with its own slots, and
the person's messages in their data and blanked on deletion. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any, get_args

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select
from test_chat_stream import listen, wait_for
from test_guests import guest

from carson.app import create_app
from carson.server.chat import lobby_admin
from carson.server.chat.admin import Moderation
from carson.server.chat.lobby import ROOMS
from carson.server.chat.lobby_api import Room
from carson.server.chat.lobby_tables import LobbyMessage, LobbyReport
from carson.server.kernel.db import User
from carson.server.kernel.limits import Limits
from carson.server.notify.texts import notice_text
from carson.server.your_data.deletion import erase

EN = "/api/lobby/chat/en"


def post(client: TestClient, who: dict[str, str], text: str, room: str = "en") -> Any:
    return client.post(f"/api/lobby/chat/{room}", json={"text": text}, headers=who)


def texts(client: TestClient, who: dict[str, str], room: str = "en", since: int = 0) -> list[str]:
    answer = client.get(f"/api/lobby/chat/{room}?since={since}", headers=who)
    assert answer.status_code == 200, answer.text
    return [message["text"] for message in answer.json()["messages"]]


def user(client: TestClient, name: str) -> User:
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        found = session.scalar(select(User).where(User.username == name))
    assert found is not None
    return found


def test_the_rooms_are_the_site_languages() -> None:
    assert ROOMS == tuple(sorted(get_args(Room))) == ("de", "en", "fr", "it", "nl")


def test_a_room_is_read_and_written_and_numbered_apart(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    sent = post(client, alice, "  hello\u202e\u0007 lobby ")
    assert sent.status_code == 201, sent.text
    assert (sent.json()["text"], sent.json()["seq"], sent.json()["room"]) == (
        "hello lobby", 1, "en")  # fmt: skip
    assert post(client, bob, "hallo", "de").json()["seq"] == 1  # each room counts its own
    assert post(client, bob, "second").json()["seq"] == 2
    assert texts(client, bob) == ["hello lobby", "second"]
    assert texts(client, alice, "de") == ["hallo"]  # one room never shows another's
    assert texts(client, alice, "fr") == []
    assert texts(client, alice, since=1) == ["second"]
    page = client.get(f"{EN}?limit=1", headers=alice).json()
    assert (page["more"], page["cursor"], len(page["messages"])) == (True, 1, 1)
    assert client.get("/api/lobby/chat/xx", headers=alice).status_code == 422
    assert client.get(f"{EN}?since=-1", headers=alice).status_code == 422
    assert client.get(EN).status_code == 401
    assert client.post(EN, json={"text": "hi"}).status_code == 401


def test_refusals_change_nothing(db_url: str) -> None:
    limits = Limits(chat_messages_per_user="3/minute")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        alice, bob = account(client, "alice"), account(client, "bob")
        for text, code in (("   ", "empty_message"), ("\u200b\u0007", "empty_message"),
                           ("x" * 301, "message_too_long")):  # fmt: skip
            refused = post(client, alice, text)
            assert (refused.status_code, refused.json()["code"]) == (422, code), text
        visitor = guest(client)
        as_guest = post(client, visitor, "hi")
        assert as_guest.status_code == 403 and as_guest.json()["code"] == "guest"
        Moderation(client.app.state.games.sessions).silence(  # type: ignore[attr-defined]
            user(client, "bob"), "alice", "spam"
        )
        silenced = post(client, alice, "still here")
        assert silenced.status_code == 403 and silenced.json()["code"] == "silenced"
        for number in range(3):  # the chat's rate: CARSON_LIMIT_CHAT_USER
            assert post(client, bob, f"m{number}").status_code == 201
        limited = post(client, bob, "one too many")
        assert limited.status_code == 429 and limited.headers["Retry-After"]
        assert texts(client, bob) == ["m0", "m1", "m2"]


def test_muted_and_blocked_authors_stay_hidden(client: TestClient) -> None:
    alice, bob, carol, dave = (account(client, name) for name in ("alice", "bob", "carol", "dave"))
    for who, text in ((alice, "from alice"), (bob, "from bob"), (carol, "from carol")):
        post(client, who, text)
    assert client.post("/api/mutes/alice", headers=dave).status_code == 200
    assert client.put("/api/blocks/carol", headers=bob).status_code in (200, 201)
    assert texts(client, dave) == ["from bob", "from carol"]  # muted alice
    assert texts(client, bob) == ["from alice", "from bob"]  # blocked carol
    assert texts(client, carol) == ["from alice", "from carol"]  # a block keeps both apart
    assert texts(client, alice) == ["from alice", "from bob", "from carol"]


def test_a_mention_notifies_a_member_no_mute_or_block_keeps_apart(client: TestClient) -> None:
    alice, bob, carol, dave = (account(client, name) for name in ("alice", "bob", "carol", "dave"))
    client.post("/api/mutes/alice", headers=carol)
    client.put("/api/blocks/alice", headers=dave)
    post(client, alice, "hi @BOB, @carol, @dave and @alice", "de")
    told = client.get("/api/notifications", headers=bob).json()["notifications"]
    assert [(n["kind"], n["payload"]) for n in told] == [("mention", {"by": "alice",
                                                                     "lobby": "de"})]  # fmt: skip
    for who in (carol, dave, alice):
        assert client.get("/api/notifications", headers=who).json()["notifications"] == []
    said = notice_text("de", "mention", {"by": "alice", "lobby": "de"})
    assert said == "alice hat dich im Lobby-Chat erwähnt."


def test_a_reader_reports_once_and_an_administrator_judges_it(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    for text in ("before", "rude words", "after"):
        post(client, alice, text)
    message = client.get(EN, headers=bob).json()["messages"][1]["id"]
    own = client.post(f"/api/lobby/chat/messages/{message}/report", headers=alice)
    assert own.status_code == 422 and own.json()["code"] == "report_self"
    path = f"/api/lobby/chat/messages/{message}/report"
    reported = client.post(path, json={"reason": "insult"}, headers=bob)
    assert reported.status_code == 201, reported.text
    again = client.post(path, headers=bob)
    assert again.status_code == 409 and again.json()["code"] == "reported"
    assert client.post(path, headers=carol).status_code == 201  # once per reader
    assert client.post("/api/lobby/chat/messages/999/report", headers=bob).status_code == 404
    assert client.post(path, headers=guest(client)).status_code == 403
    sessions = client.app.state.games.sessions  # type: ignore[attr-defined]
    judge, author = user(client, "carol"), user(client, "alice")
    found = lobby_admin.open_reports(sessions, judge)
    assert [(r.reporter, r.message.author, r.message.text, r.reason, r.room) for r in found] == [
        ("bob", "alice", "rude words", "insult", "en"), ("carol", "alice", "rude words", "", "en")
    ]  # fmt: skip
    assert [line.text for line in found[0].context] == ["before", "rude words", "after"]
    assert lobby_admin.open_reports(sessions, author) == []  # never one's own case
    assert lobby_admin.own_open_reports(sessions, author) == 2
    lobby_admin.dismiss(sessions, judge, found[0].id)
    Moderation(sessions).silence(judge, "alice", "insults")  # closes the other report
    with sessions() as session:
        closed = session.execute(select(LobbyReport.resolution).order_by(LobbyReport.id)).all()
    assert [row[0] for row in closed] == ["dismissed", "silenced"]
    assert lobby_admin.open_reports(sessions, judge) == []


def test_a_guest_reads_a_room_and_its_stream_but_writes_nothing(client: TestClient) -> None:
    """Guests read the lobby chat (issue 48): a page of a room and its live stream; posting
    and reporting stay for accounts (403 ``guest``), and nothing is stored by trying."""
    alice, visitor = account(client, "alice"), guest(client)
    post(client, alice, "welcome, guests")
    post(client, alice, "willkommen", "de")
    assert texts(client, visitor) == ["welcome, guests"]
    assert texts(client, visitor, "de") == ["willkommen"]
    refused = post(client, visitor, "hello from a guest")
    assert refused.status_code == 403 and refused.json()["code"] == "guest"
    message = client.get(EN, headers=visitor).json()["messages"][0]["id"]
    report = client.post(f"/api/lobby/chat/messages/{message}/report", headers=visitor)
    assert report.status_code == 403 and report.json()["code"] == "guest"
    seen: list[tuple[str, Any, Any]] = []
    listener = threading.Thread(
        target=listen, args=(client, f"{EN}/stream?since=1", visitor, seen, 2), daemon=True
    )
    listener.start()
    wait_for(seen, 1)
    post(client, alice, "live for guests")
    listener.join(timeout=10)
    assert seen[0] == ("ready", {"room": "en", "since": 1}, None)
    assert [(data["text"], event_id) for _, data, event_id in seen[1:]] == [
        ("live for guests", "2")]  # fmt: skip
    assert texts(client, alice) == ["welcome, guests", "live for guests"]


def test_the_stream_brings_a_rooms_messages_and_resumes(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    post(client, alice, "one")
    client.post("/api/mutes/carol", headers=bob)
    seen: list[tuple[str, Any, Any]] = []
    listener = threading.Thread(
        target=listen, args=(client, f"{EN}/stream?since=0", bob, seen, 4), daemon=True
    )
    listener.start()
    wait_for(seen, 2)
    post(client, alice, "elsewhere", "nl")  # another room's
    post(client, carol, "muted words")
    post(client, alice, "two")
    post(client, alice, "three")
    listener.join(timeout=10)
    assert seen[0] == ("ready", {"room": "en", "since": 0}, None)
    assert [(data["text"], event_id) for _, data, event_id in seen[1:]] == [
        ("one", "1"), ("two", "3"), ("three", "4")]  # fmt: skip
    resumed: list[tuple[str, Any, Any]] = []
    listen(client, f"{EN}/stream", {**alice, "Last-Event-ID": "3"}, resumed, 2)
    assert [data["text"] for _, data, _ in resumed[1:]] == ["three"]
    for sent in ("x", str(2**31), "1.2"):
        assert client.get(f"{EN}/stream", headers={**bob, "Last-Event-ID": sent}).status_code == 422
    assert client.get(f"{EN}/stream").status_code == 401


def test_lobby_chat_streams_have_their_own_capped_slots(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5, limits=Limits(streams_per_user=1))) as client:
        alice, bob = account(client, "alice"), account(client, "bob")
        seen: list[tuple[str, Any, Any]] = []
        holder = threading.Thread(
            target=listen, args=(client, f"{EN}/stream", bob, seen, 2), daemon=True
        )
        holder.start()
        wait_for(seen, 1)
        refused = client.get(f"{EN}/stream", headers=bob)
        assert refused.status_code == 429 and refused.headers["Retry-After"]
        state = client.app.state  # type: ignore[attr-defined]
        assert (state.chat_streams.open, state.lobby_chat_streams.open) == (0, 1)
        post(client, alice, "bye")  # ends the holder's stream
        holder.join(timeout=10)
        assert [data["text"] for _, data, _ in seen[1:]] == ["bye"]


def test_ones_lobby_messages_are_in_ones_data_and_blanked_on_deletion(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    post(client, alice, "my words", "fr")
    mine = post(client, bob, "bob's words", "fr").json()["id"]
    client.post(f"/api/lobby/chat/messages/{mine}/report", json={"reason": "why"}, headers=alice)
    data = client.get("/api/me/data", headers=alice).json()
    assert [(m["room"], m["seq"], m["text"]) for m in data["lobby_chat_messages"]] == [
        ("fr", 1, "my words")]  # fmt: skip
    assert [(r["message_id"], r["reason"]) for r in data["lobby_chat_reports"]] == [(mine, "why")]
    bobs = client.get("/api/me/data", headers=bob).json()
    assert [m["text"] for m in bobs["lobby_chat_messages"]] == ["bob's words"]
    assert bobs["lobby_chat_reports"] == []
    sessions = client.app.state.games.sessions  # type: ignore[attr-defined]
    with sessions.begin() as session:
        erase(session, user(client, "alice").id)
    with sessions() as session:
        rows = session.execute(select(LobbyMessage.seq, LobbyMessage.text)
                               .order_by(LobbyMessage.seq)).all()  # fmt: skip
        assert [tuple(row) for row in rows] == [(1, ""), (2, "bob's words")]
        assert session.scalar(select(LobbyReport.id)) is None
