"""What the card game's table says about the seats: the player's own suit, the tie-break
order of the suits at this table only, the end's score sheet headed by the players' names,
and the invitation that goes once every seat is taken."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.games.card.catalog import Suit, load_catalog


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def _sign_up(client: TestClient, name: str) -> str:
    assert post_account_form(client, "/register", name).status_code == 303
    return client.cookies["carson_csrf"]


def _suit(suit: str) -> str:
    return load_catalog().suit_names[Suit(suit)]["en"]


def test_the_table_names_the_players_suit_and_the_suits_at_the_table(
    client: TestClient,
) -> None:
    headers = {"X-CSRF-Token": _sign_up(client, "alice")}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    view = client.get(f"/api/games/{game_id}").json()
    page = client.get(f"/games/{game_id}").text
    mine = view["view"]["seats"][view["seat"]]["suit"]
    assert f"your suit: {_suit(mine)}" in page
    ties = re.search(r'<span class="tie">Ties go to: ([^<]*)</span>', page)
    assert ties is not None
    at_table = [_suit(seat["suit"]) for seat in view["view"]["seats"]]
    assert sorted(ties.group(1).split(", ")) == sorted(at_table)  # 4 of the 6 suits


def test_the_end_sheet_is_headed_by_the_players_names(client: TestClient) -> None:
    headers = {"X-CSRF-Token": _sign_up(client, "alice")}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()
        if view["status"] == "over":
            break
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    page = client.get(f"/games/{game_id}").text
    # The end comes first, not below the cities and the whole move log; the suits' order,
    # which broke the bids' ties, is no news any more.
    assert "Ties go to" not in page
    assert page.index('id="result"') < min(page.index('id="my-city"'), page.index('id="log-lines"'))
    sheet = page[page.index('id="result"') :]
    heads = re.findall(r"<th>([^<]*) <span class=\"hint\">([^<]*)</span></th>", sheet)
    assert [name for name, _ in heads] == [
        "alice",
        "virtual player (expert)",
        "virtual player (advanced)",
        "virtual player (beginner)",
    ]
    assert [suit for _, suit in heads] == [_suit(s["suit"]) for s in view["view"]["seats"]]
    winner = view["view"]["result"]["winners"][0]
    if winner != view["seat"]:  # the headline names a winner by player and suit
        suit = _suit(view["view"]["seats"][winner]["suit"])
        assert f"Winner: {heads[winner][0]} ({suit})" in sheet


def test_the_invitation_is_part_of_the_board_until_every_seat_is_taken(
    client: TestClient,
) -> None:
    csrf = _sign_up(client, "alice")
    form = {"csrf": csrf, "friends": "1", "seats": "4", "opponent": "expert"}
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    board = client.get(game + "/board").text  # what a live update swaps in
    assert 'id="invite"' in board and "Waiting for players" in board
    bob = TestClient(client.app)
    assert bob.post(game + "/join", data={"csrf": _sign_up(bob, "bob")}).status_code == 200
    assert 'id="invite"' not in client.get(game + "/board").text
    assert "Waiting for players" not in client.get(game).text


@pytest.mark.parametrize(
    ("lang", "easy", "greedy"),
    [
        ("en", "Machine (easy)", "Machine (greedy)"),
        ("de", "Maschine (leicht)", "Maschine (gierig)"),
    ],
)
def test_machine_seats_are_named_by_their_level_not_their_id(
    client: TestClient, lang: str, easy: str, greedy: str | None
) -> None:
    """The seat headers and the move log name an AI seat by its translated level, as the
    clocks do, never by its id (``ai-easy``)."""
    headers = {"X-CSRF-Token": _sign_up(client, "alice")}
    seats = ["human", "ai-easy", "greedy", "expert"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    for _ in range(6):  # a few moves, so that the log names the machines too
        view = client.get(f"/api/games/{game_id}").json()
        if view["legal_actions"]:
            move = {"seq": view["seq"], "action": view["legal_actions"][0]}
            client.post(f"/api/games/{game_id}/actions", headers=headers, json=move)
    client.get(f"/lang/{lang}")
    page = client.get(f"/games/{game_id}").text
    assert easy in page and (greedy is None or greedy in page)
    shown = re.sub(r"<[^>]+>", " ", page)
    assert "ai-easy" not in shown and "greedy " not in shown.replace("greedy bot", "")


def test_two_machines_of_one_level_are_numbered_at_the_table_as_on_the_clocks(
    client: TestClient,
) -> None:
    """A new player's game ended 'Winner among those who stayed: Machine (greedy)' with two
    'Machine (greedy)' at the table; the clocks said 'Machine 1 (greedy)', 'Machine 2 …'."""
    headers = {"X-CSRF-Token": _sign_up(client, "alice")}
    seats = ["human", "greedy", "greedy", "ai-easy"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    page = client.get(f"/games/{game_id}").text
    others = page[page.index('class="others"') :]
    assert "Machine 1 (greedy)" in others and "Machine 2 (greedy)" in others
    assert "Machine (easy)" in others  # alone at its level: no number
    assert "Machine (greedy)" not in others
