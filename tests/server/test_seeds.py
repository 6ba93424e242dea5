"""Who may know a game's seed (issue 20): a practice game may take its creator's seed and
says it is practice; a game between people gets a secret seed from the server, shown to
nobody before the end; machine seats draw their own randomness from that secret."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient

from carson.core.players import player_seed
from carson.core.registry import HUMAN, game_kind
from carson.server.kernel.db import Game
from carson.server.play.games import GameService
from carson.server.play.integrity import MAX_SEED, secret_seed
from carson.server.play.thinking import ThinkRequest


def with_people(game: str, people: int) -> list[str]:
    """A table of the game's default size: ``people`` human seats, then machine seats."""
    kind = game_kind(game)
    return [HUMAN] * people + [kind.machine_kinds[0]] * (len(kind.default_seats) - people)


def stored_seed(client: TestClient, game_id: str) -> int:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game.seed


@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("game", ["card", "board", "toy"])
def test_a_seed_chosen_for_a_game_between_people_is_refused(client: TestClient, game: str) -> None:
    alice = account(client, "alice")
    body = {"game": game, "seats": with_people(game, 2), "seed": 5}
    refused = client.post("/api/games", json=body, headers=alice)
    assert refused.status_code == 422, refused.text
    assert "practice game" in refused.json()["detail"]
    assert client.get("/api/games", headers=alice).json() == []  # nothing was created
    del body["seed"]
    assert client.post("/api/games", json=body, headers=alice).status_code == 201


@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("game", ["card", "board", "toy"])
def test_a_practice_game_takes_its_seed_and_says_so(client: TestClient, game: str) -> None:
    alice = account(client, "alice")
    body = {"game": game, "seats": with_people(game, 1), "seed": 77}
    first, second = (client.post("/api/games", json=body, headers=alice).json() for _ in "ab")
    assert first["practice"] is True and first["view"] == second["view"]  # the same deal
    among_people = {"game": game, "seats": with_people(game, 2)}
    shared = client.post("/api/games", json=among_people, headers=alice).json()
    assert shared["practice"] is False
    listing = {row["id"]: row["practice"] for row in client.get("/api/games", headers=alice).json()}
    assert listing == {first["id"]: True, second["id"]: True, shared["id"]: False}
    refused = client.post("/api/games", json={**body, "seed": MAX_SEED}, headers=alice)
    assert refused.status_code == 422 and "body.seed" in refused.json()["detail"]


def test_the_page_marks_a_practice_game_in_the_players_language(client: TestClient) -> None:
    client.get("/")  # the page gives the visitor its CSRF token, which the form sends back
    form = {
        "username": "alice",
        "password": "a long password",
        "csrf": client.cookies["carson_csrf"],
    }
    assert client.post("/register", data=form, follow_redirects=False).status_code == 303
    csrf = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    solo = client.post("/api/games", json={"seats": with_people("card", 1)}, headers=csrf)
    shared = client.post("/api/games", json={"seats": with_people("card", 2)}, headers=csrf)
    assert "Practice game" in client.get(f"/games/{solo.json()['id']}").text
    assert "practice-mark" not in client.get(f"/games/{shared.json()['id']}").text
    german = client.get(f"/games/{solo.json()['id']}", headers={"Accept-Language": "de"})
    assert "Übungspartie" in german.text


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
def test_the_secret_seed_is_shown_to_nobody_before_the_end(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    body = {"game": "toy", "seats": ["human", "human", "random"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    client.post(f"/api/games/{game_id}/join", headers=bob)
    seed = str(stored_seed(client, game_id))

    def shown(headers: dict[str, str]) -> str:
        urls = [f"/api/games/{game_id}", f"/api/games/{game_id}/events", "/api/games"]
        return " ".join(client.get(url, headers=headers).text for url in urls)

    for headers in (alice, bob):
        assert seed not in shown(headers)
        record = client.get(f"/api/games/{game_id}/record", headers=headers)
        assert record.status_code == 403 and seed not in record.text
    view = client.get(f"/api/games/{game_id}", headers=alice).json()
    client.post(
        f"/api/games/{game_id}/actions",
        json={"seq": view["seq"], "action": view["legal_actions"][0]},
        headers=alice,
    )
    assert all(seed not in shown(headers) for headers in (alice, bob))
    play_randomly(client, game_id, [alice, bob], random.Random(1))
    record = client.get(f"/api/games/{game_id}/record", headers=bob).json()
    assert str(record["seed"]) == seed  # once over, anyone seated may replay the game


def test_secret_seeds_are_unguessable_draws() -> None:
    """62 bits from :mod:`secrets`: no two alike, and far beyond a search of small seeds."""
    drawn = [secret_seed() for _ in range(64)]
    assert len(set(drawn)) == 64 and all(0 <= seed < MAX_SEED for seed in drawn)
    assert max(drawn) > 2**48


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
def test_machine_seats_draw_from_the_secret_seed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The machine seats' randomness comes from the game's secret seed: two games between
    people, created and played alike, give their machines different streams, from nothing
    a player is shown."""
    given: list[ThinkRequest] = []

    def recording(**fields: Any) -> ThinkRequest:  # what a worker's search is given
        request = ThinkRequest(**fields)
        given.append(request)
        return request

    monkeypatch.setattr("carson.server.play.machines.ThinkRequest", recording)
    alice, bob = account(client, "alice"), account(client, "bob")
    streams: list[int] = []
    for _ in range(2):
        body = {"game": "toy", "seats": ["human", "human", "random"]}
        game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
        client.post(f"/api/games/{game_id}/join", headers=bob)
        play_randomly(client, game_id, [alice, bob], random.Random(2))
        secret = stored_seed(client, game_id)
        assert (given[-1].seed, given[-1].seat) == (secret, 2)  # drawn by the server
        streams.append(player_seed(given[-1].seed, given[-1].seat))
    assert streams[0] != streams[1]
