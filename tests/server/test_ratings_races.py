"""Races around a game's end: two games of the same people ending at the same moment both
rate them (no change lost, no deadlock); two players asking for a rematch at once make one
table, which starts."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.server.kernel.db import Game, PlayerRating, RatingChange
from carson.server.lobby.rematch import Rematches
from carson.server.play.games import GameService

pytestmark = pytest.mark.usefixtures("toy_game")


def service_of(client: TestClient) -> GameService:
    service = client.app.state.games  # type: ignore[attr-defined]
    assert isinstance(service, GameService)
    return service


def user_of(client: TestClient, headers: dict[str, str]) -> Any:
    return service_of(client).user_for_token(headers["Authorization"].split()[1])


def one_move_from_the_end(
    client: TestClient, players: list[dict[str, str]], rng: random.Random
) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A rated toy game of two people played up to its last move: the game, who makes
    that move, and the move."""
    body = {"game": "toy", "seats": ["human", "human"], "rated": True}
    game_id = client.post("/api/games", json=body, headers=players[0]).json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=players[1]).status_code == 200
    while True:
        for headers in players:
            view = client.get(f"/api/games/{game_id}", headers=headers).json()
            if not view["legal_actions"]:
                continue
            move = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
            if view["seq"] == 5:  # six stakes in all: this one ends the game
                return game_id, headers, move
            assert client.post(f"/api/games/{game_id}/actions", json=move, headers=headers)


def test_two_games_of_the_same_people_ending_at_once_both_rate_them(
    client: TestClient,
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    rng = random.Random(7)
    endings = [one_move_from_the_end(client, [alice, bob], rng) for _ in range(2)]
    service = service_of(client)

    def last_move(ending: tuple[str, dict[str, str], dict[str, Any]]) -> str:
        game_id, headers, move = ending
        view = service.act(user_of(client, headers), game_id, move["seq"], move["action"])
        return str(view["status"])

    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(last_move, endings)) == ["over", "over"]
    with service.sessions() as session:
        rows = session.scalars(select(PlayerRating)).all()
        assert sorted(row.games for row in rows) == [2, 2]
        assert len(session.scalars(select(RatingChange)).all()) == 4


def test_two_players_asking_for_a_rematch_at_once_make_one_table(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id, headers, move = one_move_from_the_end(client, [alice, bob], random.Random(3))
    done = client.post(f"/api/games/{game_id}/actions", json=move, headers=headers)
    assert done.json()["status"] == "over"
    rematches = Rematches(service_of(client))
    people = [user_of(client, alice), user_of(client, bob)]
    with ThreadPoolExecutor(2) as pool:
        offers = list(pool.map(lambda user: rematches.offer(user, game_id), people))
    assert offers[0]["rematch"] == offers[1]["rematch"]
    with service_of(client).sessions() as session:
        (rematch,) = session.scalars(select(Game).where(Game.rematch_of == game_id)).all()
        assert rematch.status == "playing"
