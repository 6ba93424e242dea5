"""The move log's filters without JavaScript (issue 25): the game page's plain GET form
(``?log_seat=…&log_kind=…``) narrows both games' logs on the server, every line carries its
seat and kind for the browser's filter, and a value the page never offered is refused with a
message, filtering nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from machines import after_machines

LINE = re.compile(r'<li class="ev-([a-z_]+)" data-seat="(\d*)" data-kind="([a-z]*)">')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def played(client: TestClient, body: dict[str, object], moves: int) -> str:
    """alice's game against machines, the first legal action each time, ``moves`` moves on."""
    post_account_form(client, "/register", "alice")
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    response = client.post("/api/games", headers=headers, json=body)
    assert response.status_code == 201, response.text
    game_id = str(response.json()["id"])
    for _ in range(moves):
        view = after_machines(client, f"/games/{game_id}")
        if view["status"] == "over" or not view["legal_actions"]:
            break
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    return f"/games/{game_id}"


def lines(page: str) -> list[tuple[str, str, str]]:
    """(event kind, seat, group) of each line of the page's move log."""
    return LINE.findall(page)


def check_filters(client: TestClient, game: str, groups: set[str]) -> None:
    """A filter looks through the whole log (the page alone shows the latest moves)."""
    everything = lines(client.get(game, params={"log": "all"}).text)
    assert len(lines(client.get(game).text)) < len(everything)
    assert everything and {group for _, _, group in everything} <= groups | {""}
    assert {seat for _, seat, _ in everything} >= {"0", "1"}
    for seat in ("0", "1"):
        mine = lines(client.get(game, params={"log_seat": seat}).text)
        assert mine and all(line[1] == seat for line in mine)
        assert mine == [line for line in everything if line[1] == seat]
    for group in sorted({group for _, _, group in everything} - {""}):
        page = client.get(game, params={"log_kind": group}).text
        assert f'<option value="{group}" selected>' in page
        assert lines(page) == [line for line in everything if line[2] == group]
    group = next(group for _, seat, group in everything if seat == "1" and group)
    both = lines(client.get(game, params={"log_seat": "1", "log_kind": group}).text)
    assert both == [line for line in everything if line[1:] == ("1", group)]


def check_refusals(client: TestClient, game: str) -> None:
    everything = lines(client.get(game, params={"log": "all"}).text)
    for query, message in (
        ({"log_seat": "9"}, "There is no such player in this game."),
        ({"log_seat": "x"}, "There is no such player in this game."),
        ({"log_kind": "<b>"}, "There is no such kind of move in the log."),
    ):
        page = client.get(game, params=query)
        assert page.status_code == 200 and message in page.text
        assert lines(page.text) == everything  # refused: filters nothing
        assert "<b>" not in page.text.split('id="log-filter"', 1)[1].split("</form>")[0]


def test_the_card_game_log_filters_by_seat_and_by_kind(client: TestClient) -> None:
    game = played(client, {"seats": ["human", "beginner", "beginner", "beginner"]}, 40)
    groups = {"bids", "takes", "placements", "abilities", "rounds"}
    check_filters(client, game, groups)
    check_refusals(client, game)
    client.cookies.set("lang", "de")
    german = client.get(game).text
    assert "Art des Zugs" in german and "Gebote und ihre Aufdeckung" in german


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_board_game_log_filters_by_seat_and_by_kind(client: TestClient) -> None:
    game = played(client, {"game": "board", "seats": ["human", "greedy"], "seed": 3}, 60)
    groups = {"rounds", "votes", "cowboys", "fights", "incomes", "building", "scoring"}
    check_filters(client, game, groups)
    check_refusals(client, game)
    client.cookies.set("lang", "fr")
    french = client.get(game).text
    assert "Type de coup" in french and "Placements des cow-boys" in french


def test_the_filter_form_sends_the_pages_other_settings_again(client: TestClient) -> None:
    """Filtering without JavaScript keeps what else the address held (a comparison shown,
    …), escaped and bounded: nothing the player chose is lost."""
    game = played(client, {"seats": ["human", "beginner", "beginner", "beginner"]}, 10)
    page = client.get(game, params={"cmp": "0,1", "x": '"><b>', "log_seat": "0"}).text
    form = page.split('id="log-filter"', 1)[1].split("</form>")[0]
    assert '<input type="hidden" name="cmp" value="0,1">' in form
    assert '"><b>' not in form and "&#34;&gt;&lt;b&gt;" in form
    assert 'name="log_seat" value=' not in form  # the filter's own choice is the select's


def check_replay(client: TestClient, game: str) -> None:
    """A replay's log filters as the game page's does: the same form, asking the replay's
    own address again with its step kept, and the steps keep the choice."""
    view = client.get("/api" + game).json()
    assert view["status"] == "over", "the game did not end"
    replay, step = game + "/replay", int(view["seq"]) // 2
    page = client.get(replay, params={"step": step}).text
    everything = lines(page)
    assert everything and {seat for _, seat, _ in everything} >= {"0", "1"}
    assert "/static/log_filter.js" in page
    group = next(group for _, seat, group in everything if seat == "1" and group)
    chosen = client.get(replay, params={"step": step, "log_seat": "1", "log_kind": group}).text
    assert lines(chosen) == [line for line in everything if line[1:] == ("1", group)]
    form = (
        chosen.split('id="log-filter"', 1)[0].rsplit("<form", 1)[1]
        + chosen.split('id="log-filter"', 1)[1].split("</form>")[0]
    )
    assert f'action="{replay}"' in form
    assert f'<input type="hidden" name="step" value="{step}">' in form
    forward = re.search(r'href="([^"]*)" id="forward"', chosen)
    assert forward and forward[1] == f"?step={step + 1}&amp;log_seat=1&amp;log_kind={group}"
    later = client.get(replay, params={"step": step + 1, "log_seat": "1", "log_kind": group})
    assert lines(later.text) and all(line[1:] == ("1", group) for line in lines(later.text))
    refused = client.get(replay, params={"step": step, "log_seat": "7"}).text
    assert "There is no such player in this game." in refused
    assert lines(refused) == everything  # refused: filters nothing
    assert 'href="?step=0" id="first"' in refused  # and the steps carry no filter


def test_a_card_games_replay_has_the_log_filter(client: TestClient) -> None:
    game = played(client, {"seats": ["human", "beginner", "beginner", "beginner"]}, 400)
    check_replay(client, game)
    client.cookies.set("lang", "it")
    page = client.get(game + "/replay").text
    assert "Tipo di mossa" in page
    # Issue 44: the first and last steps are drawn, named in the reader's language (⏮ and ⏭
    # showed as empty boxes where a font lacks them).
    assert "⏮" not in page and "⏭" not in page
    assert 'id="first" aria-label="All’inizio"' in page and 'aria-label="Alla fine"' in page


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_board_games_replay_has_the_log_filter(client: TestClient) -> None:
    game = played(client, {"game": "board", "seats": ["human", "greedy"], "seed": 3}, 600)
    check_replay(client, game)
