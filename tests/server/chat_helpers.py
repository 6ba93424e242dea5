"""A game with two seated players and a spectator, for the chat's tests."""

from __future__ import annotations

from dataclasses import dataclass

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.server.chat.admin import Moderation
from carson.server.kernel.db import User


@dataclass(frozen=True)
class ChatTable:
    client: TestClient
    game: str
    alice: dict[str, str]  # seated
    bob: dict[str, str]  # seated
    eve: dict[str, str]  # not seated: a spectator

    def post(self, who: dict[str, str], channel: str, **body: str) -> object:
        return self.client.post(
            f"/api/games/{self.game}/chat", json={"channel": channel, **body}, headers=who
        )

    def read(self, who: dict[str, str], channel: str | None = None, since: int | str = 0) -> object:
        query = f"?since={since}" + (f"&channel={channel}" if channel else "")
        return self.client.get(f"/api/games/{self.game}/chat{query}", headers=who)

    def end(self) -> None:
        """Both players abort the game in its first round: it is over."""
        for who in (self.alice, self.bob):
            response = self.client.post(f"/api/games/{self.game}/abort", headers=who)
            assert response.status_code == 200, response.text
            if response.json()["status"] == "over":  # one may abort alone before moving
                return
        raise AssertionError("the game did not end")

    def moderation(self) -> Moderation:
        return Moderation(self.client.app.state.games.sessions)  # type: ignore[attr-defined]

    def user(self, name: str) -> User:
        with self.client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
            found = session.scalar(select(User).where(User.username == name))
        assert found is not None
        return found


def chat_table(client: TestClient) -> ChatTable:
    alice, bob, eve = (account(client, name) for name in ("alice", "bob", "eve"))
    created = client.post(
        "/api/games", json={"seats": ["human", "human", "random", "random"]}, headers=alice
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    assert client.post(f"/api/games/{game}/join", headers=bob).status_code == 200
    return ChatTable(client, game, alice, bob, eve)
