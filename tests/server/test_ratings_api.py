"""The end of a game and the ratings it changes, through the API: a rated game between people
is rated once, its people ranked among themselves (a seat that left last, machines not
rated); leaderboards, profiles, rating histories and finished games, paged; refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from carson.core.ratings import INITIAL_MU
from carson.server.kernel.db import Game, GameSeat, PlayerRating, RatingChange

pytestmark = pytest.mark.usefixtures("toy_game")


def toy_table(
    client: TestClient, players: list[dict[str, str]], rated: bool, machines: int = 1
) -> str:
    """A toy game (High Dice, nine quick moves) with every player seated, not started yet
    until the last one joined."""
    seats = ["human"] * len(players) + ["random"] * machines
    body = {"game": "toy", "seats": seats, "rated": rated}
    created = client.post("/api/games", json=body, headers=players[0])
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    for headers in players[1:]:
        assert client.post(f"/api/games/{game_id}/join", headers=headers).status_code == 200
    return game_id


def played(client: TestClient, players: list[dict[str, str]], rated: bool, seed: int) -> str:
    game_id = toy_table(client, players, rated)
    play_randomly(client, game_id, players, random.Random(seed))
    return game_id


def stored(client: TestClient) -> Any:
    return client.app.state.games.sessions  # type: ignore[attr-defined]


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_rated_game_ends_finished_and_rates_its_people_once(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = played(client, [alice, bob], rated=True, seed=1)
    with stored(client)() as session:
        game = session.get(Game, game_id)
        assert game.status == "over" and game.ended == "finished" and game.ended_at is not None
        scores, winners = game.result["scores"], set(game.result["winners"])
        seats = {row.seat: row for row in session.scalars(select(GameSeat))}
        assert {seat: row.score for seat, row in seats.items()} == {0: scores[0], 1: scores[1]}
        assert {seat: row.won for seat, row in seats.items()} == {s: s in winners for s in (0, 1)}
        ratings = {row.user_id: row for row in session.scalars(select(PlayerRating))}
        history = session.scalars(select(RatingChange)).all()
    assert sorted(ratings) == [seats[0].user_id, seats[1].user_id]  # the machine: not rated
    assert all(row.games == 1 for row in ratings.values())
    assert len(history) == 2 and {point.game_id for point in history} == {game_id}
    a, b = ratings[seats[0].user_id], ratings[seats[1].user_id]
    if scores[0] == scores[1]:
        assert round(a.mu) == round(b.mu)
    else:
        better, worse = (a, b) if scores[0] > scores[1] else (b, a)
        assert better.mu > INITIAL_MU > worse.mu
    # A win is winning the game (the machine seat may have won it), as the profile counts.
    assert (a.wins, b.wins) == (int(seats[0].won), int(seats[1].won))

    board = client.get("/api/ratings/toy", headers=alice).json()
    assert board["total"] == 2 and [p["rank"] for p in board["players"]] == [1, 2]
    assert board["players"][0]["rating"] >= board["players"][1]["rating"]
    assert all(p["provisional"] and not p["bot"] and p["games"] == 1 for p in board["players"])
    history_of_bob = client.get("/api/players/BOB/ratings/toy", headers=alice).json()
    assert history_of_bob["user"] == "bob" and len(history_of_bob["points"]) == 1
    assert history_of_bob["points"][0]["game_id"] == game_id


@pytest.mark.slow  # runs long: whole games or many cases
def test_profiles_count_every_finished_game_and_rate_only_rated_ones(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    played(client, [alice, bob], rated=False, seed=2)
    unfinished = toy_table(client, [alice, bob], rated=False)
    profile = client.get("/api/players/alice", headers=bob).json()
    toy = next(stats for stats in profile["games"] if stats["game"] == "toy")
    assert toy["played"] == 1 and toy["rated_games"] == 0 and toy["rating"] is None
    assert {stats["game"] for stats in profile["games"]} >= {"card", "board", "toy"}
    (recent,) = profile["recent"]  # the game in progress is not shown
    assert recent["id"] != unfinished and recent["seat"] == 0 and not recent["rated"]
    assert [p["user"] for p in recent["players"]] == ["alice", "bob", None]
    assert recent["players"][2]["kind"] == "random"
    assert all(isinstance(p["score"], int) for p in recent["players"])
    assert toy["won"] == int(recent["players"][0]["won"])
    assert client.get("/api/ratings/toy", headers=bob).json()["players"] == []


@pytest.mark.slow  # runs long: whole games or many cases
def test_finished_games_come_newest_first_a_page_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("carson.server.ratings.profiles.GAMES_PAGE", 2)
    alice, bob = account(client, "alice"), account(client, "bob")
    ids = [played(client, [alice, bob], rated=False, seed=seed) for seed in range(3)]
    first = client.get("/api/players/alice/games", headers=bob).json()
    second = client.get("/api/players/alice/games?page=2", headers=bob).json()
    assert first["total"] == 3 and first["pages"] == 2 and second["page"] == 2
    assert [g["id"] for g in first["games"] + second["games"]] == ids[::-1]
    assert client.get("/api/players/alice/games?page=9", headers=bob).json()["games"] == []


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_seat_that_left_ranks_last_and_never_wins(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = toy_table(client, [alice, bob], rated=True)
    with stored(client).begin() as session:  # as a resignation leaves it (the clocks' part)
        session.execute(
            update(GameSeat).where(GameSeat.seat == 0).values(left="resigned", left_seq=0)
        )
    play_randomly(client, game_id, [alice, bob], random.Random(4))
    board = {p["user"]: p for p in client.get("/api/ratings/toy", headers=bob).json()["players"]}
    assert board["alice"]["mu"] < INITIAL_MU < board["bob"]["mu"]
    assert board["alice"]["wins"] == 0
    bobs = client.get("/api/players/bob", headers=bob).json()
    [toy] = [stats for stats in bobs["games"] if stats["game"] == "toy"]
    assert board["bob"]["wins"] == toy["won"]  # a win is winning the game, on both pages
    recent = client.get("/api/players/alice", headers=bob).json()["recent"][0]
    assert recent["players"][0]["left"] == "resigned" and not recent["players"][0]["won"]


def test_refusals(client: TestClient) -> None:
    alice = account(client, "alice")
    assert client.get("/api/ratings/toy").status_code == 401
    assert client.get("/api/players/alice").status_code == 401
    missing = [
        "/api/ratings/chess",
        "/api/players/nobody",
        "/api/players/nobody/games",
        "/api/players/alice/ratings/chess",
    ]
    for path in missing:
        response = client.get(path, headers=alice)
        assert response.status_code == 404 and response.json()["code"] == "not_found", path
    assert client.get("/api/ratings/toy?page=0", headers=alice).status_code == 422


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_private_game_is_listed_to_its_own_players_only(client: TestClient) -> None:
    """Issue 45: a finished private table (and a practice game) is on its players' profiles
    for them, not for anyone else; a public one for everyone."""
    alice, bob, carol = account(client, "alice"), account(client, "bob"), account(client, "carol")
    private = played(client, [alice, bob], rated=False, seed=5)
    public = toy_table(client, [alice, bob], rated=False)
    with stored(client).begin() as session:
        session.execute(update(Game).where(Game.id == public).values(public=True))
    play_randomly(client, public, [alice, bob], random.Random(6))

    def listed(viewer: dict[str, str]) -> set[str]:
        games = client.get("/api/players/alice/games", headers=viewer).json()["games"]
        recent = client.get("/api/players/alice", headers=viewer).json()["recent"]
        assert {g["id"] for g in recent} == {g["id"] for g in games}
        return {g["id"] for g in games}

    assert listed(alice) == listed(bob) == {private, public}
    assert listed(carol) == {public}
