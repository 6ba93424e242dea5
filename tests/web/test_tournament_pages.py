"""The tournament pages (issue 48): opening one from the form (CSRF, refusals in the
visitor's words with the form kept), the list, a tournament's page, joining and withdrawing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from signing import post_account_form

from carson.app import create_app


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as alice, TestClient(app) as bob:
        for browser, name in ((alice, "alice"), (bob, "bob")):
            assert post_account_form(browser, "/register", name).status_code == 303
        yield alice, bob


def post(browser: TestClient, path: str, **form: str) -> Response:
    data = {"csrf": browser.cookies["carson_csrf"], **form}
    return browser.post(path, data=data, follow_redirects=False)


FORM = {"name": "Winter <cup>", "game": "card", "seats": "4", "time_control": "10+5",
        "rounds": "3", "starts_in": "60"}  # fmt: skip


def test_open_join_and_withdraw(browsers: tuple[TestClient, TestClient]) -> None:
    alice, bob = browsers
    empty = alice.get("/tournaments")
    assert "No tournament is under way" in empty.text and 'href="/tournaments"' in empty.text
    opened = post(alice, "/tournaments", **FORM)
    assert opened.status_code == 303, opened.text
    page_url = opened.headers["location"]
    listing = bob.get("/tournaments").text
    assert "Winter &lt;cup&gt;" in listing and page_url in listing  # escaped
    page = bob.get(page_url).text
    assert 'data-user="alice"' in page and "Join the tournament" in page
    assert post(bob, page_url + "/join").status_code == 303
    joined = bob.get(page_url).text
    assert 'data-user="bob"' in joined and "Withdraw" in joined
    again = post(bob, page_url + "/join")
    assert again.status_code == 409 and "You are in this tournament already." in again.text
    assert post(bob, page_url + "/withdraw").status_code == 303
    assert 'data-user="bob"' not in bob.get(page_url).text  # before the start: gone
    assert bob.get("/tournaments/nope").status_code == 404


def test_refusals_keep_the_form_and_need_the_token(
    browsers: tuple[TestClient, TestClient],
) -> None:
    alice, _ = browsers
    alice.cookies.set("lang", "de")
    seats = post(alice, "/tournaments", **{**FORM, "seats": "3"})  # the card game: 4–6
    assert seats.status_code == 422
    assert "Wähle eine Platzzahl, die dieses Spiel hat." in seats.text
    assert 'value="Winter &lt;cup&gt;"' in seats.text  # the name typed, kept
    start = post(alice, "/tournaments", **{**FORM, "starts_in": "7"})
    assert start.status_code == 422 and "Wähle einen der angebotenen Beginne." in start.text
    forged = alice.post("/tournaments", data=FORM, follow_redirects=False)
    assert forged.status_code == 403
    assert "Gerade läuft kein Turnier" in alice.get("/tournaments").text


ARENA = {**FORM, "name": "Night arena", "mode": "arena", "minutes": "90", "starts_in": "10"}


def test_an_arena_opened_renamed_and_cancelled_by_its_creator_only(
    browsers: tuple[TestClient, TestClient],
) -> None:
    alice, bob = browsers
    opened = post(alice, "/tournaments", **ARENA)
    assert opened.status_code == 303, opened.text
    page_url = opened.headers["location"]
    assert "Arena" in alice.get("/tournaments").text  # in the list, instead of its rounds
    page = alice.get(page_url).text
    assert 'id="arena-hint"' in page and "arena: opens" in page and 'id="arena-playing"' in page
    assert "Nobody is playing right now." in page and 'id="tournament-cancel"' in page
    seen = bob.get(page_url).text
    assert 'id="tournament-cancel"' not in seen and "Join the tournament" in seen
    assert 'id="tournament-rename"' in page and 'id="tournament-rename"' not in seen
    assert post(bob, page_url + "/rename", name="Bob's").status_code == 403
    assert post(alice, page_url + "/rename", name="Late arena").status_code == 303
    assert "<h1>Late arena</h1>" in bob.get(page_url).text
    denied = post(bob, page_url + "/cancel")
    assert denied.status_code == 403
    assert "Only the tournament&#39;s creator may do that." in denied.text
    assert post(alice, page_url + "/cancel").status_code == 303
    gone = bob.get(page_url).text
    assert "cancelled" in gone and "Join the tournament" not in gone
    late = post(bob, page_url + "/join")
    assert late.status_code == 409 and "This arena is over: it takes no more players." in late.text


def test_an_arena_needs_an_offered_window(browsers: tuple[TestClient, TestClient]) -> None:
    alice, _ = browsers
    alice.cookies.set("lang", "fr")
    refused = post(alice, "/tournaments", **{**ARENA, "minutes": "7"})
    assert refused.status_code == 422 and "Choisissez une des durées proposées." in refused.text
    assert 'value="arena" selected' in refused.text  # the mode chosen, kept
