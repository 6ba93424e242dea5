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
