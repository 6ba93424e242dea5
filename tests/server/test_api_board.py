"""The board game through the public API: creation with variants, a whole game by two people
and a machine seat, its record, secrecy (BG-11) and clear refusals."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient

from carson.core.record import GameRecord
from carson.games.board.engine.observation import determinize
from carson.games.board.match import replay_record
from carson.server.play.games import GameService


def new_board_game(
    client: TestClient,
    headers: dict[str, str],
    seats: list[str],
    variants: list[str] | None = None,
    seed: int | None = 1,
) -> str:
    """A new board game; the seed is for a practice game (one human seat): in a game between
    people the server draws it (``server_seed`` fixes it for a test)."""
    body: dict[str, Any] = {"game": "board", "seats": seats, "variants": variants or []}
    if seed is not None and seats.count("human") == 1:
        body["seed"] = seed
    response = client.post("/api/games", json=body, headers=headers)
    assert response.status_code == 201, response.text
    assert response.json()["game"] == "board"
    return str(response.json()["id"])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": ["human", "random"]}, "unknown game 'chess'"),
        ({"game": "board", "seats": ["human"]}, "2–5 seats"),
        ({"game": "board", "seats": ["human"] + ["random"] * 5}, "2–5 seats"),
        ({"game": "board", "seats": ["human", "expert"]}, "unknown seat kind 'expert'"),
        ({"game": "board", "seats": ["human", "random"], "variants": ["fog"]}, "unknown variant"),
        (
            {
                "game": "board",
                "seats": ["human", "random"],
                "variants": ["red-sides", "vote-sides"],
            },
            "one way to set the card sides",
        ),
        ({"seats": ["human"] + ["expert"] * 3, "variants": ["river"]}, "unknown variant"),
        ({"game": "board", "seats": ["random", "random"]}, "at least one 'human' seat"),
    ],
)
def test_creating_a_bad_board_game_is_refused(
    client: TestClient, body: object, message: str
) -> None:
    response = client.post("/api/games", json=body, headers=account(client, "carol"))
    assert response.status_code == 422, response.text
    assert message in response.json()["detail"]


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_whole_board_game_with_variants_then_its_record(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    variants = ["duel-tiles", "vote-sides"]  # two simultaneous secret steps between people
    server_seed(11)
    game = new_board_game(client, alice, ["human", "random", "human"], variants, seed=None)
    client.post(f"/api/games/{game}/join", headers=bob)
    first = client.get(f"/api/games/{game}", headers=bob).json()
    assert first["status"] == "playing" and first["view"]["config"]["variants"] == sorted(variants)
    views = play_randomly(client, game, [alice, bob], random.Random(4))
    final = views[-1]
    assert final["status"] == "over" and final["legal_actions"] == []
    record = client.get(f"/api/games/{game}/record", headers=alice).json()
    assert record["game"] == "board" and record["seats"] == ["human", "random", "human"]
    replayed = replay_record(
        GameRecord.from_json({k: v for k, v in record.items() if k != "seats"})
    )
    result = replayed.result()
    assert result is not None
    assert final["view"]["result"]["scores"] == list(result.scores)
    listing = client.get("/api/games", headers=bob).json()
    assert listing[0]["game"] == "board" and listing[0]["status"] == "over"


@pytest.mark.slow  # runs long: whole games or many cases
def test_no_board_response_carries_another_seats_hidden_facts(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    """BG-11 over the wire: each view sent equals the seat's view of the game re-dealt in all
    it cannot see (bag order, others' duel tiles and pending choices, the future dice)."""
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(5)
    game = new_board_game(client, alice, ["human", "human", "random"], ["duel-tiles"], seed=None)
    client.post(f"/api/games/{game}/join", headers=bob)
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    rng = random.Random(6)
    for _ in range(60):
        for headers, seat in ((bob, 1), (alice, 0)):
            view = client.get(f"/api/games/{game}", headers=headers).json()
            state = state_at(service, game, view["seq"])
            other = determinize(state, seat, rng)
            assert view["view"] == json.loads(json.dumps(other.view(seat)))
            if view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                body = {"seq": view["seq"], "action": action}
                client.post(f"/api/games/{game}/actions", json=body, headers=headers)


def state_at(service: GameService, game: str, seq: int) -> Any:
    """The game's state after ``seq`` moves (the worker's machine seat may have moved on
    since the view was read)."""
    state = service.store.cache.state(game)
    assert state is not None
    if len(state.actions) == seq:
        return state
    with service.sessions() as session:
        table = service.store.table(session, game)
    shown = table.kind.new_state(table.config, table.seed)
    for acting, action in state.actions[:seq]:
        shown.apply(acting, action)
    return shown


def test_board_action_errors_name_the_problem_and_change_nothing(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_board_game(client, alice, ["human", "random"], seed=3)
    url = f"/api/games/{game}/actions"
    before = client.get(f"/api/games/{game}", headers=alice).json()
    while not before["legal_actions"]:  # the random seat may claim first
        before = client.get(f"/api/games/{game}", headers=alice).json()
    seq = before["seq"]
    cases = [
        ({"seq": seq, "action": {"kind": "fly"}}, "malformed action"),
        ({"seq": seq, "action": {"kind": "claim", "parcel": [9, 9]}}, "malformed action"),
        ({"seq": seq, "action": {"kind": "personality", "id": "sheriff"}}, "not a legal claim"),
    ]
    for body, message in cases:
        response = client.post(url, json=body, headers=alice)
        assert response.status_code == 422 and message in response.json()["detail"], body
    assert client.get(f"/api/games/{game}", headers=alice).json() == before
