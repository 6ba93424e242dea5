"""A third game that the platform learns of only through its entry point (``tests/toy.py``),
played through the API: creation, a simultaneous secret step, a chance step, secrecy, the
record, refusals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient

from carson.core.record import GameRecord
from carson.core.registry import game_kind, games

pytestmark = pytest.mark.usefixtures("toy_game")


def test_the_toy_game_is_registered_only_through_its_entry_point() -> None:
    assert list(games()) == ["card", "board", "toy"]
    assert game_kind("toy").title == "High Dice"


@pytest.mark.slow  # runs long: whole games or many cases
def test_two_people_play_the_toy_game_to_the_end(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(5)
    body = {"game": "toy", "seats": ["human", "human", "random"]}
    created = client.post("/api/games", json=body, headers=alice)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200

    view = client.get(f"/api/games/{game_id}", headers=alice).json()
    assert [a["chips"] for a in view["legal_actions"]] == [1, 2, 3]
    staked = client.post(
        f"/api/games/{game_id}/actions",
        json={"seq": view["seq"], "action": {"kind": "stake", "chips": 3}},
        headers=alice,
    )
    assert staked.status_code == 200, staked.text
    assert staked.json()["view"]["my_stake"] == 3
    # bob sees that alice staked, never how much
    bobs = client.get(f"/api/games/{game_id}", headers=bob).json()
    assert 0 in bobs["view"]["staked"] and 1 not in bobs["view"]["staked"]
    assert bobs["view"]["my_stake"] is None and "3" not in str(bobs["view"])

    play_randomly(client, game_id, [alice, bob], random.Random(1))
    over = client.get(f"/api/games/{game_id}", headers=bob).json()
    assert over["status"] == "over" and len(over["view"]["rolls"]) == 3
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record", headers=bob).json())
    assert record.game == "toy" and len(record.actions) == 9


@pytest.mark.parametrize(
    ("action", "message"),
    [({"kind": "stake", "chips": 4}, "chips must be 1, 2 or 3"), ({"kind": "fold"}, "stake")],
)
def test_bad_toy_actions_are_refused_and_change_nothing(
    client: TestClient, action: dict[str, object], message: str
) -> None:
    alice = account(client, "alice")
    created = client.post("/api/games", json={"game": "toy", "seats": ["human", "random"]},
                          headers=alice)  # fmt: skip
    game_id = created.json()["id"]
    before = client.get(f"/api/games/{game_id}", headers=alice).json()
    refused = client.post(f"/api/games/{game_id}/actions",
                          json={"seq": before["seq"], "action": action}, headers=alice)  # fmt: skip
    assert refused.status_code == 422 and message in refused.text
    assert client.get(f"/api/games/{game_id}", headers=alice).json() == before
