"""Spectators on the pages: a signed-out visitor or a person without a seat watches a game
being played (the card game, the board game, a game drawn by the generic page) for nobody's
seat — a banner, no decision, no "your city" —, its replay once over; the lobby lists the
public games in progress for anyone; a table still waiting stays an invitation."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.server.kernel.limits import Limits

BANNER = 'id="watching"'
HTMX = {"HX-Request": "true"}


@pytest.fixture
def client(toy_game: None, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5)) as test_client:
        yield test_client


def person(client: TestClient, name: str) -> TestClient:
    browser = TestClient(client.app)
    assert post_account_form(browser, "/register", name).status_code == 303
    return browser


def api(browser: TestClient, method: str, path: str, **body: Any) -> dict[str, Any]:
    csrf = {"X-CSRF-Token": browser.cookies["carson_csrf"]}
    response = browser.request(method, path, json=body or None, headers=csrf)
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def started(client: TestClient, body: dict[str, Any]) -> tuple[str, TestClient, TestClient]:
    """A game of two people (alice and bob), started."""
    alice, bob = person(client, "alice"), person(client, "bob")
    game = api(alice, "POST", "/api/games", **body)["id"]
    api(bob, "POST", f"/api/games/{game}/join")
    return game, alice, bob


GAMES = {
    "card": {"game": "card", "seats": ["human", "human", "expert", "expert"], "public": True},
    "board": {"game": "board", "seats": ["human", "human"], "public": True},
    "toy": {"game": "toy", "seats": ["human", "human"], "public": True},
}


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("name", list(GAMES))
def test_a_signed_out_visitor_watches_a_game_for_nobody_s_seat(
    client: TestClient, name: str
) -> None:
    game, alice, _ = started(client, GAMES[name])
    stranger = TestClient(client.app)
    page = stranger.get(f"/games/{game}")
    assert page.status_code == 200, page.text
    assert BANNER in page.text and "You are watching this game." in page.text
    assert f'action="/games/{game}/act"' not in page.text  # no decision to take
    assert "Your city" not in page.text and 'id="my-city"' not in page.text
    assert re.search(r'id="watchers-count">1<', page.text)  # the visitor counts
    players = alice.get(f"/games/{game}").text
    assert BANNER not in players and re.search(r'id="watchers-count">1<', players)
    board = stranger.get(f"/games/{game}/board", headers=HTMX)
    assert board.status_code == 200 and 'id="board"' in board.text
    german = TestClient(client.app, cookies={"lang": "de"})
    assert "Du schaust dieser Partie zu." in german.get(f"/games/{game}").text


def test_a_finished_game_and_its_replay_stay_watchable(client: TestClient) -> None:
    game, alice, bob = started(client, GAMES["toy"])
    rng = random.Random(4)
    for _ in range(200):
        view = api(alice, "GET", f"/api/games/{game}")
        if view["status"] == "over":
            break
        mover = alice if view["legal_actions"] else bob
        seen = api(mover, "GET", f"/api/games/{game}")
        if seen["legal_actions"]:
            action = rng.choice(seen["legal_actions"])
            api(mover, "POST", f"/api/games/{game}/actions", seq=seen["seq"], action=action)
    assert view["status"] == "over"
    stranger = TestClient(client.app)
    assert BANNER in stranger.get(f"/games/{game}").text
    replay = stranger.get(f"/games/{game}/replay?step=1")
    assert replay.status_code == 200 and 'id="replay-board"' in replay.text


def test_a_waiting_table_stays_an_invitation(client: TestClient) -> None:
    alice = person(client, "alice")
    game = api(alice, "POST", "/api/games", **GAMES["card"])["id"]
    signed_out = TestClient(client.app).get(f"/games/{game}").text
    assert "Log in or create an account to play." in signed_out
    carol = person(client, "carol")
    invited = carol.get(f"/games/{game}").text
    assert f'action="/games/{game}/join"' in invited and BANNER not in invited
    assert TestClient(client.app).get("/games/nope").status_code == 404


def test_the_lobby_lists_public_games_in_progress_for_anyone(client: TestClient) -> None:
    game, alice, bob = started(client, GAMES["card"])
    private = api(alice, "POST", "/api/games", game="board", seats=["human", "human"])["id"]
    api(bob, "POST", f"/api/games/{private}/join")
    stranger = TestClient(client.app)
    lobby = stranger.get("/lobby")
    assert lobby.status_code == 200 and 'id="lobby-playing"' in lobby.text
    assert 'hx-get="/lobby/playing"' in lobby.text
    stranger.get(f"/games/{game}")  # one watches
    listed = stranger.get("/lobby/playing", headers=HTMX).text
    assert f'id="playing-{game}"' in listed and private not in listed
    assert "alice" in listed and "(1500)" in listed and "round 1" in listed
    assert re.search(r'class="watcher-count"[^>]*>1<', listed)
    assert f'href="/games/{game}"' in listed
    assert "<html" in stranger.get("/lobby/playing").text  # a page of its own without htmx
    assert 'id="lobby-playing"' in alice.get("/lobby").text  # and in a player's lobby


def test_watching_pages_are_rate_limited_per_address(tmp_path: Path) -> None:
    limits = Limits(watching_per_address="3/minute")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, limits=limits)
    with TestClient(app) as client:
        game, _, _ = started(client, GAMES["card"])
        stranger = TestClient(client.app)
        for _ in range(3):
            assert stranger.get(f"/games/{game}").status_code == 200
        refused = stranger.get(f"/games/{game}")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "Too many attempts" in refused.text
