"""The pages of ratings, players and rematch (issue 23): the leaderboard with its provisional
marks, a player's profile with the SVG rating chart and the latest finished games, all
finished games paged, the rematch offered and accepted from the game-over page — behind a
log-in, with the CSRF token, in the visitor's language."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from signing import PASSWORD, post_account_form

from carson.app import create_app

pytestmark = pytest.mark.usefixtures("toy_game")


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5)


@pytest.fixture
def browsers(app: FastAPI) -> Iterator[tuple[TestClient, TestClient]]:
    """alice's and bob's browsers, each signed up through the form."""
    with TestClient(app) as alice, TestClient(app) as bob:
        for client, name in ((alice, "alice"), (bob, "bob")):
            assert post_account_form(client, "/register", name).status_code == 303
        yield alice, bob


def bearer(client: TestClient, name: str) -> dict[str, str]:
    token = client.post("/api/login", json={"username": name, "password": PASSWORD}).json()
    return {"Authorization": f"Bearer {token['token']}"}


def played(client: TestClient, rated: bool = True, seed: int = 1, public: bool = False) -> str:
    """A toy game of alice's and bob's, played to its end through the API."""
    alice, bob = bearer(client, "alice"), bearer(client, "bob")
    body = {"game": "toy", "seats": ["human", "human"], "rated": rated, "public": public}
    game_id: str = client.post("/api/games", json=body, headers=alice).json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200
    rng = random.Random(seed)
    while True:
        for headers in (alice, bob):
            view = client.get(f"/api/games/{game_id}", headers=headers).json()
            if view["status"] == "over":
                return game_id
            if view["legal_actions"]:
                move = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
                client.post(f"/api/games/{game_id}/actions", json=move, headers=headers)


def test_the_pages_ask_for_a_login_first(app: FastAPI) -> None:
    with TestClient(app) as visitor:
        for path in ("/ratings/toy", "/players/alice", "/players/alice/games"):
            page = visitor.get(path)
            assert page.status_code == 200 and 'id="login-form"' in page.text, path
        assert (
            visitor.get("/ratings", follow_redirects=False).headers["location"] == "/ratings/card"
        )


def test_leaderboard_and_profile_after_a_rated_game(
    browsers: tuple[TestClient, TestClient],
) -> None:
    alice, bob = browsers
    game_id = played(alice)
    board = alice.get("/ratings/toy")
    assert board.status_code == 200
    assert 'id="rank-1"' in board.text and 'id="rank-2"' in board.text
    assert board.text.count('class="provisional"') == 2  # one rated game each: provisional
    assert 'href="/players/bob"' in board.text and 'href="/ratings"' in board.text

    profile = bob.get("/players/ALICE")
    assert profile.status_code == 200 and "<h1>alice" in profile.text
    assert (
        'id="stats-toy"' in profile.text
        and '<svg xmlns="http://www.w3.org/2000/svg"' in profile.text
    )
    assert "Rating in High Dice" in profile.text
    assert f'id="finished-{game_id}"' in profile.text
    assert f'href="/games/{game_id}/replay"' in profile.text  # bob played in it
    row = re.search(rf'id="finished-{game_id}".*?</tr>', profile.text, re.S)
    assert row is not None and "rated" in row.group(0) and 'href="/players/bob"' in row.group(0)

    alice.cookies.set("lang", "de")
    german = alice.get("/players/bob")
    assert "Gewertete Partien" in german.text and "Zuletzt beendete Partien" in german.text


def test_a_stranger_sees_the_games_without_a_replay_link(app: FastAPI) -> None:
    with TestClient(app) as alice, TestClient(app) as carol:
        for client, name in ((alice, "alice"), (carol, "carol")):
            assert post_account_form(client, "/register", name).status_code == 303
        assert post_account_form(alice, "/register", "bob").status_code == 303
        game_id = played(alice, rated=False, public=True)
        private = played(alice, rated=False, seed=2)
        page = carol.get("/players/bob")
        assert f'id="finished-{game_id}"' in page.text and "/replay" not in page.text
        assert private not in page.text  # issue 45: a private table's games are its players'
        assert 'class="chart"' not in page.text  # no rated game: no chart


def test_all_finished_games_come_a_page_at_a_time(
    browsers: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("carson.server.ratings.profiles.GAMES_PAGE", 1)
    alice, _ = browsers
    first, second = played(alice, rated=False, seed=1), played(alice, rated=False, seed=2)
    page_one = alice.get("/players/alice/games")
    assert f'id="finished-{second}"' in page_one.text and first not in page_one.text
    assert 'rel="next"' in page_one.text and "Page 1 of 2" in page_one.text
    page_two = alice.get("/players/alice/games?page=2")
    assert f'id="finished-{first}"' in page_two.text and 'rel="prev"' in page_two.text
    assert alice.get("/players/alice/games?page=nonsense").status_code == 200


def test_unknown_players_and_games_are_said_in_the_visitors_language(
    browsers: tuple[TestClient, TestClient],
) -> None:
    alice, _ = browsers
    alice.cookies.set("lang", "fr")
    for path in ("/players/nobody", "/ratings/chess", "/players/nobody/games"):
        page = alice.get(path)
        said = html.unescape(page.text)
        assert page.status_code == 404 and "Ce joueur ou ce jeu n'existe pas." in said, path


def test_a_rematch_from_the_game_over_page(browsers: tuple[TestClient, TestClient]) -> None:
    alice, bob = browsers
    game_id = played(alice)
    over = alice.get(f"/games/{game_id}")
    assert 'id="rematch-button"' in over.text and "Rematch" in over.text
    forged = alice.post(f"/games/{game_id}/rematch", data={"csrf": "wrong"}, follow_redirects=False)
    assert forged.status_code == 403
    assert (
        alice.get(f"/api/games/{game_id}/rematch", headers=bearer(alice, "alice")).status_code
        == 404
    )

    csrf = {"csrf": alice.cookies["carson_csrf"]}
    offered = alice.post(f"/games/{game_id}/rematch", data=csrf, follow_redirects=False)
    assert offered.status_code == 303
    new_table = offered.headers["location"]
    assert new_table.startswith("/games/") and new_table != f"/games/{game_id}"
    box = bob.get(f"/games/{game_id}/rematch")
    assert "alice offers a rematch." in box.text and 'id="rematch-button"' in box.text
    mine = alice.get(f"/games/{game_id}/rematch")
    assert "waiting for bob" in mine.text and 'hx-trigger="every 5s"' in mine.text

    accepted = bob.post(
        f"/games/{game_id}/rematch", data={"csrf": bob.cookies["carson_csrf"]},
        follow_redirects=False,
    )  # fmt: skip
    assert accepted.headers["location"] == new_table
    started = alice.get(f"/games/{game_id}/rematch")
    assert 'id="rematch-link"' in started.text and "hx-trigger" not in started.text
    assert alice.get(new_table).status_code == 200


def test_no_rematch_box_before_the_end_and_none_for_strangers(
    browsers: tuple[TestClient, TestClient], app: FastAPI
) -> None:
    alice, _ = browsers
    body = {"game": "toy", "seats": ["human", "human"]}
    game_id = alice.post("/api/games", json=body, headers=bearer(alice, "alice")).json()["id"]
    assert 'id="rematch"' not in alice.get(f"/games/{game_id}").text
    refused = alice.post(
        f"/games/{game_id}/rematch", data={"csrf": alice.cookies["carson_csrf"]},
        follow_redirects=False,
    )  # fmt: skip
    assert refused.status_code == 409 and "No rematch can be offered" in refused.text
    with TestClient(app) as stranger:
        assert stranger.get(f"/games/{game_id}/rematch").status_code == 403


def test_a_page_open_when_the_game_ends_fetches_its_rematch(
    browsers: tuple[TestClient, TestClient], app: FastAPI
) -> None:
    """While the game is played its page says where to fetch what the end offers (live.js
    asks once the board it swaps in is over); that answer holds the rematch, for the
    game's players only."""
    alice, bob = browsers
    body = {"game": "toy", "seats": ["human", "human"]}
    game_id = alice.post("/api/games", json=body, headers=bearer(alice, "alice")).json()["id"]
    assert alice.post(f"/api/games/{game_id}/join", headers=bearer(bob, "bob")).status_code == 200
    playing = alice.get(f"/games/{game_id}").text
    assert f'data-after="/games/{game_id}/after"' in playing and "rematch-button" not in playing
    assert "rematch-button" not in alice.get(f"/games/{game_id}/after").text  # not over yet

    finished = played(alice)
    after = bob.get(f"/games/{finished}/after")
    assert after.status_code == 200 and 'id="rematch-button"' in after.text
    assert "data-after" not in bob.get(f"/games/{finished}").text  # drawn with the page
    with TestClient(app) as stranger:
        assert stranger.get(f"/games/{finished}/after").status_code == 403
        post_account_form(stranger, "/register", "mallory")
        assert "rematch-button" not in stranger.get(f"/games/{finished}/after").text
