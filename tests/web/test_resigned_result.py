"""A player who resigned never reads "You won!" at the end (QA, issue 25): a machine plays the
seat to the end and may score best, but the standings rank a player who left last."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from test_analysis_pages import client, work  # noqa: F401  (the fixture and the worker)


@pytest.mark.parametrize(
    ("game", "seats"),
    [("card", ["human", "random", "random", "random"]), ("board", ["human", "random"])],
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_a_resigned_player_is_never_told_they_won(
    client: TestClient,  # noqa: F811
    game: str,
    seats: list[str],
) -> None:
    assert post_account_form(client, "/register", "carol").status_code == 303
    csrf = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    body = {"game": game, "seats": seats, "seed": 5}
    created = client.post("/api/games", json=body, headers=csrf)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    work(client)
    assert client.post(f"/api/games/{game_id}/resign", headers=csrf).status_code == 200
    for _ in range(200):  # a machine plays her seat (better than "random") to the end
        work(client)
        view = client.get(f"/api/games/{game_id}").json()
        if view["status"] == "over":
            break
    assert view["status"] == "over" and view["seats"][0]["left"] == "resigned"
    assert 0 in view["view"]["result"]["winners"]  # her seat scored best: the case at stake
    page = client.get(f"/games/{game_id}").text
    assert "You won!" not in page
    # The headline names the winner among those who stayed (issue 44), and the line below
    # says what happened to her seat, whose score was the highest: she ranks last all the
    # same, and her history says she lost.
    result = page[page.index('id="result"') :][:1200]
    assert re.search(r"<h3>Winner among those who stayed: [^<]+</h3>", result), result
    assert "carol resigned; a machine played the seat to the end." in result
    assert re.search(r"Highest score: carol( \([A-Za-z]+\))? · left the game", result), result
    assert "Winner:" not in page
    # Her analysis has nothing to weigh, and says so rather than a perfect score.
    token = client.cookies["carson_csrf"]
    asked = client.post(f"/games/{game_id}/analysis", data={"csrf": token, "seat": "0"})
    assert asked.status_code == 200, asked.text
    work(client)
    analysis = client.get(f"/games/{game_id}/analysis").text
    assert 'id="analysis-empty"' in analysis and 'id="analysis-summary"' not in analysis


def test_a_resigned_player_is_offered_no_hint(client: TestClient) -> None:  # noqa: F811
    """A machine plays her seat now: the practice game's hint box goes with her decisions."""
    assert post_account_form(client, "/register", "dora").status_code == 303
    csrf = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    body = {"game": "card", "seats": ["human", "random", "random", "random"], "seed": 5}
    game_id = client.post("/api/games", json=body, headers=csrf).json()["id"]
    assert 'id="hint"' in client.get(f"/games/{game_id}").text
    assert client.post(f"/api/games/{game_id}/resign", headers=csrf).status_code == 200
    page = client.get(f"/games/{game_id}").text
    assert 'id="hint"' not in page and 'id="taken-over"' in page


def test_a_resigned_player_whose_seat_is_to_move_reads_that_a_machine_plays_it(
    client: TestClient,  # noqa: F811
) -> None:
    """Her seat alone to move after she resigned: not an empty "Waiting for:" but who plays."""
    assert post_account_form(client, "/register", "erin").status_code == 303
    csrf = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    for seed in range(20):  # a board game whose first move is hers
        body = {"game": "board", "seats": ["human", "random"], "seed": seed}
        game_id = client.post("/api/games", json=body, headers=csrf).json()["id"]
        if client.get(f"/api/games/{game_id}").json()["legal_actions"]:
            break
    else:
        raise AssertionError("no seed of 20 gave her the first move")
    assert client.post(f"/api/games/{game_id}/resign", headers=csrf).status_code == 200
    page = client.get(f"/games/{game_id}").text  # the machine has not moved for her yet
    assert "A machine plays your seat." in page
    assert not re.search(r"Waiting for: *</p>", page)


def test_the_others_see_that_a_machine_plays_the_seat_of_one_who_resigned(
    client: TestClient,  # noqa: F811
) -> None:
    """The trial (issue 44): after bob resigned, alice's panel of his seat still read
    "Star · bob" as if he played on."""
    assert post_account_form(client, "/register", "alice").status_code == 303
    alice = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    body = {"game": "card", "seats": ["human", "human", "random", "random"]}
    created = client.post("/api/games", json=body, headers=alice)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    other = TestClient(client.app)
    assert post_account_form(other, "/register", "bob").status_code == 303
    bob = {"X-CSRF-Token": other.cookies["carson_csrf"]}
    assert other.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200
    assert other.post(f"/api/games/{game_id}/resign", headers=bob).status_code == 200
    page = client.get(f"/games/{game_id}").text
    seat = page[page.index('data-seat="1"') :][:2000]
    assert "bob" in seat and "A machine plays this seat now" in seat
