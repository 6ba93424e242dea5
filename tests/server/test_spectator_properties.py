"""The spectator's secrecy as a property (hypothesis): for any deal and any secret choices,
two games that differ only in seat B's secret choice look the same to a spectator — its API
view and its events — until the choice is revealed; seat B's own view tells them apart.
The byte-for-byte test of every audience and every game is tests/server/test_secrecy.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carson.app import create_app

CARD = {"game": "card", "seats": ["human", "human", "expert", "advanced"]}
BOARD_VOTE = {"game": "board", "seats": ["human", "human"], "variants": ["vote-sides"]}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    path = tmp_path_factory.mktemp("spectators") / "games.db"
    with TestClient(create_app(f"sqlite:///{path}", worker=False)) as client:
        yield {"client": client, "alice": account(client, "alice"), "bob": account(client, "bob")}


def seen_by_a_spectator(client: TestClient, game: str) -> tuple[Any, Any]:
    view = client.get(f"/api/games/{game}").json()
    events = client.get(f"/api/games/{game}/events").json()["events"]
    del view["id"]
    return view, events


def twin_games(
    served: dict[str, Any], body: dict[str, Any], kind: str, pick: Callable[[int], int]
) -> list[tuple[Any, Any]]:
    """Two games dealt alike; seat A makes the same secret choice in both (when asked), B
    the ``pick(count)``-th of its choices of ``kind`` in the first and the next in the
    second. What a spectator is shown of each, and B's own views."""
    client, alice, bob = served["client"], served["alice"], served["bob"]
    shown, bobs = [], []
    for twin in (0, 1):
        game = client.post("/api/games", json=body, headers=alice).json()["id"]
        client.post(f"/api/games/{game}/join", headers=bob)
        mine = client.get(f"/api/games/{game}", headers=bob).json()
        choices = [a for a in mine["legal_actions"] if a.get("type", a.get("kind")) == kind]
        assert len(choices) > 1, mine["legal_actions"]
        index = (pick(len(choices)) + twin) % len(choices)
        move = {"seq": mine["seq"], "action": choices[index]}
        assert client.post(f"/api/games/{game}/actions", json=move, headers=bob).status_code == 200
        assert client.get(f"/api/games/{game}", headers=alice).json()["legal_actions"]
        shown.append(seen_by_a_spectator(TestClient(client.app), game))
        bobs.append(client.get(f"/api/games/{game}", headers=bob).json()["view"])
    assert bobs[0] != bobs[1]
    return shown


FAST = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize(("body", "kind"), [(CARD, "bid"), (BOARD_VOTE, "vote")])
@FAST
@given(seed=st.integers(1, 2**40), choice=st.integers(0, 50))
def test_a_spectator_cannot_tell_b_s_secret_choice(
    served: dict[str, Any],
    server_seed: Callable[[int], None],
    body: dict[str, Any],
    kind: str,
    seed: int,
    choice: int,
) -> None:
    server_seed(seed)
    first, second = twin_games(served, body, kind, lambda count: choice % count)
    assert first == second
