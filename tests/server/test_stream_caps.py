"""Live streams are capped per account (429) and per server process (503), and a stream
gives its slot back when it ends or is refused."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from api_helpers import account
from fastapi import FastAPI
from fastapi.testclient import TestClient

from carson.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.kernel.stream_slots import StreamSlots

pytestmark = pytest.mark.usefixtures("toy_game")


@pytest.fixture
def capped(tmp_path: Path) -> FastAPI:
    limits = Limits(streams_per_user=2, streams_total=3)
    return create_app(f"sqlite:///{tmp_path / 'carson.db'}", budget_ms=5, limits=limits)


def finished_game(client: TestClient, headers: dict[str, str]) -> str:
    """A toy game played to its end (its stream ends after the view)."""
    created = client.post("/api/games", json={"game": "toy", "seats": ["human", "random"]},
                          headers=headers)  # fmt: skip
    game = str(created.json()["id"])
    while (view := client.get(f"/api/games/{game}", headers=headers).json())["status"] != "over":
        if view["legal_actions"]:
            action = {"seq": view["seq"], "action": view["legal_actions"][0]}
            client.post(f"/api/games/{game}/actions", json=action, headers=headers)
    return game


def me(client: TestClient, headers: dict[str, str]) -> int:
    return int(client.get("/api/me", headers=headers).json()["id"])


@pytest.mark.slow  # runs long: whole games or many cases
def test_streams_beyond_an_accounts_cap_get_429_and_beyond_the_total_503(
    capped: FastAPI,
) -> None:
    with TestClient(capped) as client:
        alice = account(client, "alice")
        game = finished_game(client, alice)
        slots: StreamSlots = capped.state.streams
        alice_id = me(client, alice)
        slots.take(alice_id)
        slots.take(alice_id)  # alice has her two streams open
        refused = client.get(f"/api/games/{game}/stream", headers=alice)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "5"
        assert "2 live streams" in refused.json()["detail"]
        slots.give_back(alice_id)
        slots.take(alice_id + 1000)
        slots.take(alice_id + 1000)  # someone else's two: the server's three are open
        full = client.get(f"/api/games/{game}/stream", headers=alice)
        assert full.status_code == 503 and "Retry-After" in full.headers
        assert slots.of(alice_id) == 1 and slots.open == 3  # the refusals took nothing


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_stream_gives_its_slot_back_when_it_ends_or_is_refused(capped: FastAPI) -> None:
    with TestClient(capped) as client:
        alice = account(client, "alice")
        slots: StreamSlots = capped.state.streams
        assert client.get("/api/games/nope/stream", headers=alice).status_code == 404
        assert slots.open == 0
        game = finished_game(client, alice)
        for _ in range(5):  # more than the caps: each gives its slot back
            with client.stream("GET", f"/api/games/{game}/stream", headers=alice) as response:
                assert response.status_code == 200
                lines = list(response.iter_lines())
            assert any(line.startswith("event: view") for line in lines)
        assert slots.open == 0


@pytest.mark.slow  # runs long: whole games or many cases
def test_an_open_stream_holds_its_slot_until_it_ends(capped: FastAPI) -> None:
    """Driven as the server drives it: the slot is taken while the messages go out."""
    with TestClient(capped) as client:
        alice = account(client, "alice")
        game = finished_game(client, alice)
        slots: StreamSlots = capped.state.streams
        held: list[int] = []

        async def stream() -> None:
            asked: list[bool] = []

            async def receive() -> dict[str, object]:
                if asked:  # the body was sent: the client stays until the stream ends
                    await anyio.sleep_forever()
                asked.append(True)
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, object]) -> None:
                if message["type"] == "http.response.body" and message.get("body"):
                    held.append(slots.open)

            headers = [(b"authorization", alice["Authorization"].encode())]
            scope = {"type": "http", "method": "GET", "path": f"/api/games/{game}/stream",
                     "headers": headers, "query_string": b"", "http_version": "1.1",
                     "scheme": "http", "server": ("testserver", 80), "client": ("x", 1),
                     "root_path": "", "app": capped}  # fmt: skip
            await capped(scope, receive, send)

        assert client.portal is not None
        client.portal.call(stream)
        assert held and set(held) == {1}  # every message went out while the slot was held
        assert slots.open == 0
