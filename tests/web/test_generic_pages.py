"""The generic pages of a game without a web adapter (the toy game, High Dice): offered on
the home page, played by clicking its legal actions, its view escaped, a seat's secret kept,
and the replay stepping through it."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.core.game import Event
from machines import after_machines

ACTION = re.compile(r'name="action" value="([^"]*)"')
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)" data-status="(\w+)"')
HTMX = {"HX-Request": "true"}


@pytest.fixture
def client(toy_game: None, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5)) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> str:
    response = post_account_form(client, "/register", name)
    assert response.status_code == 303
    return client.cookies["carson_csrf"]


def actions(page: str) -> list[Any]:
    return [json.loads(html.unescape(value)) for value in ACTION.findall(page)]


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_toy_game_is_offered_created_and_played_through_the_generic_page(
    client: TestClient,
) -> None:
    csrf = sign_up(client, "alice")
    home = client.get("/?game=toy").text
    assert 'id="tab-toy"' in home and "High Dice" in home and 'id="toy-play-now"' in home
    assert '<option value="random">' in home
    form = {"csrf": csrf, "game": "toy", "friends": "0", "seats": "2", "opponent": "random"}
    created = client.post("/play", data=form, follow_redirects=False)
    assert created.status_code == 303
    game = created.headers["location"]
    page = client.get(game).text
    assert 'class="board generic"' in page and "<dt>scores</dt>" in page
    assert actions(page) == [{"kind": "stake", "chips": chips} for chips in (1, 2, 3)]
    for _ in range(20):
        after_machines(client, game)
        found = SEQ.search(client.get(game + "/board").text)
        assert found is not None
        seq, status = found.groups()
        if status == "over":
            break
        offered = actions(client.get(game + "/board").text)
        if offered:
            data = {"csrf": csrf, "seq": seq, "action": json.dumps(offered[-1])}
            assert client.post(game + "/act", headers=HTMX, data=data).status_code == 200
    assert status == "over" and "Game over" in client.get(game).text
    first, last = client.get(game + "/replay?step=0").text, client.get(game + "/replay?step=6")
    assert "Move 0 of 6" in first and 'id="replay-board"' in first and 'data-seq="0"' in first
    assert "Move 6 of 6" in last.text and "<dt>rolls</dt>" in last.text
    log = client.get(game).text.split('id="events"')[1]
    assert log.count("<code>rolled</code>") == 3 and log.count("<code>staked</code>") == 3
    moves = [int(seq) for seq in re.findall(r">#(\d+)<", log)]
    assert moves == sorted(moves, reverse=True) and moves[0] == 6  # the whole game, newest first
    halfway = client.get(game + "/replay?step=2").text.split('id="events"')[1]
    assert halfway.count("<code>rolled</code>") == 1 and ">#3<" not in halfway


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_generic_page_escapes_what_the_view_holds(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carson_toy

    plain = carson_toy.ToyState.view

    def view(state: Any, seat: int | None) -> Any:
        return {**plain(state, seat), "motto": "<script>alert('x')</script>"}

    monkeypatch.setattr(carson_toy.ToyState, "view", view)
    rolled = carson_toy.ToyState._roll

    def roll(state: Any) -> list[Event]:
        return [Event(e.kind, {**e.data, "motto": "<b>"}, e.seats) for e in rolled(state)]

    monkeypatch.setattr(carson_toy.ToyState, "_roll", roll)
    csrf = sign_up(client, "alice")
    form = {"csrf": csrf, "game": "toy", "friends": "0", "seats": "2", "opponent": "random"}
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    page = client.get(game).text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
    found = SEQ.search(client.get(game + "/board").text)
    assert found is not None
    stake = {"csrf": csrf, "seq": found.group(1), "action": '{"kind": "stake", "chips": 1}'}
    client.post(game + "/act", headers=HTMX, data=stake)
    after_machines(client, game)  # the random seat stakes too (then the dice roll)
    played = client.get(game + "/board").text
    assert "<code>rolled</code>" in played and "&#34;motto&#34;: &#34;&lt;b&gt;&#34;" in played
    assert "<b>" not in played


def test_a_seat_sees_nothing_of_the_other_seats_secret_stake(
    toy_game: None, tmp_path: Path, server_seed: Callable[[int], None]
) -> None:
    """Bob's page, its move log too, is the same whatever alice staked in secret; alice sees
    her own stake, in her view and in her log."""
    boards = []
    server_seed(7)
    for chips in (1, 3):
        with TestClient(create_app(f"sqlite:///{tmp_path / f'{chips}.db'}")) as alice:
            csrf = sign_up(alice, "alice")
            created = alice.post(
                "/api/games",
                headers={"X-CSRF-Token": csrf},
                json={"game": "toy", "seats": ["human", "human"]},
            )
            game_id = created.json()["id"]
            bob = TestClient(alice.app)
            bob_csrf = sign_up(bob, "bob")
            bob.post(f"/games/{game_id}/join", data={"csrf": bob_csrf})
            stake = json.dumps({"kind": "stake", "chips": chips})
            alice.post(f"/games/{game_id}/act", data={"csrf": csrf, "seq": "0", "action": stake})
            mine = alice.get(f"/games/{game_id}/board").text
            assert f'<dt>my_stake</dt><dd><span class="value">{chips}</span></dd>' in mine
            assert f"<code>staked</code> {{&#34;chips&#34;: {chips}, &#34;seat&#34;: 0}}" in mine
            board = bob.get(f"/games/{game_id}/board").text
            assert "<dt>my_stake</dt><dd>—</dd>" in board
            assert "Move log" in board and "<code>staked</code>" not in board
            boards.append(board.replace(game_id, "GAME").replace(bob_csrf, "CSRF"))
    assert boards[0] == boards[1]
    assert 'data-seq="1"' in boards[0]
