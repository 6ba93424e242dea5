"""Guests on the pages (issue 48): "Play as a guest" from the home page (CSRF), a guest's
refusals in words, and signing up from the account page keeping the games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import anonymous_csrf

from carson.app import create_app


@pytest.fixture
def visitor(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as browser:
        yield browser


def test_play_as_a_guest_then_sign_up_and_keep_the_games(visitor: TestClient) -> None:
    home = visitor.get("/").text
    assert 'action="/guest"' in home and "Play as a guest" in home
    forged = visitor.post("/guest", data={}, follow_redirects=False)
    assert forged.status_code == 403
    started = visitor.post("/guest", data={"csrf": anonymous_csrf(visitor)},
                           follow_redirects=False)  # fmt: skip
    assert started.status_code == 303
    me = visitor.get("/api/me").json()
    assert me["guest"] is True
    page = visitor.get("/").text
    assert 'id="sign-up-link"' in page and me["username"] in page
    csrf = {"X-CSRF-Token": visitor.cookies["carson_csrf"]}
    game = visitor.post("/api/games", json={"seats": ["human", "random", "random", "random"]},
                        headers=csrf).json()["id"]  # fmt: skip
    visitor.cookies.set("lang", "de")
    account = visitor.get("/account").text
    assert 'id="claim-form"' in account and 'action="/account/password"' not in account
    form = {
        "csrf": visitor.cookies["carson_csrf"],
        "username": "guest-x",
        "password": "long-enough",
    }
    refused = visitor.post("/account/claim", data=form, follow_redirects=False)
    assert refused.status_code == 422 and "Wähle einen anderen Namen" in refused.text
    form["username"] = "Zoe"
    claimed = visitor.post("/account/claim", data=form, follow_redirects=False)
    assert claimed.headers["location"] == "/account?done=claimed"
    assert "Willkommen!" in visitor.get("/account?done=claimed").text
    assert visitor.get("/api/me").json() == {**me, "username": "Zoe", "guest": False}
    assert visitor.get(f"/api/games/{game}").json()["seats"][0]["user"] == "Zoe"
