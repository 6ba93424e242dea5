"""The card game's move log: each round's auction (bids beside their boosts, the taking order
that follows) from the events alone, and the whole game's log on the page and the replay, in
the player's language, read from the stored events."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.core.game import Event
from carson.games.card.catalog import load_catalog
from carson.games.card.web.log import MoveLog, auctions, taking_order
from carson.games.card.web.present import Presenter, SeatPanel
from carson.terminal.kits import texts

SUITS = ["hat", "star", "cactus"]


def test_an_auction_adds_each_seats_boosts_and_orders_the_seats_by_total() -> None:
    events = [
        (1, Event("round_started", {"round": 2, "era": 1})),
        (1, Event("ability_used", {"seat": "1", "ability": "heroes"})),  # window A: +3
        (2, Event("bids_revealed", {"bids": [5, 4, 6]})),
        (3, Event("ability_used", {"seat": 0, "ability": "mercenary"})),  # window B: +5
        (3, Event("ability_used", {"seat": 2, "ability": "governor"})),  # no boost
    ]
    (index, auction), *_ = auctions(events).items()
    assert index == 2 and auction.bids == [5, 4, 6] and auction.boosts == {1: 3, 0: 5}
    assert taking_order(auction, SUITS, ["hat", "star", "cactus"]) == [0, 1, 2]  # 10, 7, 6


def test_ties_go_by_the_takes_made_else_by_the_suits_and_the_lawyer_takes_no_part() -> None:
    events = [
        (1, Event("round_started", {"round": 1, "era": 1})),
        (2, Event("bids_revealed", {"bids": [4, 4, 9]})),
        (2, Event("bid_void", {"seat": 2, "ability": "lawyer"})),
    ]
    auction = next(iter(auctions(events).values()))
    assert auction.void == 2
    assert taking_order(auction, SUITS, ["star", "hat", "cactus"]) == [1, 0]
    taken = [*events, (3, Event("card_taken", {"seat": 0, "slot": 1, "card": {}}))]
    assert taking_order(next(iter(auctions(taken).values())), SUITS, ["star", "hat"]) == [0, 1]
    later = [*taken, (4, Event("round_started", {"round": 2, "era": 1}))]
    assert len(auctions(later)) == 1  # a new round starts a new auction


def test_a_terrain_card_is_named_by_its_parcels_taken_revealed_or_sold() -> None:
    present = Presenter(load_catalog(), texts("en"), lambda message: message)
    seats = [cast(SeatPanel, SimpleNamespace(name="alice", suit="hat"))]
    log = MoveLog(present, seats, {"tie_order": ["hat"]})
    card = present.catalog.terrain_card(46)
    words = ", ".join(present.parcel(parcel.id) for parcel in card.parcels)
    taken = {
        "seat": 0,
        "slot": 0,
        "card": {
            "kind": "terrain",
            "id": 46,
            "parcels": [parcel.id for parcel in card.parcels],
            "desirability": 1,
        },
    }
    took = log.line(Event("card_taken", taken), None)
    assert took is not None and f"Terrain card ({words})" in took["text"]
    assert took["card"]["name"] == f"Terrain card ({words})"
    sold = log.line(Event("card_sold", {"seat": 0, "card": 46, "sold": 2}), None)
    assert sold == {"text": f"alice sells Terrain card ({words}) (sale 2 of 3)."}
    assert "46" not in took["text"] and "#" not in took["text"]  # no catalog number


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def finished_game(client: TestClient) -> str:
    """alice against three virtual players, always the first legal action, to the end."""
    post_account_form(client, "/register", "alice")
    csrf = client.cookies["carson_csrf"]
    headers = {"X-CSRF-Token": csrf}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = str(client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"])
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()
        if view["status"] == "over":
            return game_id
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    raise AssertionError("the game did not end")


def log_lines(page: str) -> list[str]:
    """The lines of a card-game page's move log, as text, newest first."""
    start = page.index('<section class="panel" id="events">')
    log = page[start : page.index("</section>", start)]
    items = [item.split(">", 1)[1] for item in log.split("<li")[1:]]
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_the_page_and_the_replay_tell_the_whole_game(client: TestClient) -> None:
    game_id = finished_game(client)
    latest = log_lines(client.get(f"/games/{game_id}").text)  # the latest moves' lines
    lines = log_lines(client.get(f"/games/{game_id}?log=all").text)
    assert len(lines) > 100 > len(latest) and latest == lines[: len(latest)]  # newest first
    assert lines[-1].startswith("#0 Round 1 begins")
    rounds = [line for line in lines if "Round" in line and "begins" in line]
    assert len(rounds) == 18 and "Era II begins" in str(lines)
    reveals = [line for line in lines if "Auction cards revealed:" in line]
    assert len(reveals) == 18 and all("Taking order:" in line for line in reveals)
    assert any(re.search(r"alice takes (Terrain card \(|The )", line) for line in lines)
    assert not any(re.search(r"(?i)terrain #\d", line) for line in lines)  # no catalog numbers
    assert any("places it at" in line for line in lines)
    halfway_page = client.get(f"/games/{game_id}/replay?step=10").text
    assert re.search(r"Move 10 of \d+ · Round \d+ of 18 · era 1", halfway_page)
    halfway = log_lines(halfway_page)
    assert halfway and all(int(line.split()[0][1:]) <= 10 for line in halfway)
    assert len(halfway) < len(lines)
    client.cookies.set("lang", "de")
    german = client.get(f"/games/{game_id}").text
    assert "Spielverlauf" in german and "Runde 18 beginnt" in german
    assert re.search(r"Geländekarte \([^)#]+\)", german)
    assert "Aufgedeckte Auktionskarten:" in german and "Reihenfolge beim Nehmen:" in german


def test_the_last_auction_is_shown_beside_the_decision_until_the_next(client: TestClient) -> None:
    """Issue 44: the bids side by side and the taking order, right after the decision (not
    only in the log at the bottom), the latest auction's, while the game goes on."""
    post_account_form(client, "/register", "alice")
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = str(client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"])
    page = client.get(f"/games/{game_id}").text
    assert 'id="reveal"' not in page  # no auction yet
    for _ in range(60):  # until the first auction is revealed and the players take
        view = client.get(f"/api/games/{game_id}").json()
        if view["view"].get("phase") != "bid" and view["seq"] > 4:
            break
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        assert client.post(f"/api/games/{game_id}/actions", headers=headers, json=move).is_success
    page = client.get(f"/games/{game_id}").text
    assert page.index('id="decision"') < page.index('id="row"') < page.index('id="reveal"')
    reveal = page[page.index('id="reveal"') : page.index("</div>", page.index('id="reveal"'))]
    assert reveal.count("<li") == 4 and "Taking order:" in reveal
    assert 'title="Hat · alice"' in reveal  # by suit, the seat's name in its title
