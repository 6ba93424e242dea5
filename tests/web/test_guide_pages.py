"""The guided first game (issue 25) without a browser: offered on the home page to a person
who has finished no game of it, started with its fixed deal, a sentence at each step in the
player's language, dismissed for good; every wrong request refused and changing nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from test_card_log import finished_game

from carson.app import create_app
from carson.games.board.web.guide import SETUP as BOARD_SETUP
from carson.games.card.web.guide import SETUP as CARD_SETUP
from carson.games.card.web.guide import card_guide_step
from carson.server.kernel.db import Game
from machines import after_machines

HTMX = {"HX-Request": "true"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> str:
    assert post_account_form(client, "/register", name).status_code == 303
    return client.cookies["carson_csrf"]


def start(client: TestClient, csrf: str, game: str) -> str:
    response = client.post("/guided", data={"csrf": csrf, "game": game}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def guide_text(page: str) -> str | None:
    if 'id="guide-text"' not in page:
        return None
    start = page.index(">", page.index('id="guide-text"')) + 1
    return page[start : page.index("</p>", start)]


def test_a_new_player_is_offered_both_guided_games_and_plays_with_the_sentences(
    client: TestClient,
) -> None:
    csrf = sign_up(client, "newcomer")
    home = client.get("/").text
    assert 'id="guided-card"' in home and 'id="guided-board"' in home
    game = start(client, csrf, "card")
    view = client.get("/api" + game).json()
    assert view["seats"][1]["kind"] == CARD_SETUP.seats[1] and view["practice"]
    first = guide_text(client.get(game).text)
    assert first is not None and first.startswith("Welcome!")
    seen = [first]
    for _ in range(6):  # bid, take, place …: each step its own sentence
        view = client.get("/api" + game).json()
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        headers = {"X-CSRF-Token": csrf}
        assert client.post(f"/api{game}/actions", headers=headers, json=move).is_success
        text = guide_text(client.get(game + "/board").text)
        if text is not None and text != seen[-1]:
            seen.append(text)
    assert any(text.startswith("Take a card of the row") for text in seen)
    assert any(text.startswith("Place your terrain card") for text in seen)
    client.cookies.set("lang", "fr")
    assert (guide_text(client.get(game).text) or "") not in ("", seen[-1])  # in French
    refused = client.post(game + "/guide", data={}, follow_redirects=False)
    assert refused.status_code == 403 and guide_text(client.get(game).text) is not None
    done = client.post(game + "/guide", data={"csrf": csrf}, follow_redirects=False)
    assert done.status_code == 303 and guide_text(client.get(game).text) is None


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_guided_board_game_speaks_in_its_first_round(client: TestClient) -> None:
    csrf = sign_up(client, "settler")
    game = start(client, csrf, "board")
    view = after_machines(client, game)
    assert [seat["kind"] for seat in view["seats"]] == list(BOARD_SETUP.seats)
    assert view["view"]["decision"]["kind"] == "claim"  # the starting parcels come first
    client.cookies.set("lang", "de")
    text = guide_text(client.get(game).text)
    assert text is not None and text.startswith("Nimm ein freies Startgrundstück")


def test_wrong_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    unknown = client.post("/guided", data={"csrf": csrf, "game": "chess"})
    assert unknown.status_code == 404 and "no guided game of that name" in unknown.text
    assert client.post("/guided", data={"game": "card"}).status_code == 403  # no CSRF token
    game = start(client, csrf, "card")
    headers = {"X-CSRF-Token": csrf}
    plain = client.post("/api/games", headers=headers, json={"seats": ["human", "expert"] * 2})
    other = f"/games/{plain.json()['id']}"
    assert guide_text(client.get(other).text) is None  # not a guided game
    assert client.post(other + "/guide", data={"csrf": csrf}).status_code == 404
    client.cookies.clear()
    bob = sign_up(client, "bob")
    assert client.post(game + "/guide", data={"csrf": bob}).status_code == 404  # not his
    client.cookies.clear()
    post_account_form(client, "/login", "alice")
    assert guide_text(client.get(game).text) is not None  # still there for alice


def test_a_player_who_finished_a_game_is_offered_only_the_other_games_guide(
    client: TestClient,
) -> None:
    finished_game(client)  # alice plays a card game to its end: she is new to the board game
    home = client.get("/").text
    assert 'id="guided-card"' not in home and 'id="guided-board"' in home


def test_the_guide_is_silent_after_its_rounds_and_at_the_end() -> None:
    page = {"status": "playing", "legal_actions": [{}], "view": {"round": 4, "phase": "bid"}}
    assert card_guide_step(page, lambda text: text) is None
    farewell = card_guide_step({**page, "view": {"round": 3, "phase": "bid"}}, lambda t: t)
    assert farewell is not None and "Good luck" in farewell
    assert card_guide_step({**page, "status": "over"}, lambda text: text) is None


def test_a_running_guided_game_is_offered_to_continue_not_to_start_again(
    client: TestClient,
) -> None:
    csrf = sign_up(client, "learner")
    game = start(client, csrf, "card")
    client.cookies.set("lang", "de")
    home = client.get("/").text
    assert 'id="guided-card"' not in home and 'id="guided-board"' in home  # the other still
    link = home[home.index('id="continue-guided-card"') - 60 :]
    assert f'href="{game}"' in link[: link.index("</a>")]
    assert "Deine geführte Partie fortsetzen" in link[: link.index("</a>")]
    assert start(client, csrf, "card") == game  # a second click continues it, no new game
    service = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions.begin() as session:  # the game is over (abandoned, say)
        row = session.get(Game, game.rsplit("/", 1)[1])
        row.status, row.ended = "over", "aborted"
    home = client.get("/").text
    assert 'id="guided-card"' in home and 'id="continue-guided-card"' not in home
    assert start(client, csrf, "card") != game
