"""The public API: every endpoint and every error, whole games, secrecy, races, restarts."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable

import pytest
from api_helpers import account, play_randomly, wait_for_turn
from event_helpers import all_pages, engine_events, visible
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.core.record import GameRecord
from carson.games.card.engine.determinize import determinize
from carson.games.card.match import replay_record
from carson.server.app import create_app
from carson.server.kernel.db import Game, Move
from carson.server.play.games import GameService


def new_game(
    client: TestClient, headers: dict[str, str], seats: list[str], seed: int | None = 1
) -> str:
    """A new game; the seed is for a practice game (one human seat): in a game between
    people the server draws it (``server_seed`` fixes it for a test)."""
    practice = seats.count("human") == 1
    body = {"seats": seats, "seed": seed} if practice and seed is not None else {"seats": seats}
    response = client.post("/api/games", json=body, headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_health_and_openapi_docs(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/register", "/api/login", "/api/me", "/api/games",
                 "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/join", "/api/games/{game_id}/record"):  # fmt: skip
        assert path in paths
    assert client.get("/docs").status_code == 200


def test_accounts_register_login_me_and_their_errors(client: TestClient) -> None:
    headers = account(client, "alice")
    assert client.get("/api/me", headers=headers).json()["username"] == "alice"
    taken = client.post("/api/register", json={"username": "alice", "password": "another-pw"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert taken.json()["code"] == "username_taken"
    short = client.post("/api/register", json={"username": "bob", "password": "short"})
    assert short.status_code == 422 and "at least 8" in short.json()["detail"]
    odd = client.post("/api/register", json={"username": "b o b", "password": "long-enough"})
    assert odd.status_code == 422
    good = client.post("/api/login", json={"username": "alice", "password": "password-alice"})
    assert good.status_code == 200 and good.json()["token"]
    bad = client.post("/api/login", json={"username": "alice", "password": "wrong-password"})
    assert bad.status_code == 401 and bad.json()["detail"] == "wrong username or password"
    nobody = client.post("/api/login", json={"username": "nobody", "password": "whatever1"})
    assert nobody.status_code == 401 and nobody.json()["detail"] == "wrong username or password"
    assert client.get("/api/me").status_code == 401
    forged = client.get("/api/me", headers={"Authorization": "Bearer forged"})
    assert forged.status_code == 401 and "not valid" in forged.json()["detail"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"seats": ["human", "wizard", "expert", "expert"]}, "unknown seat kind 'wizard'"),
        ({"seats": ["expert"] * 4}, "at least one 'human' seat"),
        ({"seats": ["human"] * 3}, "4–6 seats"),
        ({"seats": ["human"] + ["expert"] * 3, "lang": "xx"}, "unknown language"),
        ({"seats": ["human"] + ["expert"] * 3, "seed": -1}, "seed: Input should be greater"),
    ],
)
def test_creating_a_bad_game_is_refused(client: TestClient, body: object, message: str) -> None:
    response = client.post("/api/games", json=body, headers=account(client, "carol"))
    assert response.status_code == 422 and message in response.json()["detail"]


def test_join_start_list_and_access(client: TestClient) -> None:
    alice, bob, eve = account(client, "alice"), account(client, "bob"), account(client, "eve")
    game = new_game(client, alice, ["human", "expert", "human", "advanced"])
    view = client.get(f"/api/games/{game}", headers=alice).json()
    assert view["status"] == "waiting" and view["legal_actions"] == []
    waiting = client.post(f"/api/games/{game}/actions", json={"seq": 0, "action": {}},
                          headers=alice)  # fmt: skip
    assert waiting.status_code == 409 and "waits for players" in waiting.json()["detail"]
    assert client.post(f"/api/games/{game}/join", headers=alice).status_code == 409
    joined = client.post(f"/api/games/{game}/join", headers=bob).json()
    assert joined["status"] == "playing" and joined["seat"] == 2
    assert [s["user"] for s in joined["seats"]] == ["alice", None, "bob", None]
    full = client.post(f"/api/games/{game}/join", headers=eve)
    assert full.status_code == 409 and "no free seat" in full.json()["detail"]
    watched = client.get(f"/api/games/{game}", headers=eve).json()  # no seat: a spectator
    assert watched["seat"] is None and watched["legal_actions"] == []
    assert client.get("/api/games/nope", headers=alice).status_code == 404
    assert client.post("/api/games/nope/join", headers=alice).status_code == 404
    listing = client.get("/api/games", headers=bob).json()
    assert listing[0]["id"] == game and listing[0]["your_turn"] is True
    assert client.get("/api/games", headers=eve).json() == []


def test_action_errors_change_nothing(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_game(client, alice, ["human", "expert", "expert", "expert"])
    url = f"/api/games/{game}/actions"
    before = client.get(f"/api/games/{game}", headers=alice).json()
    cases = [
        ({"seq": 5, "action": {"kind": "bid", "value": 3}}, 409, "stale seq 5"),
        ({"seq": 0, "action": {"type": "fly"}}, 422, "malformed action"),
        ({"seq": 0, "action": {"kind": "bid", "value": 12}}, 422, "not a legal bid action"),
        ({"seq": 0, "action": {"kind": "take", "slot": 1}}, 422, "not a legal bid action"),
    ]
    for body, status, message in cases:
        response = client.post(url, json=body, headers=alice)
        assert response.status_code == status and message in response.json()["detail"], body
    assert client.post(url, json={"seq": 0}, headers=alice).status_code == 422
    assert (
        client.post(url, json={"seq": 0, "action": {"kind": "bid", "value": 3}}).status_code == 401
    )
    assert client.get(f"/api/games/{game}", headers=alice).json() == before
    ok = client.post(url, json={"seq": 0, "action": {"kind": "bid", "value": 3}}, headers=alice)
    assert ok.status_code == 200 and ok.json()["seq"] >= 1


def test_a_card_action_may_still_name_its_kind_type(client: TestClient) -> None:
    """``type``, the card game's key before every game's actions said ``kind``, is still
    read (deprecated, docs/api.md); the views and records say ``kind``."""
    alice = account(client, "alice")
    game = new_game(client, alice, ["human", "expert", "expert", "expert"])
    url = f"/api/games/{game}/actions"
    old = client.post(url, json={"seq": 0, "action": {"type": "bid", "value": 3}}, headers=alice)
    assert old.status_code == 200, old.text
    assert all("kind" in a and "type" not in a for a in old.json()["legal_actions"])
    both = {"kind": "pass", "type": "bid", "value": 3}
    refused = client.post(url, json={"seq": old.json()["seq"], "action": both}, headers=alice)
    assert refused.status_code == 422 and "not both differently" in refused.json()["detail"]


def test_not_asked_to_act(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = new_game(client, alice, ["human", "human", "expert", "expert"])
    client.post(f"/api/games/{game}/join", headers=bob)
    url = f"/api/games/{game}/actions"
    client.post(url, json={"seq": 0, "action": {"kind": "bid", "value": 3}}, headers=alice)
    again = client.post(url, json={"seq": 1, "action": {"kind": "bid", "value": 4}}, headers=alice)
    assert again.status_code == 422 and "not asked to act" in again.json()["detail"]


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_whole_game_through_the_api_then_its_record(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(7)
    game = new_game(client, alice, ["human", "greedy", "human", "expert", "ai-easy"], seed=None)
    assert client.get(f"/api/games/{game}/record", headers=alice).status_code == 403
    client.post(f"/api/games/{game}/join", headers=bob)
    views = play_randomly(client, game, [alice, bob], random.Random(3))
    final = views[-1]
    assert final["status"] == "over" and final["legal_actions"] == []
    record = client.get(f"/api/games/{game}/record", headers=bob).json()
    assert record["seats"] == ["human", "greedy", "human", "expert", "ai-easy"]
    replayed = replay_record(
        GameRecord.from_json({k: v for k, v in record.items() if k != "seats"})
    )
    assert list(replayed.result().scores) == final["view"]["result"]["scores"]  # type: ignore[union-attr]
    assert client.get("/api/games", headers=alice).json()[0]["status"] == "over"


def test_no_response_carries_another_seats_hidden_facts(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    """CG-9.2 over the wire: each view sent to alice equals her view of a game re-dealt in
    everything she cannot see (including bob's chosen bid), so it holds none of it."""
    alice, bob = account(client, "alice"), account(client, "bob")
    server_seed(987654321)
    game = new_game(client, alice, ["human", "human", "expert", "advanced"], seed=None)
    client.post(f"/api/games/{game}/join", headers=bob)
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    rng = random.Random(5)
    for _ in range(40):
        for headers, seat in ((bob, 1), (alice, 0)):
            view = client.get(f"/api/games/{game}", headers=headers).json()
            state = service.store.cache.state(game)
            assert state is not None
            other = determinize(state, seat, rng)
            assert view["view"] == json.loads(json.dumps(other.view(seat)))
            assert str(state.seed) not in json.dumps(view)
            if view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                client.post(f"/api/games/{game}/actions", json={"seq": view["seq"],
                            "action": action}, headers=headers)  # fmt: skip


def test_racing_submissions_exactly_one_wins(db_url: str) -> None:
    """Two server processes on one database (two apps, each with its own cache and locks)
    receive the same seq at once: the (game, seq) key lets exactly one through."""
    first, second = TestClient(create_app(db_url)), TestClient(create_app(db_url))
    alice = account(first, "alice")
    game = new_game(first, alice, ["human", "expert", "expert", "expert"])
    for attempt in range(10):
        view = first.get(f"/api/games/{game}", headers=alice).json()
        if not view["legal_actions"]:
            break
        actions = view["legal_actions"]
        results: list[int] = []

        def submit(
            client: TestClient, action: object, seq: int = view["seq"], into: list[int] = results
        ) -> None:
            response = client.post(f"/api/games/{game}/actions",
                                   json={"seq": seq, "action": action}, headers=alice)  # fmt: skip
            into.append(response.status_code)

        threads = [
            threading.Thread(target=submit, args=(first, actions[0])),
            threading.Thread(target=submit, args=(second, actions[-1])),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == [200, 409], (attempt, results)
    assert (
        first.get(f"/api/games/{game}", headers=alice).json()
        == second.get(f"/api/games/{game}", headers=alice).json()
    )
    # Each move's events were stored with the move that won its race, once.
    service: GameService = first.app.state.games  # type: ignore[attr-defined]
    with service.sessions() as session:
        stored = session.get(Game, game)
        assert stored is not None
        moves = session.execute(
            select(Move.seat, Move.action).where(Move.game_id == game).order_by(Move.seq)
        ).all()
    record = {"game": "card", "config": stored.config, "seed": stored.seed,
              "actions": [{"seat": seat, "action": action} for seat, action in moves]}  # fmt: skip
    served = all_pages(first, game, alice)
    assert served == all_pages(second, game, alice) == visible(engine_events(record), 0)


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_restarted_server_continues_the_game_exactly(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5)) as before:
        alice = account(before, "alice")
        game = new_game(before, alice, ["human", "greedy", "expert", "expert"], seed=3)
        rng = random.Random(8)
        for _ in range(15):
            view = wait_for_turn(before, game, alice)
            action = rng.choice(view["legal_actions"])
            before.post(f"/api/games/{game}/actions", headers=alice,
                        json={"seq": view["seq"], "action": action})  # fmt: skip
        last = wait_for_turn(before, game, alice)
    after = TestClient(create_app(db_url, worker=False))  # a new process: nothing cached
    assert after.get(f"/api/games/{game}", headers=alice).json() == last
    with TestClient(create_app(db_url, budget_ms=5)) as again:
        views = play_randomly(again, game, [alice], rng)
    assert views[-1]["status"] == "over"


def test_live_updates_stream_views(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_game(client, alice, ["human", "expert", "expert", "expert"], seed=2)
    play_randomly(client, game, [alice], random.Random(1))
    with client.stream("GET", f"/api/games/{game}/stream", headers=alice) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        lines = [line for line in response.iter_lines() if line.startswith("data: ")]
    assert json.loads(lines[-1][6:])["status"] == "over"
    forged = {"Authorization": "Bearer forged"}
    assert client.get(f"/api/games/{game}/stream", headers=forged).status_code == 401


def test_browser_sessions_use_httponly_cookies_and_csrf(client: TestClient) -> None:
    account(client, "alice")
    wrong = client.post("/api/session", json={"username": "alice", "password": "nope-nope"})
    assert wrong.status_code == 401
    opened = client.post("/api/session", json={"username": "alice", "password": "password-alice"})
    assert opened.status_code == 200
    cookies = opened.headers.get_list("set-cookie")
    session_cookie = next(c for c in cookies if c.startswith("carson_session="))
    # The one cookie policy (carson.server.kernel.cookies): the web forms' log-in sets the same.
    assert "HttpOnly" in session_cookie and "SameSite=lax" in session_cookie
    csrf = opened.json()["csrf"]
    assert client.get("/api/me").json()["username"] == "alice"  # the cookie alone, for a GET
    body = {"seats": ["human", "expert", "expert", "expert"]}
    forged = client.post("/api/games", json=body)
    assert forged.status_code == 403 and "CSRF" in forged.json()["detail"]
    wrong_token = client.post("/api/games", json=body, headers={"X-CSRF-Token": "guess"})
    assert wrong_token.status_code == 403
    created = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert created.status_code == 201
    assert client.delete("/api/session").status_code == 403  # logging out needs it too
    assert client.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 200
    assert client.get("/api/me").status_code == 401


def test_a_revoked_token_stops_working_everywhere(client: TestClient) -> None:
    account(client, "alice")
    opened = client.post("/api/session", json={"username": "alice", "password": "password-alice"})
    token = client.cookies["carson_session"]
    bearer = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/me", headers=bearer).status_code == 200
    client.delete("/api/session", headers={"X-CSRF-Token": opened.json()["csrf"]})
    assert client.get("/api/me", headers=bearer).status_code == 401


def test_live_stream_pushes_each_move_even_from_another_process(db_url: str) -> None:
    """A stream on one server process hears of a move stored by another (PostgreSQL's
    LISTEN/NOTIFY); on SQLite, with one process, of a move stored by the same process."""
    with (
        TestClient(create_app(db_url, budget_ms=5)) as first,
        TestClient(create_app(db_url, budget_ms=5)) as second,
    ):
        alice = account(first, "alice")
        game = new_game(first, alice, ["human", "expert", "expert", "expert"])
        poster = second if db_url.startswith("postgresql") else first
        seen: list[tuple[str, str, int]] = []  # (event, id, seq of its data) per message

        def listen() -> None:
            with first.stream("GET", f"/api/games/{game}/stream", headers=alice) as response:
                message: dict[str, str] = {}
                for line in response.iter_lines():
                    if line and not line.startswith(":"):
                        field, _, value = line.partition(": ")
                        message[field] = value
                    elif message:
                        data = json.loads(message["data"])
                        seen.append((message["event"], message["id"], data["seq"]))
                        message = {}
                        if len(seen) > 1 and seen[-1][0] == "view":
                            return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen == [("view", "0", 0)]
        move = {"seq": 0, "action": {"kind": "bid", "value": 4}}
        assert (
            poster.post(f"/api/games/{game}/actions", json=move, headers=alice).status_code == 200
        )
        listener.join(timeout=10)
        last = seen[-1][2]
        assert last >= 1 and seen[-1] == ("view", str(last), last), seen
        # every move in between, each once and in order, before the view that follows them
        assert seen[1:-1] == [("move", str(seq), seq) for seq in range(1, last + 1)], seen


@pytest.mark.slow  # runs long: whole games or many cases
def test_machines_move_on_after_a_restart(db_url: str) -> None:
    """A server stopped between a human's move and the machines' answers (here: one without
    a worker): the machines' job was queued with the move, and the next server's worker
    makes their moves."""
    with TestClient(create_app(db_url, budget_ms=5, worker=False)) as before:
        alice = account(before, "alice")
        game = new_game(before, alice, ["human", "greedy", "expert", "expert"], seed=4)
        service: GameService = before.app.state.games  # type: ignore[attr-defined]
        with service.sessions() as session:
            from carson.server.kernel.db import User

            user = session.get(User, 1)
        assert user is not None
        view = service.view(user, game)
        service.act(user, game, view["seq"], view["legal_actions"][0])  # no worker here
        stuck = service.view(user, game)
    with TestClient(create_app(db_url, budget_ms=5)) as after:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            view = after.get(f"/api/games/{game}", headers=alice).json()
            if view["seq"] > stuck["seq"]:
                break
            time.sleep(0.1)
        assert view["seq"] > stuck["seq"]


def test_ones_games_are_listed_a_page_at_a_time_newest_first(client: TestClient) -> None:
    alice = account(client, "alice")
    made = [
        client.post("/api/games", json={"seats": ["human", "random"] * 2}, headers=alice).json()[
            "id"
        ]
        for _ in range(5)
    ]
    everything = client.get("/api/games", headers=alice)
    assert [row["id"] for row in everything.json()] == made[::-1]
    assert "link" not in everything.headers  # one page holds them all
    pages, links = [], []
    for page in range(3):
        answer = client.get(f"/api/games?page={page}&size=2", headers=alice)
        assert answer.status_code == 200
        pages.append([row["id"] for row in answer.json()])
        links.append(answer.headers.get("link", ""))
    assert pages == [made[:2:-1], made[2:0:-1], made[:1]]
    assert links[0] == '</api/games?page=1&size=2>; rel="next"'
    assert links[1] == (
        '</api/games?page=0&size=2>; rel="prev", </api/games?page=2&size=2>; rel="next"'
    )
    assert links[2] == '</api/games?page=1&size=2>; rel="prev"'
    assert client.get("/api/games?page=9&size=2", headers=alice).json() == []
    for bad in ("page=-1", "size=0", "size=101", "page=x", "page=10001"):
        refused = client.get(f"/api/games?{bad}", headers=alice)
        assert refused.status_code == 422 and refused.json()["code"], bad
