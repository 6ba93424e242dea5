"""A table's settings (issue 23): chosen at creation, checked (422 and nothing created when
wrong), stored with the game, and shown in every seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient

from carson.core.registry import HUMAN, game_kind


def people(game: str, count: int) -> list[str]:
    kind = game_kind(game)
    return [HUMAN] * count + [kind.machine_kinds[0]] * (len(kind.default_seats) - count)


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("game", ["card", "board"])
def test_the_settings_are_stored_and_shown(client: TestClient, game: str) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    body = {
        "game": game,
        "seats": people(game, 2),
        "public": True,
        "rated": True,
        "time_control": "10+5",
        "on_timeout": "takeover",
        "timeout_level": game_kind(game).seat_players[-1],
        "rating_min": 1200,
        "rating_max": 1800,
    }
    created = client.post("/api/games", json=body, headers=alice)
    assert created.status_code == 201, created.text
    expected = {key: body[key] for key in created.json()["table"]}
    assert created.json()["table"] == expected
    assert created.json()["practice"] is False
    joined = client.post(f"/api/games/{created.json()['id']}/join", headers=bob)
    assert joined.json()["table"] == expected  # from the stored row, in another seat's view


def test_without_settings_a_table_is_private_unrated_and_without_clock(
    client: TestClient,
) -> None:
    alice = account(client, "alice")
    view = client.post("/api/games", json={"seats": people("card", 1)}, headers=alice).json()
    assert view["table"] == {
        "public": False,
        "rated": False,
        "time_control": None,
        "on_timeout": "move",
        "timeout_level": "ai-medium",
        "rating_min": None,
        "rating_max": None,
    }


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        ({"time_control": "10"}, "invalid_time_control", "minutes+seconds"),
        ({"time_control": "5d"}, "invalid_time_control", "1, 2, 3, 7"),
        ({"time_control": "0+5"}, "invalid_time_control", "1–180 minutes"),
        ({"seats": people("card", 1), "rated": True}, "invalid_setup", "two human seats"),
        ({"timeout_level": "human"}, "invalid_timeout_level", "cannot play a person's seat"),
        ({"timeout_level": "expert"}, "invalid_timeout_level", "cannot play a person's seat"),
        ({"rating_min": 1800, "rating_max": 1200}, "invalid_setup", "empty"),
        ({"rating_min": -5}, "validation_error", "rating_min"),
        ({"rating_max": "1800"}, "validation_error", "rating_max"),
        ({"rated": "yes"}, "validation_error", "rated"),
    ],
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_bad_settings_are_refused_and_create_nothing(
    client: TestClient, change: dict[str, Any], code: str, words: str
) -> None:
    alice = account(client, "alice")
    body = {"seats": people("card", 2), **change}
    refused = client.post("/api/games", json=body, headers=alice)
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == code
    assert words in refused.json()["detail"]
    assert client.get("/api/games", headers=alice).json() == []


def test_an_unknown_timeout_rule_is_refused(client: TestClient) -> None:
    alice = account(client, "alice")
    body = {"seats": people("card", 2), "on_timeout": "forfeit"}
    assert client.post("/api/games", json=body, headers=alice).status_code == 422
