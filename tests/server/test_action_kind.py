"""The card game's actions name their ``kind`` over the API, as the board game's do; the
older ``type`` is still accepted (deprecated) in a move's body and in the moves a database
stored before the change, and a body that names two different kinds is refused."""

from __future__ import annotations

import random
from typing import Any

from api_helpers import account, play_randomly, wait_for_turn
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.core.record import GameRecord
from carson.games.card.match import replay_record
from carson.server.app import create_app
from carson.server.kernel.db import Move
from carson.server.play.games import GameService

SEATS = ["human", "expert", "expert", "expert"]


def new_game(client: TestClient, headers: dict[str, str], seed: int) -> str:
    response = client.post("/api/games", json={"seats": SEATS, "seed": seed}, headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def old_style(action: dict[str, Any]) -> dict[str, Any]:
    """An action as the card game wrote it before ``kind``: its kind under ``type``."""
    fields = {key: value for key, value in action.items() if key != "kind"}
    return {"type": action["kind"], **fields}


def test_legal_actions_say_kind_and_a_body_may_still_say_type(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_game(client, alice, seed=2)
    url = f"/api/games/{game}/actions"
    view = client.get(f"/api/games/{game}", headers=alice).json()
    assert all("kind" in a and "type" not in a for a in view["legal_actions"])
    bid = next(a for a in view["legal_actions"] if a["kind"] == "bid")
    both = {**bid, "type": "take"}
    refused = client.post(url, json={"seq": 0, "action": both}, headers=alice)
    assert refused.status_code == 422 and refused.json()["code"] == "malformed_action"
    assert "not both differently" in refused.json()["detail"]
    moved = client.post(url, json={"seq": 0, "action": old_style(bid)}, headers=alice)
    assert moved.status_code == 200, moved.text
    assert moved.json()["seq"] >= 1


def test_a_stored_game_whose_moves_say_type_loads_plays_on_and_records_kind(
    db_url: str,
) -> None:
    """Games stored before ``kind`` hold their moves with ``type``: a server that has not
    cached them replays them from the database, the game goes on, and its record says
    ``kind``."""
    with TestClient(create_app(db_url, budget_ms=5)) as before:
        alice = account(before, "alice")
        game = new_game(before, alice, seed=3)
        rng = random.Random(8)
        for _ in range(6):
            view = wait_for_turn(before, game, alice)
            move = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
            before.post(f"/api/games/{game}/actions", json=move, headers=alice)
        last = wait_for_turn(before, game, alice)
        service: GameService = before.app.state.games  # type: ignore[attr-defined]
        with service.sessions() as session:
            moves = session.scalars(select(Move).where(Move.game_id == game)).all()
            assert len(moves) >= 6
            for move in moves:
                move.action = old_style(move.action)
            session.commit()
    with TestClient(create_app(db_url, budget_ms=5)) as after:  # nothing cached
        assert after.get(f"/api/games/{game}", headers=alice).json() == last
        final = play_randomly(after, game, [alice], rng)[-1]
        assert final["status"] == "over"
        record = after.get(f"/api/games/{game}/record", headers=alice).json()
    actions = [item["action"] for item in record["actions"]]
    assert all("kind" in action and "type" not in action for action in actions)
    replayed = replay_record(
        GameRecord.from_json({k: v for k, v in record.items() if k != "seats"})
    )
    assert list(replayed.result().scores) == final["view"]["result"]["scores"]  # type: ignore[union-attr]
