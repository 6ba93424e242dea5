"""Issue 44, every event told: a timeout (a machine moved for the player, or took the seat
over), a resignation and an abort are told on the table's page — to the other player and to
a spectator alike — in the panel the page fetches again after every move."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_clocks import Table

pytestmark = pytest.mark.usefixtures("toy_game")


def signed_in(table: Table, name: str) -> TestClient:
    """A browser of ``name``'s (an account of the table's, or a new one) with its session."""
    browser = TestClient(table.client.app)
    browser.get("/")
    csrf = browser.cookies["carson_csrf"]
    form = {"username": name, "password": f"password-{name}", "csrf": csrf}
    answer = browser.post("/login", data=form, follow_redirects=False)
    if answer.status_code != 303:  # a spectator without an account: one is made
        answer = browser.post("/register", data={**form, "password": "a long password"},
                              follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303, answer.text
    return browser


def told(browser: TestClient, game: str) -> str:
    """The table's news on the page and in the panel fetched after a move (the same)."""
    page = browser.get(f"/games/{game}").text
    panel = browser.get(f"/games/{game}/clocks").text
    news = panel[panel.index('id="table-news"') :] if 'id="table-news"' in panel else ""
    assert ("table-news" in page) == bool(news)
    return news


@pytest.fixture
def table(db_url: str) -> Table:
    return Table(db_url)


def test_a_timeout_is_told_to_the_other_player_and_a_spectator(table: Table) -> None:
    table.create(["human", "human"], time_control="1+5", on_timeout="move")
    bob, carol = signed_in(table, "bob"), signed_in(table, "carol")
    table.stake(table.alice)
    assert told(bob, table.game) == ""  # nothing happened yet
    table.clock.advance(70)
    table.run_jobs()
    said = "bob&#39;s time ran out: a machine moved for them."
    alice = signed_in(table, "alice")
    assert said in told(alice, table.game) and said in told(carol, table.game)
    assert said in told(bob, table.game)  # and bob himself, when he comes back


def test_a_takeover_and_a_resignation_are_told(table: Table) -> None:
    table.create(["human", "human"], time_control="1+0", on_timeout="takeover")
    table.stake(table.alice)
    table.clock.advance(61)
    table.run_jobs()
    alice, carol = signed_in(table, "alice"), signed_in(table, "carol")
    said = "bob&#39;s time ran out: a machine plays their seat to the end."
    assert said in told(alice, table.game) and said in told(carol, table.game)

    table.create(["human", "human"])
    assert table.post(table.bob, "resign").status_code == 200
    resigned = "bob resigned: a machine plays their seat to the end."
    assert resigned in told(alice, table.game) and resigned in told(carol, table.game)
    carol.cookies.set("lang", "de")
    assert "bob hat aufgegeben" in told(carol, table.game)


def test_an_abort_is_told(table: Table) -> None:
    table.create(["human", "human"])
    table.stake(table.alice)
    ended: Any = table.post(table.alice, "abort").json()
    assert ended["ended"] == "aborted"
    bob, carol = signed_in(table, "bob"), signed_in(table, "carol")
    said = "alice aborted the game: it counts for no rating."
    assert said in told(bob, table.game) and said in told(carol, table.game)


def test_the_log_says_which_move_a_machine_made_for_a_player_out_of_time(table: Table) -> None:
    """The board game's log (its own presenter): bob's claim made by a machine says so."""
    body = {"game": "board", "seats": ["human", "human"], "time_control": "1+5"}
    created = table.client.post("/api/games", json=body, headers=table.alice)
    assert created.status_code == 201, created.text
    table.game = created.json()["id"]
    assert table.client.post(f"/api/games/{table.game}/join", headers=table.bob).is_success
    for _ in range(4):  # alice's moves until bob is asked
        view = table.view(table.alice)
        if not view["legal_actions"]:
            break
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        assert table.client.post(f"/api/games/{table.game}/actions", json=move,
                                 headers=table.alice).is_success  # fmt: skip
    assert table.view(table.bob)["legal_actions"]
    table.clock.advance(70)
    table.run_jobs()
    alice = signed_in(table, "alice")
    page = alice.get(f"/games/{table.game}").text
    log = page[page.index('id="log-lines"') :]
    assert "(a machine moved: time ran out)" in log
    assert "bob&#39;s time ran out: a machine moved for them." in told(alice, table.game)


def test_the_news_is_read_through_the_api_by_players_and_spectators(table: Table) -> None:
    """The terminal, no web page, reads the same news (``GET /api/games/{id}/news``)."""
    table.create(["human", "human"], time_control="1+5", on_timeout="move")
    news = f"/api/games/{table.game}/news"
    assert table.client.get(news, headers=table.alice).json() == []  # nothing happened yet
    table.stake(table.alice)
    table.clock.advance(70)
    table.run_jobs()
    told = table.client.get(news, headers=table.alice).json()
    assert told[0] == {"seq": 1, "seat": 1, "kind": "timeout_move"}  # then bob's next, out of
    assert {item["kind"] for item in told} == {"timeout_move"}  # time again: 70 s went by
    assert table.client.get(news).json() == told  # a signed-out spectator, as of the view
    assert table.client.get("/api/games/nope/news").status_code == 404


def test_a_machine_moving_again_for_a_player_out_of_time_is_told_once(table: Table) -> None:
    """Out of time, bob's every next move is a machine's: the news says so once, at the
    latest (four like lines at one move filled a new player's screen)."""
    table.create(["human", "human"], time_control="1+5", on_timeout="move")
    table.stake(table.alice)
    table.clock.advance(70)
    table.run_jobs()
    news = table.client.get(f"/api/games/{table.game}/news", headers=table.alice).json()
    assert len(news) >= 2  # the machine moved more than once for bob
    shown = told(signed_in(table, "alice"), table.game)
    assert shown.count("bob&#39;s time ran out: a machine moved for them.") == 1
    assert f"#{news[-1]['seq']} bob&#39;s time ran out" in shown
