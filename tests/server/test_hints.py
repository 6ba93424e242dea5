"""Hints and post-game analyses through the API, computed by a worker: allowed only in
practice games, only to the seat's player, stale once the game moved on; analyses of a game
that is over, stored once per game and seat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient

from carson.core.registry import game_kind
from carson.server.analysis.hints import HintJob
from carson.server.analysis.service import AnalysisJob, verdict
from carson.server.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.play.evaluating import EvaluateRequest, evaluate_request, search_seed
from carson.server.play.games import GameService
from carson.server.play.thinking import ChildProcessThinker, InlineThinker
from carson.server.workers import GameWorker, game_worker


@pytest.fixture(autouse=True)
def quick_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARSON_HINT_ITERATIONS", "20")
    monkeypatch.setenv("CARSON_ANALYSIS_ITERATIONS", "4")


def quiet(db_url: str) -> tuple[TestClient, GameWorker]:
    """A server without its worker, and a worker the test drives."""
    client = TestClient(create_app(db_url, budget_ms=5, worker=False))
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    return client, game_worker(service.store, InlineThinker(), budget_ms=5)


def work(worker: GameWorker) -> int:
    done = 0
    while worker.run_once():
        done += 1
    return done


def new_game(client: TestClient, who: dict[str, str], **body: Any) -> str:
    response = client.post("/api/games", json=body, headers=who)
    assert response.status_code == 201, response.text
    game_id: str = response.json()["id"]
    return game_id


def my_turn(
    client: TestClient, game: str, who: dict[str, str], worker: GameWorker
) -> dict[str, Any]:
    work(worker)  # the machines move until the person must
    view: dict[str, Any] = client.get(f"/api/games/{game}", headers=who).json()
    assert view["legal_actions"], view
    return view


def test_a_hint_is_computed_by_a_worker_and_goes_stale(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice = account(client, "alice")
    game = new_game(client, alice, game="board", seats=["human", "random"], seed=3)
    view = my_turn(client, game, alice, worker)
    assert client.get(f"/api/games/{game}/hint", headers=alice).json()["status"] == "none"
    asked = client.post(f"/api/games/{game}/hint", headers=alice)
    assert asked.status_code == 202, asked.text
    assert asked.json() == {"status": "pending", "seq": view["seq"], "decision": True, "hint": None}
    assert work(worker) == 1  # the hint's job, on the worker
    answer = client.get(f"/api/games/{game}/hint", headers=alice).json()
    assert answer["status"] == "done" and answer["seq"] == view["seq"]
    hint = answer["hint"]
    assert hint["best"] in view["legal_actions"] and hint["choice"] is None
    assert hint["candidates"][0]["action"] == hint["best"]
    again = client.post(f"/api/games/{game}/hint", headers=alice)  # the same decision
    assert again.status_code == 202 and again.json()["status"] == "done"
    assert work(worker) == 0  # nothing queued twice
    moved = client.post(f"/api/games/{game}/actions", headers=alice,
                        json={"seq": view["seq"], "action": hint["best"]})  # fmt: skip
    assert moved.status_code == 200, moved.text
    assert client.get(f"/api/games/{game}/hint", headers=alice).json()["status"] == "stale"


def test_a_hint_asked_then_overtaken_is_not_computed(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice = account(client, "alice")
    game = new_game(client, alice, game="board", seats=["human", "random"], seed=3)
    view = my_turn(client, game, alice, worker)
    client.post(f"/api/games/{game}/hint", headers=alice)
    action = view["legal_actions"][0]
    client.post(
        f"/api/games/{game}/actions", headers=alice, json={"seq": view["seq"], "action": action}
    )
    work(worker)
    assert client.get(f"/api/games/{game}/hint", headers=alice).json()["hint"] is None


def test_hints_only_in_practice_games_and_only_for_the_seats_player(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice, bob, eve = (account(client, name) for name in ("alice", "bob", "eve"))
    practice = new_game(client, alice, game="board", seats=["human", "random"], seed=3)
    my_turn(client, practice, alice, worker)
    for method in ("get", "post"):
        refused = getattr(client, method)(f"/api/games/{practice}/hint", headers=eve)
        assert refused.status_code == 403, refused.text  # no seat: no hint
    for rated in (True, False):
        table = new_game(client, alice, game="board", seats=["human", "human"], rated=rated)
        assert client.post(f"/api/games/{table}/join", headers=bob).status_code == 200
        refused = client.post(f"/api/games/{table}/hint", headers=alice)
        assert refused.status_code == 403, refused.text
        assert refused.json()["code"] == "hints_not_allowed"
        assert ("rated" in refused.json()["detail"]) == rated
    assert client.post("/api/games/nosuchgame/hint", headers=alice).status_code == 404
    assert client.post(f"/api/games/{practice}/hint").status_code == 401


@pytest.mark.slow  # runs long: whole games or many cases
def test_no_hint_without_a_decision_or_an_analyst(db_url: str, toy_game: None) -> None:
    client, worker = quiet(db_url)
    alice = account(client, "alice")
    toy = new_game(client, alice, game="toy", seats=["human", "random"], seed=1)
    refused = client.post(f"/api/games/{toy}/hint", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "not_analysable"
    board = new_game(client, alice, game="board", seats=["human", "random"], seed=3)
    view = my_turn(client, board, alice, worker)
    rng = random.Random(1)
    while view["status"] != "over":  # to the end: no decision is left
        action = rng.choice(view["legal_actions"])
        client.post(f"/api/games/{board}/actions", headers=alice,
                    json={"seq": view["seq"], "action": action})  # fmt: skip
        work(worker)
        view = client.get(f"/api/games/{board}", headers=alice).json()
    refused = client.post(f"/api/games/{board}/hint", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "no_decision"


def played(client: TestClient, worker: GameWorker, who: dict[str, str], **body: Any) -> str:
    game = new_game(client, who, **body)
    rng = random.Random(2)
    view = my_turn(client, game, who, worker)
    while view["status"] != "over":
        action = rng.choice(view["legal_actions"])
        client.post(f"/api/games/{game}/actions", headers=who,
                    json={"seq": view["seq"], "action": action})  # fmt: skip
        work(worker)
        view = client.get(f"/api/games/{game}", headers=who).json()
    return game


@pytest.mark.slow  # runs long: whole games or many cases
def test_an_analysis_walks_the_persons_decisions_on_a_worker(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice, eve = account(client, "alice"), account(client, "eve")
    game = played(client, worker, alice, game="board", seats=["human", "random"], seed=5)
    url = f"/api/games/{game}/analysis"
    assert client.get(url, headers=alice).json()["status"] == "none"
    asked = client.post(url, headers=alice)
    assert asked.status_code == 202, asked.text
    assert asked.json()["status"] == "pending" and asked.json()["seat"] == 0
    assert client.post(url, headers=eve).status_code == 403  # a private game's
    assert client.get(url, headers=eve).status_code == 403
    assert work(worker) == 1
    answer = client.get(url, headers=alice).json()
    assert answer["status"] == "done" and answer["total"] == answer["done"] > 10
    record = client.get(f"/api/games/{game}/record", headers=alice).json()["actions"]
    steps = [decision["step"] for decision in answer["decisions"]]
    assert steps == sorted(steps)
    for decision in answer["decisions"]:
        evaluation = decision["evaluation"]
        assert record[decision["step"]] == {"seat": 0, "action": evaluation["choice"]}
        assert decision["verdict"] == verdict(evaluation)
        assert evaluation["loss"] is None or evaluation["loss"] >= 0
    assert client.post(url, headers=alice).json()["status"] == "done"  # computed once
    assert work(worker) == 0


@pytest.mark.slow  # runs long: whole games or many cases
def test_who_may_ask_for_an_analysis(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice, eve = account(client, "alice"), account(client, "eve")
    public = played(client, worker, alice, game="board", seats=["human", "random"], public=True)
    url = f"/api/games/{public}/analysis"
    assert client.post(url + "?seat=0", headers=eve).status_code == 202  # a public game's
    refused = client.post(url, headers=eve)  # eve has no seat of her own there
    assert refused.status_code == 403
    refused = client.post(url + "?seat=1", headers=alice)
    assert refused.status_code == 404 and refused.json()["code"] == "not_a_person"
    assert client.post(url + "?seat=-1", headers=alice).status_code == 422
    running = new_game(client, alice, game="board", seats=["human", "random"])
    refused = client.post(f"/api/games/{running}/analysis", headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"


def test_job_payloads_are_checked() -> None:
    assert HintJob.read({"game": "g", "seat": 1, "seq": 4}) == HintJob("g", 1, 4)
    assert AnalysisJob.read({"game": "g", "seat": 0}).key() == "analysis:g:0"
    for bad in ({"game": "g", "seat": "1", "seq": 4}, {"seat": 1, "seq": 4}, {}):
        with pytest.raises(ValueError, match="hint payload"):
            HintJob.read(bad)
    with pytest.raises(ValueError, match="analysis payload"):
        AnalysisJob.read({"game": "g", "seat": True})


def test_verdicts_follow_the_loss() -> None:
    base = {"forced": False, "best": {"a": 1}, "choice": {"a": 2}}
    assert verdict({**base, "loss": 0.5}) == "good"
    assert verdict({**base, "loss": 1.0}) == "inaccuracy"
    assert verdict({**base, "loss": 3.5}) == "mistake"
    assert verdict({**base, "loss": 6.0}) == "blunder"
    assert verdict({**base, "loss": None}) == "unknown"
    assert verdict({**base, "choice": {"a": 1}, "loss": 0.0}) == "best"
    assert verdict({**base, "forced": True, "loss": 0.0}) == "forced"


def test_the_thinking_process_evaluates_as_the_worker_would() -> None:
    """``carson serve``'s worker evaluates in its child process: the same answer."""
    kind = game_kind("board")
    config = kind.config(["human", "random"], [])
    seat = kind.new_state(config, 7).seats_to_act[0]
    request = EvaluateRequest("board", config, 7, [], seat, None, 10, search_seed(7, "hint"))
    thinker = ChildProcessThinker()
    try:
        assert thinker.evaluate(request) == evaluate_request(request)
        other = 1 - seat
        with pytest.raises(RuntimeError, match=f"NotAnalysable: seat {other} has no decision"):
            thinker.evaluate(EvaluateRequest("board", config, 7, [], other, None, 10, 1))
    finally:
        thinker.close()


@pytest.mark.slow  # runs long: whole games or many cases
def test_an_analysis_stops_where_the_person_left(db_url: str) -> None:
    client, worker = quiet(db_url)
    alice = account(client, "alice")
    game = new_game(client, alice, game="board", seats=["human", "random"], seed=5)
    rng = random.Random(2)
    for _ in range(6):
        view = my_turn(client, game, alice, worker)
        body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"])}
        client.post(f"/api/games/{game}/actions", headers=alice, json=body)
    work(worker)
    left_at = client.get(f"/api/games/{game}", headers=alice).json()["seq"]
    assert client.post(f"/api/games/{game}/resign", headers=alice).status_code == 200
    work(worker)  # a machine plays the seat to the end
    assert client.get(f"/api/games/{game}", headers=alice).json()["status"] == "over"
    client.post(f"/api/games/{game}/analysis", headers=alice)
    work(worker)
    answer = client.get(f"/api/games/{game}/analysis", headers=alice).json()
    steps = [decision["step"] for decision in answer["decisions"]]
    assert answer["status"] == "done" and 6 <= len(steps) == answer["total"]
    assert all(step < left_at for step in steps)


def aborted(client: TestClient, who: dict[str, str]) -> str:
    """A card game its only person aborted at once: over, and analysable."""
    game = new_game(client, who, seats=["human", "random", "random", "random"])
    assert client.post(f"/api/games/{game}/abort", headers=who).json()["status"] == "over"
    return game


def test_one_account_has_only_so_many_hints_and_analyses_waiting(db_url: str) -> None:
    """Issue 45: the analysis lane runs one job at a time; an account asking for dozens
    would hold up everyone's hints. Beyond its waiting ones: 429, and room again once done."""
    limits = Limits(analyses_waiting_per_user=2)
    client = TestClient(create_app(db_url, budget_ms=5, worker=False, limits=limits))
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    worker = game_worker(service.store, InlineThinker(), budget_ms=5)
    alice, bob = account(client, "alice"), account(client, "bob")
    games = [aborted(client, alice) for _ in range(3)]
    for game in games[:2]:
        assert client.post(f"/api/games/{game}/analysis", headers=alice).status_code == 202
    refused = client.post(f"/api/games/{games[2]}/analysis", headers=alice)
    assert refused.status_code == 429 and refused.json()["code"] == "analyses_waiting"
    again = client.post(f"/api/games/{games[0]}/analysis", headers=alice)  # already asked
    assert again.status_code == 202 and again.json()["status"] == "pending"
    practice = new_game(client, alice, seats=["human", "random", "random", "random"])
    my_turn(client, practice, alice, worker)  # runs the two analyses as well
    assert client.post(f"/api/games/{games[2]}/analysis", headers=alice).status_code == 202
    assert client.post(f"/api/games/{practice}/hint", headers=alice).status_code == 202
    refused = client.post(f"/api/games/{aborted(client, alice)}/analysis", headers=alice)
    assert refused.status_code == 429, refused.text  # the hint counts too
    other = client.post(f"/api/games/{aborted(client, bob)}/analysis", headers=bob)
    assert other.status_code == 202  # others are not held up by alice's
    work(worker)
    room = client.post(f"/api/games/{aborted(client, alice)}/analysis", headers=alice)
    assert room.status_code == 202, room.text
