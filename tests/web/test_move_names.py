"""Hints and analyses name the moves in each game's own words (issue 25), in the player's
language: the card game's auction cards and placements, the board game's parcels, cowboys and
spaces; a game without its own names (the toy game) keeps the generic line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from starlette.requests import Request

from carson.app import create_app
from carson.core.registry import games
from carson.games.board.web.present.common import parcel_label
from carson.games.board.web.present.moves import board_action_label
from carson.games.board.web.present.names import Names
from carson.games.card.catalog import load_catalog
from carson.games.card.web.moves import card_action_label
from carson.games.card.web.present import Presenter
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker
from carson.terminal.kits import texts
from carson.web.analysis.pages import action_label, namer
from carson.web.kernel.visit import Visit

GERMAN = {"Accept-Language": "de"}


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("CARSON_HINT_ITERATIONS", "20")
    monkeypatch.setenv("CARSON_ANALYSIS_ITERATIONS", "2")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as test_client:
        yield test_client


def work(client: TestClient) -> None:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    running = game_worker(service.store, InlineThinker(), budget_ms=5)
    while running.run_once():
        pass


def practice(client: TestClient, game: str, *opponents: str) -> tuple[str, str]:
    """A signed-up person's practice game at its first decision: (game id, CSRF)."""
    assert post_account_form(client, "/register", "alice").status_code == 303
    csrf = client.cookies["carson_csrf"]
    body = {"game": game, "seats": ["human", *opponents], "seed": 3}
    created = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert created.status_code == 201, created.text
    work(client)
    return created.json()["id"], csrf


def hint_best(client: TestClient, game: str, csrf: str) -> dict[str, Any]:
    client.post(f"/games/{game}/hint", data={"csrf": csrf}, headers={"HX-Request": "true"})
    work(client)
    best: dict[str, Any] = client.get(f"/api/games/{game}/hint").json()["hint"]["best"]
    return best


def play_out(client: TestClient, game: str, csrf: str) -> None:
    rng = random.Random(1)
    view = client.get(f"/api/games/{game}").json()
    while view["status"] != "over":
        if view["legal_actions"]:
            body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
            client.post(f"/api/games/{game}/actions", json=body, headers={"X-CSRF-Token": csrf})
        work(client)
        view = client.get(f"/api/games/{game}").json()


def analysed(client: TestClient, game: str, csrf: str) -> None:
    asked = client.post(f"/games/{game}/analysis", data={"csrf": csrf, "seat": "0"},
                        follow_redirects=False)  # fmt: skip
    assert asked.status_code == 303
    work(client)


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_board_games_hint_and_analysis_speak_its_words(client: TestClient) -> None:
    game, csrf = practice(client, "board", "random")
    best = hint_best(client, game, csrf)
    assert best["kind"] == "claim"
    parcel = parcel_label(*best["parcel"])
    assert f"Claim {parcel}" in client.get(f"/games/{game}/hint").text
    german = client.get(f"/games/{game}/hint", headers=GERMAN).text
    assert f"{parcel} beanspruchen" in german and action_label(best) not in german
    play_out(client, game, csrf)
    analysed(client, game, csrf)
    page = client.get(f"/games/{game}/analysis").text
    assert "Claim " in page and "Place a cowboy on " in page
    german = client.get(f"/games/{game}/analysis", headers=GERMAN).text
    assert " beanspruchen" in german and "Einen Cowboy auf " in german


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_card_games_hint_and_analysis_speak_its_words(client: TestClient) -> None:
    game, csrf = practice(client, "card", "greedy", "greedy", "greedy")
    best = hint_best(client, game, csrf)
    assert best["kind"] == "bid"
    assert f"Auction card {best['value']}<" in client.get(f"/games/{game}/hint").text
    german = client.get(f"/games/{game}/hint", headers=GERMAN).text
    assert f"Auktionskarte {best['value']}<" in german
    play_out(client, game, csrf)
    analysed(client, game, csrf)
    page = client.get(f"/games/{game}/analysis").text
    assert "Auction card " in page and "Place the card at (" in page
    german = client.get(f"/games/{game}/analysis", headers=GERMAN).text
    assert "Auktionskarte " in german and "Karte bei (" in german


def test_a_game_without_its_own_names_keeps_the_generic_line(toy_game: None) -> None:
    visit = Visit(Request({"type": "http", "headers": []}), None, "de", "csrf")
    assert namer(visit, "toy") is action_label
    assert namer(visit, None) is action_label
    named = namer(visit, "board")
    assert named({"kind": "pass"}) == "Passen"
    assert named({"kind": "nonsense", "x": 1}) == "nonsense 1"  # unknown: the generic line


def test_a_placement_reads_in_the_stable_frame_the_page_tells() -> None:
    present = Presenter(load_catalog(), texts("en"), lambda message: message)
    page = {"seat": 1, "view": {"seats": [{}, {"city": {"origin": [2, 1]}}]}}
    action = {"kind": "place", "x": -1, "y": 0}
    assert card_action_label(present, action, page) == "Place the card at (1, 1)"
    assert card_action_label(present, action, None) == "Place the card at (-1, 0)"
    assert card_action_label(present, {"kind": "take", "slot": 0}, None) == "Take card 1 of the row"
    # An analysis stored before the actions said "kind" names it "type".
    assert card_action_label(present, {"kind": "take", "slot": 0}, None) == "Take card 1 of the row"
    assert card_action_label(present, {"kind": "bid"}, None) is None


def test_a_sale_names_the_card_by_its_parcels_never_its_catalog_number() -> None:
    catalog = load_catalog()
    present = Presenter(catalog, texts("en"), lambda message: message)
    card = catalog.terrain_card(24)
    label = card_action_label(present, {"kind": "sell", "card": 24}, None)
    assert label == "Sell " + present.terrain_name(parcel.id for parcel in card.parcels)
    assert label.startswith("Sell Terrain card (") and "#" not in label and "24" not in label


def test_the_board_game_names_seats_spaces_and_options() -> None:
    names = Names("en", lambda message: message)
    page = {"seats": [{"kind": "human", "user": "alice"}, {"kind": "human", "user": "bob"}]}
    ask = {"kind": "ask", "seat": 1}
    assert board_action_label(names, ask, page) == "Ask bob for a parcel"
    assert board_action_label(names, ask, None) == "Ask player 2 for a parcel"
    cowboy = board_action_label(names, {"kind": "cowboy", "space": "build_6"}, None)
    assert cowboy == f"Place a cowboy on {names.space('build_6')}"
    assert board_action_label(names, {"kind": "option", "option": "vp_5"}, None) == "5 VP"
    assert board_action_label(names, {"kind": "option", "option": "what"}, None) is None
    road = board_action_label(names, {"kind": "road", "edge": ["H", 2, 0]}, None)
    assert road == "Road: top of C1"


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_analysis_places_cards_in_the_stable_frame_of_their_moment(
    client: TestClient,
) -> None:
    """Issue 25: an analysed placement reads as the table and the terminal named it then,
    (column, row) of the city's stable frame, not the engine's (x, y) of that moment."""
    game, csrf = practice(client, "card", "greedy", "greedy", "greedy")
    play_out(client, game, csrf)
    analysed(client, game, csrf)
    decisions = client.get(f"/api/games/{game}/analysis").json()["decisions"]
    record = client.get(f"/api/games/{game}/record").json()
    state = games()["card"].new_state(record["config"], record["seed"])
    expected: dict[str, str] = {}
    steps = {decision["step"]: decision["evaluation"] for decision in decisions}
    for step, move in enumerate(record["actions"]):
        evaluation = steps.get(step)
        if evaluation is not None and evaluation["choice"]["kind"] == "place":
            dx, dy = state.view(0)["seats"][0]["city"]["origin"]
            choice = evaluation["choice"]
            stable = f"Place the card at ({choice['x'] + dx}, {choice['y'] + dy})"
            expected[stable] = f"Place the card at ({choice['x']}, {choice['y']})"
        state.apply_json(move["seat"], move["action"])
    page = client.get(f"/games/{game}/analysis").text
    assert expected and all(stable in page for stable in expected)
    shifted = [engine for stable, engine in expected.items() if stable != engine]
    assert shifted, "no placement left or above the first card: the frames never differed"
