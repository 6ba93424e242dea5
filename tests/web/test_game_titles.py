"""Issue 44: a game is named as players name it, not by its hex id — "Card game · alice,
bob + 2 · 4 Dec" — in My games (with whose turn it is), the game's page title and its
replay."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.web.lobby.game_titles import game_title


class FakeVisit:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def gettext(self, message: str) -> str:
        return message


@pytest.mark.parametrize(
    ("players", "seat", "lang", "title"),
    [
        (["me", "alice", "bob", None, None], 0, "en", "Card game · alice, bob + 2 · Dec 4"),
        (["me", None, None, None], 0, "de", "Card game · 3 machines · 4. Dez."),
        (["alice", "me"], 1, "en", "Card game · alice · Dec 4"),
        (["me", "alice", "bob", "carl"], 0, "en", "Card game · alice, bob + 1 · Dec 4"),
    ],
)
def test_a_title_names_the_game_the_others_and_the_day(
    players: list[str | None], seat: int, lang: str, title: str
) -> None:
    visit = FakeVisit(lang)
    assert game_title(visit, "Card game", players, seat, "2026-12-04") == title  # type: ignore[arg-type]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def test_my_games_the_page_and_the_replay_name_the_game(client: TestClient) -> None:
    post_account_form(client, "/register", "alice")
    csrf = client.cookies["carson_csrf"]
    body = {"game": "card", "seats": ["human", "ai-easy", "ai-easy", "ai-easy"]}
    game = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf}).json()["id"]
    home = client.get("/").text
    listed = home[home.index('id="my-games"') :]
    assert f"Game {game}" not in listed and "3 machines · " in listed
    title = client.get(f"/games/{game}").text.split("<title>")[1].split("</title>")[0]
    assert title.endswith(" · 3 machines · Carson City") and game not in title


def test_my_games_tell_the_time_left_on_ones_clock(client: TestClient) -> None:
    post_account_form(client, "/register", "alice")
    csrf = client.cookies["carson_csrf"]
    body = {"game": "board", "seats": ["human", "greedy"], "time_control": "10+5"}
    made = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert made.status_code == 201, made.text
    listed = client.get("/api/games", headers={"X-CSRF-Token": csrf}).json()[0]
    assert 0 < listed["time_left"] <= 600
    home = client.get("/").text
    assert "your clock: 10:00" in home or "your clock: 9:5" in home
