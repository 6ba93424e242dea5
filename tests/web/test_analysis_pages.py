"""Hints and post-game analyses on the pages: the hint box of a practice game (asked with
the CSRF token, computed by a worker, then the machine's move), the analysis page of a game
that is over, and the loss chart."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import GameWorker, game_worker
from carson.web.analysis.loss_chart import HEIGHT, LossBar, loss_chart
from carson.web.analysis.pages import action_label

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("CARSON_HINT_ITERATIONS", "20")
    monkeypatch.setenv("CARSON_ANALYSIS_ITERATIONS", "4")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as test_client:
        yield test_client


def worker(client: TestClient) -> GameWorker:
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    return game_worker(service.store, InlineThinker(), budget_ms=5)


def work(client: TestClient) -> None:
    running = worker(client)
    while running.run_once():
        pass


def practice(client: TestClient, name: str = "alice") -> tuple[str, str]:
    """A signed-up person's practice board game at its first decision: (game, CSRF)."""
    assert post_account_form(client, "/register", name).status_code == 303
    csrf = client.cookies["carson_csrf"]
    body = {"game": "board", "seats": ["human", "random"], "seed": 3}
    created = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert created.status_code == 201, created.text
    work(client)
    return created.json()["id"], csrf


def test_the_hint_box_asks_a_worker_and_names_the_move(client: TestClient) -> None:
    game, csrf = practice(client)
    page = client.get(f"/games/{game}").text
    assert 'id="hint-button"' in page and "/static/hints.js" in page
    refused = client.post(f"/games/{game}/hint", data={})  # no CSRF token: nothing asked
    assert refused.status_code == 403
    asked = client.post(f"/games/{game}/hint", data={"csrf": csrf}, headers={"HX-Request": "true"})
    assert asked.status_code == 200 and 'id="hint-pending"' in asked.text
    assert 'hx-trigger="every 1s"' in asked.text
    work(client)
    box = client.get(f"/games/{game}/hint").text
    best = client.get(f"/api/games/{game}/hint").json()["hint"]["best"]
    assert 'id="hint-answer"' in box and best["kind"] == "claim" and "Claim " in box
    assert re.search(r"expected final margin [+-]\d+\.\d points", box)
    assert "data-hint=" in box and "hx-trigger" not in box


def test_a_plain_form_goes_back_to_the_table(client: TestClient) -> None:
    game, csrf = practice(client)
    asked = client.post(f"/games/{game}/hint", data={"csrf": csrf}, follow_redirects=False)
    assert asked.status_code == 303 and asked.headers["location"] == f"/games/{game}"


def test_no_hint_box_in_a_game_of_two_people(client: TestClient) -> None:
    assert post_account_form(client, "/register", "alice").status_code == 303
    csrf = client.cookies["carson_csrf"]
    body = {"game": "board", "seats": ["human", "human"]}
    game = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf}).json()["id"]
    assert 'id="hint' not in client.get(f"/games/{game}").text
    refused = client.post(f"/games/{game}/hint", data={"csrf": csrf})
    assert refused.status_code == 403 and "No hint can be given now." in refused.text


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_analysis_page_after_a_game(client: TestClient) -> None:
    game, csrf = practice(client)
    assert "A game is analysed once it is over." in client.get(f"/games/{game}/analysis").text
    rng = random.Random(1)
    view = client.get(f"/api/games/{game}").json()
    while view["status"] != "over":
        body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
        client.post(f"/api/games/{game}/actions", json=body, headers={"X-CSRF-Token": csrf})
        work(client)
        view = client.get(f"/api/games/{game}").json()
    assert 'id="analysis-link"' in client.get(f"/games/{game}").text
    page = client.get(f"/games/{game}/analysis").text
    assert 'id="analyse-button"' in page
    asked = client.post(f"/games/{game}/analysis", data={"csrf": csrf, "seat": "0"},
                        follow_redirects=False)  # fmt: skip
    assert asked.status_code == 303
    waiting = client.get(asked.headers["location"]).text
    assert 'id="analysis-progress"' in waiting
    work(client)
    page = client.get(f"/games/{game}/analysis").text
    assert 'id="analysis-table"' in page and "<svg" in page
    assert f'href="/games/{game}/replay?step=' in page
    assert re.search(r"Inaccuracies: \d+, mistakes: \d+, blunders: \d+\.", page)
    german = client.get(f"/games/{game}/analysis", headers={"Accept-Language": "de"}).text
    assert "Ungenauigkeiten" in german and "Verlorene Punkte je Entscheidung" in german


def test_the_loss_chart_is_valid_svg_with_bars_by_verdict() -> None:
    bars = [LossBar(0.0, "best"), LossBar(2.0, "inaccuracy"), LossBar(12.0, "blunder")]
    svg = ET.fromstring(loss_chart(bars, "<Losses>", "a & b"))
    rects = list(svg.iter(f"{SVG}rect"))
    assert [rect.attrib["class"] for rect in rects] == ["bar best", "bar inaccuracy", "bar blunder"]
    heights = [float(rect.attrib["height"]) for rect in rects]
    assert heights[0] == 0 < heights[1] < heights[2] <= HEIGHT
    assert svg.find(f"{SVG}title").text == "<Losses>"  # type: ignore[union-attr]


def test_an_action_reads_as_its_kind_and_arguments() -> None:
    assert action_label({"type": "bid", "value": 2}) == "bid 2"
    assert action_label({"kind": "claim", "parcel": [4, 2]}) == "claim 4,2"


def test_hints_waiting_beyond_the_accounts_share_are_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARSON_LIMIT_ANALYSES_WAITING", "1")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as client:
        first, csrf = practice(client)
        body = {"game": "board", "seats": ["human", "random"], "seed": 4}
        second = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf}).json()["id"]
        work(client)
        headers = {"HX-Request": "true", "Accept-Language": "de"}
        asked = client.post(f"/games/{first}/hint", data={"csrf": csrf}, headers=headers)
        assert asked.status_code == 200 and 'id="hint-pending"' in asked.text
        refused = client.post(f"/games/{second}/hint", data={"csrf": csrf}, headers=headers)
        assert refused.status_code == 429
        assert "zu viele Tipps und Analysen in Arbeit" in refused.text
        work(client)  # the first is done: room again
        again = client.post(f"/games/{second}/hint", data={"csrf": csrf}, headers=headers)
        assert again.status_code == 200 and 'id="hint-pending"' in again.text
