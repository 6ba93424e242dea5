"""Small API clients for the server tests."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient


def account(client: TestClient, name: str) -> dict[str, str]:
    response = client.post("/api/register", json={"username": name, "password": "password-" + name})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def play_randomly(
    client: TestClient, game_id: str, players: list[dict[str, str]], rng: random.Random
) -> list[dict[str, Any]]:
    """Every player acts with a random legal action whenever asked, until the game is over.
    Returns every view the players were sent."""
    seen = []
    while True:
        moved = False
        for headers in players:
            view = client.get(f"/api/games/{game_id}", headers=headers).json()
            seen.append(view)
            if view["status"] == "over":
                return seen
            if view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                response = client.post(
                    f"/api/games/{game_id}/actions",
                    json={"seq": view["seq"], "action": action},
                    headers=headers,
                )
                assert response.status_code == 200, response.text
                seen.append(response.json())
                moved = True
        assert moved, "nobody can move but the game is not over"
