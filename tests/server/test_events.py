"""The events the server keeps: served by audience as JSON pages and on the live stream (with
``Last-Event-ID`` resumption), never a seat's secret to another seat, kept across restarts,
derived once for moves stored before events were kept."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from api_helpers import account, play_randomly
from event_helpers import all_pages, engine_events, stream_messages, streamed_events, visible
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select, update

from carson.core.game import Event
from carson.server.app import create_app
from carson.server.kernel.db import MIGRATIONS, Game, Move, make_engine
from carson.server.kernel.errors import Unprocessable
from carson.server.play.games import GameService


def new_game(client: TestClient, headers: dict[str, str], body: dict[str, Any]) -> str:
    response = client.post("/api/games", json=body, headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_a_moves_events_follow_the_setups(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_game(client, alice, {"seats": ["human", "expert", "expert", "expert"], "seed": 3})
    opening = client.get(f"/api/games/{game}/events", headers=alice).json()
    assert opening["since"] is None and opening["until"] == 0 and opening["more"] is False
    assert [e["kind"] for e in opening["events"]] == ["round_started", "revealed"]
    assert {e["seq"] for e in opening["events"]} == {0}
    assert client.get(f"/api/games/{game}/events?since=0", headers=alice).json()["events"] == []

    bid = {"seq": 0, "action": {"kind": "bid", "value": 3}}
    after = client.post(f"/api/games/{game}/actions", json=bid, headers=alice).json()
    page = client.get(f"/api/games/{game}/events?since=0", headers=alice).json()
    assert page["until"] == after["seq"] >= 1 and page["more"] is False
    mine = [e for e in page["events"] if e["seq"] == 1]
    chosen = next(e for e in mine if e["kind"] == "bid_chosen")
    assert chosen["seats"] == [0] and chosen["data"]["value"] == 3
    assert any(e["kind"] == "bid_committed" and e["seats"] is None for e in mine)


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
def test_pages_follow_next_to_the_end_and_bad_requests_are_refused(client: TestClient) -> None:
    alice, eve = account(client, "alice"), account(client, "eve")
    body = {"game": "toy", "seats": ["human", "random", "random"], "seed": 4}
    game = new_game(client, alice, body)
    play_randomly(client, game, [alice], random.Random(2))
    whole = client.get(f"/api/games/{game}/events?limit=500", headers=alice).json()
    assert whole["more"] is False and whole["until"] == 9 and "next" not in whole
    assert all_pages(client, game, alice, "?limit=2") == whole["events"]
    first = client.get(f"/api/games/{game}/events?since=3&limit=2", headers=alice).json()
    assert (first["until"], first["more"]) == (5, True)
    assert first["next"] == f"/api/games/{game}/events?since=5&limit=2"
    assert [e for e in whole["events"] if 3 < e["seq"] <= 5] == first["events"]
    assert all_pages(client, game, alice, "?since=9") == []
    for query, message in [
        ("since=x", "query.since: Input should be a valid integer, unable to parse string as an "
         "integer"),
        ("since=-1", "query.since: Input should be greater than or equal to 0"),
        ("since=10", "since=10 is not a move of this game: give a seq from 0 to 9"),
        ("limit=0", "query.limit: Input should be greater than or equal to 1"),
        ("limit=501", "query.limit: Input should be less than or equal to 500"),
    ]:  # fmt: skip
        refused = client.get(f"/api/games/{game}/events?{query}", headers=alice)
        assert refused.status_code == 422 and refused.json()["detail"] == message, query
    forged = {"Authorization": "Bearer forged"}
    assert client.get(f"/api/games/{game}/events", headers=forged).status_code == 401
    watched = client.get(f"/api/games/{game}/events", headers=eve).json()["events"]
    assert watched == [e for e in all_pages(client, game, alice) if e["seats"] is None]
    assert client.get("/api/games/nope/events", headers=alice).status_code == 404
    assert client.get(f"/api/games/{game}/stream", headers=forged).status_code == 401
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/games/{game_id}/events" in paths and "/api/games/{game_id}/stream" in paths


SECRET_GAMES = [
    pytest.param({"seats": ["human", "human", "expert", "advanced"], "seed": 11}, id="card"),
    pytest.param(
        {
            "game": "board",
            "seats": ["human", "human", "random"],
            "seed": 12,
            "variants": ["vote-sides", "duel-tiles"],
        },
        id="board",
    ),
    pytest.param({"game": "toy", "seats": ["human", "human", "random"], "seed": 13}, id="toy"),
]


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("body", SECRET_GAMES)
def test_no_seat_is_served_another_seats_events(
    client: TestClient, body: dict[str, Any], server_seed: Callable[[int], None]
) -> None:
    """Each seat gets exactly the events the engine addressed to it or to everyone, through
    the JSON pages and through the stream: none addressed only to another seat."""
    alice, bob = account(client, "alice"), account(client, "bob")
    body = dict(body)
    server_seed(body.pop("seed"))  # a game between people: the server draws its seed
    game = new_game(client, alice, body)
    client.post(f"/api/games/{game}/join", headers=bob)
    play_randomly(client, game, [alice, bob], random.Random(7))
    record = client.get(f"/api/games/{game}/record", headers=alice).json()
    made = engine_events(record)
    for seat, headers in ((0, alice), (1, bob)):
        served = all_pages(client, game, headers, "?limit=7")
        assert served == visible(made, seat)
        assert all(e["seats"] is None or seat in e["seats"] for e in served)
        messages = stream_messages(client, game, headers, last_id="0")
        assert streamed_events(messages) == [e for e in served if e["seq"] > 0]
    secrets = [e for e in made if e["seats"] is not None]
    if body.get("game") != "board":  # the board game reveals its votes and tiles publicly
        assert any(e["seats"] == [1] for e in secrets) and any(e["seats"] == [0] for e in secrets)


SECRET_FIRST_MOVES = [
    pytest.param({"seats": ["human", "human", "expert", "advanced"], "seed": 21}, id="card-bid"),
    pytest.param(
        {"game": "board", "seats": ["human", "human"], "seed": 22, "variants": ["vote-sides"]},
        id="board-vote",
    ),
    pytest.param({"game": "toy", "seats": ["human", "human"], "seed": 23}, id="toy-stake"),
]


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("body", SECRET_FIRST_MOVES)
def test_a_secret_choice_changes_nothing_another_seat_is_served(
    client: TestClient, body: dict[str, Any], server_seed: Callable[[int], None]
) -> None:
    """Two games alike but for alice's secret first choice (a bid, a vote, a stake): until
    it is revealed, bob is served the same events in both, and alice her own choice."""
    alice, bob = account(client, "alice"), account(client, "bob")
    body = dict(body)
    server_seed(body.pop("seed"))  # a game between people: the server draws its seed
    served: list[list[dict[str, Any]]] = []
    for pick in (0, -1):
        game = new_game(client, alice, body)
        client.post(f"/api/games/{game}/join", headers=bob)
        view = client.get(f"/api/games/{game}", headers=alice).json()
        assert view["seq"] == 0 and len(view["legal_actions"]) > 1
        move = {"seq": 0, "action": view["legal_actions"][pick]}
        assert client.post(f"/api/games/{game}/actions", json=move, headers=alice).is_success
        assert client.get(f"/api/games/{game}", headers=bob).json()["legal_actions"]  # unrevealed
        served.append(all_pages(client, game, bob))
        alices = [e for e in all_pages(client, game, alice, "?since=0") if e["seats"] == [0]]
        assert len(alices) == (0 if body.get("game") == "board" else 1)
    assert served[0] == served[1]


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_reconnecting_stream_is_sent_exactly_the_moves_it_missed(client: TestClient) -> None:
    alice = account(client, "alice")
    body = {"seats": ["human", "greedy", "expert", "expert"], "seed": 5}
    game = new_game(client, alice, body)
    play_randomly(client, game, [alice], random.Random(4))
    final = client.get(f"/api/games/{game}", headers=alice).json()
    fresh = stream_messages(client, game, alice)
    assert [(m["event"], m["id"]) for m in fresh] == [("view", str(final["seq"]))]
    told = final["seq"] - 6
    resumed = stream_messages(client, game, alice, last_id=str(told))
    expected = [("move", str(seq)) for seq in range(told + 1, final["seq"] + 1)]
    assert [(m["event"], m["id"]) for m in resumed] == [*expected, ("view", str(final["seq"]))]
    assert streamed_events(resumed) == all_pages(client, game, alice, f"?since={told}")
    for bad, message in [("x", "'x' is not a seq"), (str(final["seq"] + 1), "from 0 to")]:
        refused = client.get(f"/api/games/{game}/stream", headers={**alice, "Last-Event-ID": bad})
        assert refused.status_code == 422 and message in refused.json()["detail"]


@pytest.mark.slow  # runs long: whole games or many cases
def test_events_survive_a_restart_and_older_moves_get_theirs_once(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5)) as before:
        alice = account(before, "alice")
        game = new_game(before, alice, {"seats": ["human", "greedy", "expert", "expert"]})
        play_randomly(before, game, [alice], random.Random(9))
        served = all_pages(before, game, alice)
        service: GameService = before.app.state.games  # type: ignore[attr-defined]
        with service.sessions.begin() as session:  # as a server from before events were kept
            session.execute(update(Move).where(Move.game_id == game).values(events=None))
            session.execute(update(Game).where(Game.id == game).values(opening_events=None))
    with TestClient(create_app(db_url, budget_ms=5)) as after:
        assert all_pages(after, game, alice, "?limit=3") == served
        service = after.app.state.games  # type: ignore[attr-defined]
        with service.sessions() as session:
            missing = session.scalar(
                select(func.count()).where(Move.game_id == game, Move.events.is_(None))
            )
            opening = session.scalar(select(Game.opening_events).where(Game.id == game))
        assert missing == 0 and opening is not None
    with TestClient(create_app(db_url, budget_ms=5)) as again:
        assert all_pages(again, game, alice) == served
        record = again.get(f"/api/games/{game}/record", headers=alice).json()
        assert served == visible(engine_events(record), 0)


def test_the_service_hands_a_seat_its_events_as_engine_events(client: TestClient) -> None:
    """What a move log draws from, without replaying: typed events with their seq."""
    alice = account(client, "alice")
    game = new_game(client, alice, {"seats": ["human", "expert", "expert", "expert"], "seed": 8})
    play_randomly(client, game, [alice], random.Random(6))
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    user = service.user_for_token(alice["Authorization"].split()[1])
    assert user is not None
    everything = service.seat_events(user, game)
    assert [seat_event.to_json() for seat_event in everything] == all_pages(client, game, alice)
    assert everything[0].seq == 0 and isinstance(everything[0].event, Event)
    assert all(seat_event.event.visible_to(0) for seat_event in everything)
    early = service.seat_events(user, game, since=2, upto=5)
    assert early == [e for e in everything if 2 < e.seq <= 5] and early
    with pytest.raises(Unprocessable, match="since=9 is not a move"):
        service.seat_events(user, game, since=9, upto=5)


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_database_from_before_events_were_kept_is_migrated_and_served(db_url: str) -> None:
    """Schema 0001 (no events columns) with a game in it: the next server migrates it and
    serves the game's events, derived from its moves."""
    with TestClient(create_app(db_url, budget_ms=5)) as before:
        alice = account(before, "alice")
        game = new_game(before, alice, {"game": "board", "seats": ["human", "random"], "seed": 2})
        play_randomly(before, game, [alice], random.Random(3))
        served = all_pages(before, game, alice)
    engine = make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    with engine.connect() as connection:
        assert "events" not in {c["name"] for c in inspect(connection).get_columns("moves")}
    engine.dispose()
    with TestClient(create_app(db_url, budget_ms=5)) as after:
        assert all_pages(after, game, alice, "?limit=10") == served and served
