"""A choice the page keeps across live updates (a previewed placement) is asked for with the
decision it was made in (``decision=``, the board's ``data-decision``): the server shows it
only while the seat still faces that decision."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.web.play.table import decision_key


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def test_the_decision_key_names_the_legal_actions() -> None:
    take = [{"type": "take", "slot": 1}]
    assert decision_key([]) == "" and decision_key(None) == ""
    assert decision_key(take) == decision_key([{"slot": 1, "type": "take"}])
    assert decision_key(take) != decision_key([{"type": "take", "slot": 2}])


def _placing(client: TestClient) -> tuple[str, dict[str, object]]:
    """A card game of alice against three virtual players, played by its first legal action
    until alice places a terrain card: its id and her view."""
    post_account_form(client, "/register", "alice")
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = str(client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"])
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()
        legal = view["legal_actions"]
        if legal and legal[0]["kind"] == "place":
            return game_id, view
        terrain = [a for a in legal if a["kind"] == "take" and _terrain(view, a["slot"])]
        move = {"seq": view["seq"], "action": (terrain or legal)[0]}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    raise AssertionError("alice never placed a card")


def _terrain(view: dict[str, object], slot: int) -> bool:
    row = view["view"]["row"]  # type: ignore[index]
    return bool(row[slot] and row[slot]["kind"] == "terrain")


def test_a_kept_preview_is_shown_only_for_its_own_decision(client: TestClient) -> None:
    game_id, view = _placing(client)
    corner = view["legal_actions"][0]  # type: ignore[index]
    board = client.get(f"/games/{game_id}/board").text
    found = re.search(r'data-decision="(\w+)"', board)
    assert found is not None and found.group(1) == decision_key(view["legal_actions"])
    at = f"x={corner['x']}&y={corner['y']}"
    kept = client.get(f"/games/{game_id}/board?{at}&decision={found.group(1)}").text
    assert "Place it here" in kept
    assert "Place it here" in client.get(f"/games/{game_id}/board?{at}").text  # a click
    stale = client.get(f"/games/{game_id}/board?{at}&decision=0123456789abcdef").text
    assert "Place it here" not in stale and "click a marked cell" in stale
