"""Rule ids (CG-…, BG-…) belong to the code and the tests, never to what players read: every
page of both games — each moment of a whole game, the end, the replay, the home page, the
rules and the scoring assistant — in every language, carries none (text or attribute)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.web.kernel.i18n import LANGUAGES

RULE_ID = re.compile(r"\b(?:CG|BG)-\d")
HTMX = {"HX-Request": "true"}
#: A city for the scoring assistant with a line of every kind (parcels and personalities).
CITY = {
    **{f"c-{x}-0": letter for x, letter in enumerate("rm^dbsga")},
    **{f"c-{x}-1": letter for x, letter in enumerate("kchtoxjh")},
    **{f"p-{person}": "on" for person in ("cowboy", "banker", "teacher", "editor", "sheriff")},
    "sold": "0",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


class Pages:
    """Fetches pages in the languages in turn and keeps every rule id found, by page."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.count = 0

    def visit(self, client: TestClient, path: str, lang: str | None = None) -> str:
        client.cookies.set("lang", lang or LANGUAGES[self.count % len(LANGUAGES)])
        self.count += 1
        page = client.get(path)
        assert page.status_code == 200, (path, page.status_code)
        self.look(path, page.text)
        return page.text

    def look(self, where: str, text: str) -> None:
        for match in RULE_ID.finditer(text):
            self.found.setdefault(where, []).append(text[match.start() - 60 : match.end() + 20])


def sign_up(client: TestClient, name: str) -> str:
    assert post_account_form(client, "/register", name).status_code == 303
    return client.cookies["carson_csrf"]


def play(client: TestClient, csrf: str, game: str, pages: Pages, seed: int) -> None:
    """Plays ``game`` to its end by random legal actions posted through the page, looking at
    each board (and a placement's preview) on the way."""
    rng = random.Random(seed)
    moves, deadline = 0, time.monotonic() + 300  # a loaded machine's machine seats are slow
    while moves < 1500 and time.monotonic() < deadline:
        view: dict[str, Any] = client.get("/api" + game).json()
        if view["status"] == "over":
            return
        legal = view["legal_actions"]
        if not legal:
            time.sleep(0.02)  # a machine seat moves in the background: wait, do not spin
            continue
        moves += 1
        if legal[0].get("kind") == "place":
            pages.visit(client, f"{game}/board?x={legal[0]['x']}&y={legal[0]['y']}")
        pages.visit(client, game + "/board")
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(rng.choice(legal))}
        assert client.post(game + "/act", data=data, headers=HTMX).status_code == 200
    raise AssertionError(f"{game} did not end")


@pytest.mark.slow  # runs long: whole games or many cases
def test_no_page_of_the_card_game_shows_a_rule_id(client: TestClient) -> None:
    pages = Pages()
    csrf = sign_up(client, "alice")
    for lang in LANGUAGES:
        for path in ("/", "/?game=card", "/rules", "/rules/card", "/score", "/account"):
            pages.visit(client, path, lang)
        for city in ({**CITY, "sold": "2"}, {**CITY, "p-auctioneer": "on", "sold": "2"}, CITY):
            sheet = client.post("/score", data=city)
            pages.look(f"/score ({lang})", sheet.text)
        assert 'id="total"' in sheet.text
    seats = ["human", "expert", "advanced", "beginner", "greedy"]
    created = client.post("/api/games", headers={"X-CSRF-Token": csrf}, json={"seats": seats})
    game = f"/games/{created.json()['id']}"
    play(client, csrf, game, pages, seed=1)
    for lang in LANGUAGES:
        pages.visit(client, game, lang)
        for step in (0, 30, 200):
            pages.visit(client, f"{game}/replay?step={step}", lang)
    assert pages.count > 100
    assert not pages.found, pages.found


@pytest.mark.slow  # runs long: whole games or many cases
def test_no_page_of_the_board_game_shows_a_rule_id(client: TestClient) -> None:
    pages = Pages()
    csrf = sign_up(client, "alice")
    bob = TestClient(client.app)
    bob_csrf = sign_up(bob, "bob")
    for lang in LANGUAGES:
        pages.visit(client, "/?game=board", lang)
        pages.visit(client, "/rules/board", lang)
    variants = ["vote-sides", "duel-tiles", "river", "new-beginning"]
    body = {"game": "board", "seats": ["human", "human"], "variants": variants}
    created = client.post("/api/games", headers={"X-CSRF-Token": csrf}, json=body)
    game = f"/games/{created.json()['id']}"
    pages.visit(bob, game)  # the invitation
    assert bob.post(game + "/join", data={"csrf": bob_csrf}).status_code == 200
    rng = random.Random(4)
    for _ in range(1500):
        view = client.get("/api" + game).json()
        if view["status"] == "over":
            break
        for who, token in ((client, csrf), (bob, bob_csrf)):
            seen = who.get("/api" + game).json()
            if seen["legal_actions"]:
                pages.visit(who, game + "/board")
                move = json.dumps(rng.choice(seen["legal_actions"]))
                data = {"csrf": token, "seq": str(seen["seq"]), "action": move}
                who.post(game + "/act", data=data, headers=HTMX)
    assert client.get("/api" + game).json()["status"] == "over"
    for lang in LANGUAGES:
        pages.visit(client, game, lang)
        for step in (0, 50, 300):
            pages.visit(client, f"{game}/replay?step={step}", lang)
    assert pages.count > 100
    assert not pages.found, pages.found
