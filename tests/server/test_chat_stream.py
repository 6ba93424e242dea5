"""The chat's live stream: a message posted through any server process reaches the readers'
streams (PostgreSQL's LISTEN/NOTIFY; on SQLite, one process), each reader its own channels
without the accounts it muted; a reconnect resumes after its Last-Event-ID; the chat's
streams have their own capped slots."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from chat_helpers import chat_table
from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.kernel.limits import Limits


def listen(
    client: TestClient, path: str, headers: dict[str, str], seen: list[tuple[str, Any]], count: int
) -> None:
    """Collects the stream's (event, data) until ``count`` messages came."""
    with client.stream("GET", path, headers=headers) as response:
        assert response.status_code == 200, response.read()
        message: dict[str, str] = {}
        for line in response.iter_lines():
            if line and not line.startswith(":"):
                field, _, value = line.partition(": ")
                message[field] = value
            elif message:
                seen.append((message["event"], json.loads(message["data"]), message.get("id")))
                message = {}
                if len(seen) >= count:
                    return


def wait_for(seen: list[Any], count: int) -> None:
    deadline = time.monotonic() + 10
    while len(seen) < count and time.monotonic() < deadline:
        time.sleep(0.02)


def test_a_message_from_another_process_reaches_the_readers_streams(db_url: str) -> None:
    with (
        TestClient(create_app(db_url, budget_ms=5)) as first,
        TestClient(create_app(db_url, budget_ms=5)) as second,
    ):
        table = chat_table(first)
        poster = second if db_url.startswith("postgresql") else first
        path = f"/api/games/{table.game}/chat/stream"
        bob: list[tuple[str, Any]] = []
        eve: list[tuple[str, Any]] = []
        threads = [
            threading.Thread(target=listen, args=(first, path, table.bob, bob, 3), daemon=True),
            threading.Thread(target=listen, args=(first, path, table.eve, eve, 2), daemon=True),
        ]
        for thread in threads:
            thread.start()
        wait_for(bob, 1)
        wait_for(eve, 1)
        assert bob[0][:2] == ("ready", {"readable": ["players"], "since": "0.0"})
        assert eve[0][:2] == ("ready", {"readable": ["spectators"], "since": "0.0"})
        for who, channel, text in [(table.alice, "players", "hi"),
                                   (table.eve, "spectators", "go"),
                                   (table.alice, "players", "<b>")]:  # fmt: skip
            body = {"channel": channel, "text": text}
            response = poster.post(f"/api/games/{table.game}/chat", json=body, headers=who)
            assert response.status_code == 201, response.text
        for thread in threads:
            thread.join(timeout=10)
        # Each channel counts its own: the spectators' message leaves no gap in bob's.
        assert [(event, data["text"], data["seq"], ident) for event, data, ident in bob[1:]] == [
            ("chat", "hi", 1, "1.0"), ("chat", "<b>", 2, "2.0")
        ]  # fmt: skip
        assert [(data["text"], data["seq"], ident) for _, data, ident in eve[1:]] == [
            ("go", 1, "0.1")
        ]


def test_a_reconnect_resumes_and_muted_accounts_stay_hidden(client: TestClient) -> None:
    table = chat_table(client)
    for text in ("one", "two", "three"):
        table.post(table.alice, "players", text=text)
    client.post("/api/mutes/alice", headers=table.bob)
    table.post(table.bob, "players", text="four")
    seen: list[tuple[str, Any]] = []
    resumed = {**table.alice, "Last-Event-ID": "1"}
    listen(client, f"/api/games/{table.game}/chat/stream", resumed, seen, 4)
    assert [data["text"] for _, data, _ in seen[1:]] == ["two", "three", "four"]
    hidden: list[tuple[str, Any]] = []
    listen(client, f"/api/games/{table.game}/chat/stream?since=0", table.bob, hidden, 2)
    assert [data["text"] for _, data, _ in hidden[1:]] == ["four"]  # alice's: muted
    path = f"/api/games/{table.game}/chat/stream"
    for sent in ("x", str(2**31), "1.x", "1.2.3"):  # not a cursor, past the integers
        bad = client.get(path, headers={**table.bob, "Last-Event-ID": sent})
        assert bad.status_code == 422
    assert client.get(path + f"?since={2**31}", headers=table.bob).status_code == 422
    assert client.get("/api/games/nope/chat/stream", headers=table.bob).status_code == 404
    assert client.get(path).status_code == 401


def test_chat_streams_have_their_own_capped_slots(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5, limits=Limits(streams_per_user=1))) as client:
        table = chat_table(client)
        path = f"/api/games/{table.game}/chat/stream"
        seen: list[tuple[str, Any]] = []
        holder = threading.Thread(
            target=listen, args=(client, path, table.bob, seen, 2), daemon=True
        )
        holder.start()
        wait_for(seen, 1)
        refused = client.get(path, headers=table.bob)
        assert refused.status_code == 429 and refused.headers["Retry-After"]
        # The game's own stream is counted apart: still one free for bob.
        state = client.app.state  # type: ignore[attr-defined]
        assert state.streams.open == 0 and state.chat_streams.open == 1
        table.post(table.alice, "players", text="bye")  # ends the holder's stream
        holder.join(timeout=10)


def test_racing_messages_each_get_their_own_number(db_url: str) -> None:
    """Two server processes store messages of one game at once: each is stored once, the
    game's numbers have no gap, and none is refused (a lost race numbers it again)."""
    with (
        TestClient(create_app(db_url, budget_ms=5)) as first,
        TestClient(create_app(db_url, budget_ms=5)) as second,
    ):
        table = chat_table(first)
        statuses: list[int] = []

        def chatter(client: TestClient, who: dict[str, str], name: str) -> None:
            for number in range(8):
                body = {"channel": "players", "text": f"{name} {number}"}
                answer = client.post(f"/api/games/{table.game}/chat", json=body, headers=who)
                statuses.append(answer.status_code)

        threads = [
            threading.Thread(target=chatter, args=(first, table.alice, "alice")),
            threading.Thread(target=chatter, args=(second, table.bob, "bob")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert statuses == [201] * 16
        page = first.get(f"/api/games/{table.game}/chat", headers=table.alice).json()
        assert [message["seq"] for message in page["messages"]] == list(range(1, 17))
        assert sorted(message["text"] for message in page["messages"]) == sorted(
            f"{name} {number}" for name in ("alice", "bob") for number in range(8)
        )
