"""Every move takes one path (issue 43): a person's from the API or a page, a machine seat's
and one a timeout forces are each applied once (:func:`carson.server.play.moving.apply_moves`,
the only place a move is applied) and published once
(:meth:`carson.server.play.store.GameStore.published`); a person's move enters the server as
every request does, with no class in front of the application."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from signing import post_account_form
from starlette.middleware.base import BaseHTTPMiddleware

from carson.app import create_app
from carson.server.play import moving
from carson.server.play.games import GameService
from carson.server.play.loop_moves import LoopMoves
from carson.server.play.store import GameStore
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker
from manual_clock import ManualClock

pytestmark = pytest.mark.usefixtures("toy_game")


class MovePath:
    """Counts the moves applied and published, by seat, and those the event loop played."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.applied: list[int] = []
        self.published: list[int] = []
        self.on_loop = 0
        path = self

        class Counted(moving.Moved):
            def __init__(self, *fields: Any) -> None:
                super().__init__(*fields)
                path.applied += [row["seat"] for row in self.rows]

        publish, play = GameStore.published, LoopMoves.play

        def published(store: GameStore, moved: moving.Moved) -> None:
            self.published += [row["seat"] for row in moved.rows]
            publish(store, moved)

        async def played(loop: LoopMoves, *args: Any) -> dict[str, Any] | None:
            view = await play(loop, *args)
            self.on_loop += view is not None
            return view

        monkeypatch.setattr(moving, "Moved", Counted)
        monkeypatch.setattr(GameStore, "published", published)
        monkeypatch.setattr(LoopMoves, "play", played)


@pytest.fixture
def path(monkeypatch: pytest.MonkeyPatch) -> MovePath:
    return MovePath(monkeypatch)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def client(tmp_path: Path, clock: ManualClock) -> Iterator[TestClient]:
    """The whole application, running (its event loop plays moves), its worker run by hand."""
    app = create_app(f"sqlite:///{tmp_path / 'moves.db'}", budget_ms=5, worker=False, clock=clock)
    with TestClient(app) as running:
        yield running


def signed_up(client: TestClient, name: str) -> dict[str, str]:
    """A browser's session (its cookies on ``client``), and its CSRF token's header."""
    assert post_account_form(client, "/register", name).status_code == 303
    return {"X-CSRF-Token": client.cookies["carson_csrf"]}


def two_people(client: TestClient, **settings: Any) -> tuple[str, TestClient, dict[str, str]]:
    """A toy game of alice (this client: API calls with her CSRF header) and bob (a second
    browser); the game's id, bob's browser and alice's header."""
    alice = signed_up(client, "alice")
    body = {"game": "toy", "seats": ["human", "human"], **settings}
    game_id: str = client.post("/api/games", json=body, headers=alice).json()["id"]
    bob = TestClient(client.app)
    bob_csrf = signed_up(bob, "bob")["X-CSRF-Token"]
    assert bob.post(f"/games/{game_id}/join", data={"csrf": bob_csrf}).status_code == 200
    return game_id, bob, alice


def view_of(client: TestClient, game_id: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
    return view


def test_api_and_page_moves_between_two_people_are_applied_once_on_the_loop(
    client: TestClient, path: MovePath
) -> None:
    game_id, bob, alice = two_people(client)
    view = view_of(client, game_id)
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    answer = client.post(f"/api/games/{game_id}/actions", json=body, headers=alice)
    assert answer.status_code == 200, answer.text
    # bob is told it is his turn: the move writes more than its row, and is applied once.
    assert (path.applied, path.published, path.on_loop) == ([0], [0], 1)
    seen = view_of(bob, game_id)
    form = {"csrf": bob.cookies["carson_csrf"], "seq": str(seen["seq"]),
            "action": json.dumps(seen["legal_actions"][0])}  # fmt: skip
    assert bob.post(f"/games/{game_id}/act", data=form).status_code == 200
    # Bob's browser is a second test client, on an event loop of its own: his move goes to a
    # thread (the server's loop keeps its connections), and is applied once there too.
    assert (path.applied, path.published, path.on_loop) == ([0, 1], [0, 1], 1)
    assert view_of(client, game_id)["seq"] == 2


def test_a_move_refused_on_the_loop_is_applied_nowhere(client: TestClient, path: MovePath) -> None:
    game_id, _bob, alice = two_people(client)
    view = view_of(client, game_id)
    stale = {"seq": view["seq"] + 1, "action": view["legal_actions"][0]}
    refused = client.post(f"/api/games/{game_id}/actions", json=stale, headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "stale_seq"
    assert (path.applied, path.published) == ([], [])


def test_machine_and_timeout_moves_take_the_same_path(
    client: TestClient, path: MovePath, clock: ManualClock
) -> None:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    worker = game_worker(service.store, InlineThinker(), budget_ms=5)
    game_id, _bob, alice = two_people(client, time_control="1+5", on_timeout="move")
    view = view_of(client, game_id)
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    assert client.post(f"/api/games/{game_id}/actions", json=body, headers=alice).is_success
    clock.advance(61)  # bob's minute is over: his seat's move is a machine's, once
    while worker.run_once():
        pass
    assert (path.applied, path.published) == ([0, 1], [0, 1])
    assert view_of(client, game_id)["seq"] == 2


def test_no_class_stands_in_front_of_the_application(client: TestClient) -> None:
    """A move is a request like any other: FastAPI's own entry, pure ASGI middlewares."""
    app = client.app
    assert isinstance(app, FastAPI) and type(app).__call__ is FastAPI.__call__
    for middleware in app.user_middleware:
        assert isinstance(middleware.cls, type)
        assert not issubclass(middleware.cls, BaseHTTPMiddleware), middleware.cls
