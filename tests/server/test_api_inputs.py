"""Inputs a careless or hostile client may send the API (issue 20): each gets a clear 4xx
and changes nothing."""

from __future__ import annotations

import pytest
from api_helpers import account
from fastapi.testclient import TestClient

pytestmark = pytest.mark.usefixtures("toy_game")


def test_a_variant_given_twice_is_refused(client: TestClient) -> None:
    alice = account(client, "alice")
    body = {"game": "board", "seats": ["human", "random"], "variants": ["river", "river"]}
    refused = client.post("/api/games", json=body, headers=alice)
    assert refused.status_code == 422 and "'river' given twice" in refused.text
    assert client.get("/api/games", headers=alice).json() == []


def test_seq_must_be_an_integer(client: TestClient) -> None:
    alice = account(client, "alice")
    created = client.post("/api/games", json={"game": "toy", "seats": ["human", "random"]},
                          headers=alice)  # fmt: skip
    game_id = created.json()["id"]
    stake = {"kind": "stake", "chips": 1}
    for seq in ("0", 0.0, True, None):
        sent = client.post(f"/api/games/{game_id}/actions", json={"seq": seq, "action": stake},
                           headers=alice)  # fmt: skip
        assert sent.status_code == 422, seq
    assert client.get(f"/api/games/{game_id}", headers=alice).json()["view"]["my_stake"] is None


@pytest.mark.parametrize(
    "name", ["alice\n", "ALICE", "Alice", "ａｌｉｃｅ", "a" * 32 + "\n", "al ice", "al", "a" * 33]
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_usernames_are_whole_matches_and_unique_whatever_their_case(
    client: TestClient, name: str
) -> None:
    account(client, "alice")
    refused = client.post("/api/register", json={"username": name, "password": "a long password"})
    assert refused.status_code in (400, 409, 422), refused.text
    assert client.post("/api/login", json={"username": "ａｌｉｃｅ", "password": "password-alice"}
                       ).status_code == 200  # fmt: skip
