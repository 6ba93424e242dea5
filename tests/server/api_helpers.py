"""Small API clients for the server tests."""

from __future__ import annotations

import random
import time
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
                moved = True
                if response.status_code == 409:  # a machine seat moved meanwhile: look again
                    continue
                assert response.status_code == 200, response.text
                seen.append(response.json())
        if not moved:  # the machine seats' jobs are running: wait for their moves
            seqs = {view["seq"] for view in seen[-len(players) :]}
            if len(seqs) == 1:  # (else a machine moved during the round: look again)
                wait_for_machines(client, game_id, players[0], seqs.pop())


def wait_for_machines(
    client: TestClient, game_id: str, headers: dict[str, str], seq: int, patience: float = 60
) -> dict[str, Any]:
    """The game's view once it has moved on from ``seq`` (the server's worker plays its
    machine seats in the background); fails after ``patience`` seconds."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        view: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers).json()
        if view["seq"] != seq or view["status"] == "over":
            return view
        time.sleep(0.02)
    jobs = client.app.state.games.jobs.listing()  # type: ignore[attr-defined]
    raise AssertionError(f"nobody moved the game on from seq {seq} in {patience} s: {jobs}")


def wait_for_turn(
    client: TestClient, game_id: str, headers: dict[str, str], patience: float = 60
) -> dict[str, Any]:
    """The caller's view once the machine seats have made every move due (no job left in
    the queue) and the caller may act, or the game is over."""
    jobs = client.app.state.games.jobs  # type: ignore[attr-defined]
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        # Looked at first: the view then shows every move due (a machine's; not the expiry
        # job of a table still waiting).
        idle = not [job for job in jobs.listing() if job.kind == "machine_move"]
        view: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers).json()
        if view["status"] == "over" or (view["legal_actions"] and idle):
            return view
        time.sleep(0.02)
    raise AssertionError(f"still not the caller's turn after {patience} s")
