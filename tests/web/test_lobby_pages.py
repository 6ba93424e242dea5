"""The lobby's pages (issue 23): a new table with every setting, the list and its filters,
joining, cancelling, quick match with its wait; refusals said in the visitor's language and
changing nothing; every form needs its CSRF token."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.core.seeks import FILL_AFTER
from carson.server.play.games import GameService


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5)


@pytest.fixture
def alice(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@pytest.fixture
def bob(app: FastAPI, alice: TestClient) -> Iterator[TestClient]:
    with TestClient(app) as client:  # another browser (its own cookies), the same server
        yield client


def sign_up(client: TestClient, name: str) -> str:
    assert post_account_form(client, "/register", name).status_code == 303
    return client.cookies["carson_csrf"]


def games_of(client: TestClient) -> list[str]:
    return [game["id"] for game in client.get("/api/games").json()]


TABLE = {
    "game": "card",
    "seats": "4",
    "seat-1": "human",
    "seat-2": "expert",
    "seat-3": "ai-easy",
    "seat-4": "human",  # beyond the four seats: left out
    "time_control": "3d",
    "on_timeout": "takeover",
    "timeout_level": "ai-hard",
    "lang": "de",
    "rating_min": "1000",
    "rating_max": "2000",
    "public": "on",
    "rated": "on",
}


def test_a_table_with_every_setting_is_made_listed_joined(
    alice: TestClient, bob: TestClient
) -> None:
    csrf = sign_up(alice, "alice")
    page = alice.get("/lobby")
    assert (
        page.status_code == 200
        and 'id="new-table"' in page.text
        and 'id="quick-match"' in page.text
    )
    made = alice.post("/lobby/tables", data={**TABLE, "csrf": csrf}, follow_redirects=False)
    assert made.status_code == 303, made.text
    game_id = made.headers["location"].rsplit("/", 1)[1]
    view = alice.get(f"/api/games/{game_id}").json()
    assert [seat["kind"] for seat in view["seats"]] == ["human", "human", "expert", "ai-easy"]
    assert view["lang"] == "de"
    assert view["table"] == {
        "public": True, "rated": True, "time_control": "3d", "on_timeout": "takeover",
        "timeout_level": "ai-hard", "rating_min": 1000, "rating_max": 2000,
    }  # fmt: skip
    mine = alice.get("/lobby")
    assert f'id="table-{game_id}"' in mine.text and "/lobby/cancel/" + game_id in mine.text
    bob_csrf = sign_up(bob, "bob")
    listing = bob.get("/lobby/tables?control=correspondence&lang=de&game=card")
    assert f'id="table-{game_id}"' in listing.text and "/lobby/join/" + game_id in listing.text
    assert "3 days a move" in listing.text
    row = listing.text[listing.text.index(f'id="table-{game_id}"') :]
    seats = re.search(r'<ul class="seat-names">(.*?)</ul>', row)
    assert seats is not None  # every seat by name, a machine by its level, none by its id
    assert re.findall(r"<li[^>]*>([^<]*)</li>", seats.group(1)) == [
        "alice", "free seat", "virtual player (expert)", "Machine (easy)",
    ]  # fmt: skip
    assert 'hx-trigger="every 5s"' in listing.text  # the list refreshes itself
    assert f"table-{game_id}" not in bob.get("/lobby/tables?control=live").text
    assert f"table-{game_id}" not in bob.get("/lobby/tables?game=board").text
    joined = bob.post(f"/lobby/join/{game_id}", data={"csrf": bob_csrf}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/games/{game_id}"
    assert alice.get(f"/api/games/{game_id}").json()["status"] == "playing"
    assert f"table-{game_id}" not in bob.get("/lobby").text


def test_the_creator_cancels_from_the_lobby(alice: TestClient, bob: TestClient) -> None:
    csrf = sign_up(alice, "alice")
    made = alice.post("/lobby/tables", data={**TABLE, "csrf": csrf}, follow_redirects=False)
    game_id = made.headers["location"].rsplit("/", 1)[1]
    bob_csrf = sign_up(bob, "bob")
    bob.cookies.set("lang", "de")
    refused = bob.post(f"/lobby/cancel/{game_id}", data={"csrf": bob_csrf})
    assert refused.status_code == 403 and "Nur wer den Tisch eröffnet hat" in refused.text
    assert alice.post(f"/lobby/cancel/{game_id}", data={}).status_code == 403  # no CSRF
    assert f"table-{game_id}" in bob.get("/lobby").text
    done = alice.post(f"/lobby/cancel/{game_id}", data={"csrf": csrf}, follow_redirects=False)
    assert done.headers["location"] == "/lobby?done=cancelled"
    assert "The table is cancelled." in alice.get("/lobby?done=cancelled").text
    assert alice.get(f"/api/games/{game_id}").json()["status"] == "over"
    closed = bob.post(f"/lobby/join/{game_id}", data={"csrf": bob_csrf})
    assert closed.status_code == 409 and "Dieser Tisch ist geschlossen" in closed.text
    by_link = bob.post(f"/games/{game_id}/join", data={"csrf": bob_csrf})  # the invitation's
    assert by_link.status_code == 409 and "Dieser Tisch ist geschlossen" in by_link.text
    [mine] = alice.get("/api/games").json()
    assert mine["ended"] == "cancelled"
    home = alice.get("/").text  # "My games": said so, and no replay of a game never played
    assert "cancelled before it started" in home and f"/games/{game_id}/replay" not in home


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"rating_min": "lots"}, "Eine Zahl im Formular"),
        ({"seats": "9"}, "wähle die Plätze noch einmal"),
        ({"seat-1": "grandmaster"}, "wähle die Plätze noch einmal"),
        ({"time_control": "5d"}, "angebotenen Bedenkzeiten"),
        ({"lang": "xx"}, "angebotenen Sprachen"),
        ({"rating_min": "2000", "rating_max": "1000"}, "lässt sich so nicht einrichten"),
        ({"seat-1": "expert"}, "lässt sich so nicht einrichten"),  # rated: two people
        ({"timeout_level": "expert"}, "Ein virtueller Spieler kann keinen Platz"),  # issue 45
    ],
)
def test_a_refused_table_says_why_and_makes_nothing(
    alice: TestClient, change: dict[str, str], says: str
) -> None:
    csrf = sign_up(alice, "alice")
    alice.cookies.set("lang", "de")
    refused = alice.post("/lobby/tables", data={**TABLE, "csrf": csrf, **change})
    assert refused.status_code == 422 and says in refused.text
    assert games_of(alice) == []


def test_a_join_outside_the_rating_range_is_refused_in_words(
    alice: TestClient, bob: TestClient
) -> None:
    csrf = sign_up(alice, "alice")
    narrow = {**TABLE, "csrf": csrf, "rating_min": "1800", "rating_max": "2000"}
    made = alice.post("/lobby/tables", data=narrow, follow_redirects=False)
    game_id = made.headers["location"].rsplit("/", 1)[1]
    bob_csrf = sign_up(bob, "bob")  # a new player: 1500
    refused = bob.post(f"/lobby/join/{game_id}", data={"csrf": bob_csrf})
    assert refused.status_code == 403
    assert "Your rating is outside this table&#39;s rating range." in refused.text
    assert games_of(bob) == []


def test_a_table_out_of_ones_rating_range_says_why_instead_of_join(
    alice: TestClient, bob: TestClient
) -> None:
    csrf = sign_up(alice, "alice")
    made = []
    for low, high in (("1800", "2000"), ("1000", "")):
        table = {**TABLE, "csrf": csrf, "rating_min": low, "rating_max": high}
        answer = alice.post("/lobby/tables", data=table, follow_redirects=False)
        made.append(answer.headers["location"].rsplit("/", 1)[1])
    narrow, wide = made
    sign_up(bob, "bob")  # a new player: 1500
    bob.cookies.set("lang", "de")
    listing = bob.get("/lobby/tables").text
    out = listing[listing.index(f'id="table-{narrow}"') :].split("</tr>")[0]
    assert "/lobby/join/" not in out and "Deine Wertung (1500) liegt außerhalb" in out
    inside = listing[listing.index(f'id="table-{wide}"') :].split("</tr>")[0]
    assert "/lobby/join/" + wide in inside


def test_the_lobby_shows_ones_own_open_seek_and_private_table(alice: TestClient) -> None:
    csrf = sign_up(alice, "alice")
    assert 'id="lobby-mine"' not in alice.get("/lobby").text  # nothing of one's own yet
    private = {**TABLE, "csrf": csrf, "public": "", "rating_min": "", "rating_max": ""}
    made = alice.post("/lobby/tables", data=private, follow_redirects=False)
    game_id = made.headers["location"].rsplit("/", 1)[1]
    seek_form = {"csrf": csrf, "game": "board", "seats": "3", "time_control": "1d"}
    seek = alice.post("/quickmatch", data=seek_form, follow_redirects=False).headers["location"]
    listing = alice.get("/lobby/tables").text
    mine = listing[listing.index('id="lobby-mine"') : listing.index("Open tables")]
    assert f'href="{seek}"' in mine and "1 day a move" in mine  # the seek, to its page
    assert f'id="my-table-{game_id}"' in mine and f'href="/games/{game_id}"' in mine
    assert f'id="table-{game_id}"' not in listing  # private: not in the public list
    alice.post(seek + "/cancel", data={"csrf": csrf})
    assert f'href="{seek}"' not in alice.get("/lobby/tables").text


def test_quick_match_waits_visibly_then_goes_to_the_game(
    app: FastAPI, alice: TestClient, bob: TestClient
) -> None:
    csrf = sign_up(alice, "alice")
    form = {"csrf": csrf, "game": "card", "seats": "4", "time_control": "5+3",
            "fill_with": "expert", "rated": "on"}  # fmt: skip
    assert alice.post("/quickmatch", data={**form, "csrf": ""}).status_code == 403
    opened = alice.post("/quickmatch", data=form, follow_redirects=False)
    assert opened.status_code == 303
    page = alice.get(opened.headers["location"])
    assert "Looking for players" in page.text and "5 min + 3 s a move" in page.text
    wait = re.search(r"In (\d+) s, machines may take", page.text)
    assert wait is not None and 0 < int(wait.group(1)) <= FILL_AFTER
    again = alice.post("/quickmatch", data=form)
    assert again.status_code == 409 and "already looking for a game" in again.text
    bob_csrf = sign_up(bob, "bob")
    bob_seek = bob.post("/quickmatch", data={**form, "csrf": bob_csrf}, follow_redirects=False)
    service = app.state.games
    assert isinstance(service, GameService)
    before = service.jobs.clock
    service.jobs.clock = lambda: before() + timedelta(seconds=FILL_AFTER + 1)
    service.jobs.wake.set()
    status = opened.headers["location"] + "/status"
    for _ in range(200):
        answer = alice.get(status, headers={"HX-Request": "true"})
        if "HX-Redirect" in answer.headers:
            break
        import time

        time.sleep(0.05)
    game = answer.headers["HX-Redirect"]
    assert game.startswith("/games/")
    followed = bob.get(bob_seek.headers["location"], follow_redirects=False)
    assert followed.status_code == 303 and followed.headers["location"] == game
    view = alice.get("/api/" + game.lstrip("/")).json()
    assert [seat["kind"] for seat in view["seats"]] == ["human", "human", "expert", "expert"]


def test_a_seek_is_withdrawn_from_its_page(alice: TestClient) -> None:
    csrf = sign_up(alice, "alice")
    form = {"csrf": csrf, "game": "board", "seats": "3", "time_control": "1d"}
    opened = alice.post("/quickmatch", data=form, follow_redirects=False)
    seek = opened.headers["location"]
    stopped = alice.post(seek + "/cancel", data={"csrf": csrf}, follow_redirects=False)
    assert stopped.status_code == 303 and stopped.headers["location"] == "/lobby"
    gone = alice.get(seek)
    assert gone.status_code == 404 and "This search has ended" in gone.text
    assert alice.post("/quickmatch", data=form, follow_redirects=False).status_code == 303


def test_the_lobby_asks_for_a_login(alice: TestClient) -> None:
    page = alice.get("/lobby")
    assert 'id="login-form"' in page.text and 'name="next" value="/lobby"' in page.text
    assert alice.get("/lobby/tables").status_code == 403


def test_a_bot_is_flagged_in_the_lobby_and_the_invitation(alice: TestClient) -> None:
    token = alice.post("/api/register", json={"username": "robot", "password": "password-robot"})
    robot = {"Authorization": f"Bearer {token.json()['token']}"}
    assert alice.post("/api/account/bot", headers=robot).json()["bot"] is True
    body = {"seats": ["human", "human", "expert", "expert"], "public": True}
    game_id = alice.post("/api/games", json=body, headers=robot).json()["id"]
    sign_up(alice, "alice")
    listing = alice.get("/lobby/tables").text
    assert f"table-{game_id}" in listing and 'class="bot-mark"' in listing
    assert "robot (bot) (host)" in alice.get(f"/games/{game_id}").text


@pytest.mark.parametrize(
    ("game", "seats"),
    [("card", ["human", "human", "expert", "expert"]), ("board", ["human", "human"])],
)
def test_a_bot_is_flagged_at_the_table_of_either_game(
    alice: TestClient, game: str, seats: list[str]
) -> None:
    token = alice.post("/api/register", json={"username": "robot", "password": "password-robot"})
    robot = {"Authorization": f"Bearer {token.json()['token']}"}
    assert alice.post("/api/account/bot", headers=robot).json()["bot"] is True
    game_id = alice.post("/api/games", json={"game": game, "seats": seats}, headers=robot)
    sign_up(alice, "alice")
    csrf = alice.cookies["carson_csrf"]
    assert alice.post(f"/games/{game_id.json()['id']}/join", data={"csrf": csrf}).is_success
    page = alice.get(f"/games/{game_id.json()['id']}").text
    assert "robot (bot)" in page  # the game's own page names the bot as one
    alice.cookies.set("lang", "de")
    assert "robot (Bot)" in alice.get(f"/games/{game_id.json()['id']}").text


def test_a_refused_table_comes_back_as_it_was_filled_in(alice: TestClient) -> None:
    csrf = sign_up(alice, "alice")
    typed = {**TABLE, "csrf": csrf, "rating_min": "3000", "rating_max": "150", "lang": "it"}
    refused = alice.post("/lobby/tables", data=typed)
    assert refused.status_code == 422
    form = refused.text[refused.text.index('id="new-table"') :]
    for field, value in (("seat-2", "expert"), ("seat-3", "ai-easy"), ("time_control", "3d"),
                         ("on_timeout", "takeover"), ("timeout_level", "ai-hard"),
                         ("lang", "it")):  # fmt: skip
        chosen = re.search(rf'<select name="{field}">.*?</select>', form, re.S)
        assert chosen and f'value="{value}" selected' in chosen.group(0), field
    assert 'name="rating_min" min="0" max="4000" step="50" value="3000"' in form
    assert 'name="rating_max" min="0" max="4000" step="50" value="150"' in form
    assert re.search(r'name="rated" checked', form) and re.search(r'name="public" checked', form)
    assert re.search(r"<option value=\"4\" selected>4</option>", form)


def test_a_refused_quick_match_comes_back_as_it_was_filled_in(alice: TestClient) -> None:
    csrf = sign_up(alice, "alice")
    # The rated box left unticked; a rating gap beyond the bounds is what is refused.
    typed = {"csrf": csrf, "game": "board", "seats": "3", "time_control": "1d",
             "fill_with": "ai-hard", "max_gap": "5000"}  # fmt: skip
    refused = alice.post("/quickmatch", data=typed)
    assert refused.status_code == 422 and 'id="lobby-error"' in refused.text
    page = refused.text
    form = page[page.index('id="quick-match"') : page.index('id="new-table"')]
    assert 'name="game" value="board"' in form  # on the board game's tab, as asked
    for field, value in (("time_control", "1d"), ("fill_with", "ai-hard")):
        chosen = re.search(rf'<select name="{field}">.*?</select>', form, re.S)
        assert chosen and f'value="{value}" selected' in chosen.group(0), field
    assert re.search(r"<option selected>3</option>", form)
    assert 'name="max_gap" min="0" max="4000" step="50" value="5000"' in form
    assert 'name="rated">' in form  # left unticked
    assert 'id="lobby-mine"' not in alice.get("/lobby").text  # and no search was opened


def test_one_day_a_move_is_said_in_the_singular(alice: TestClient) -> None:
    sign_up(alice, "alice")
    page = alice.get("/lobby").text
    assert "1 day a move" in page and "1 days a move" not in page and "7 days a move" in page
    alice.cookies.set("lang", "de")
    german = alice.get("/lobby").text
    assert "1 Tag pro Zug" in german and "1 Tage pro Zug" not in german


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", ["de", "fr", "it", "nl"])
def test_the_lobby_filters_read_in_the_visitors_language(alice: TestClient, lang: str) -> None:
    """Every choice of the lobby's filters is translated (German once said "live")."""
    sign_up(alice, "alice")
    english = re.findall(r"<option value=\"\w*\"[^>]*>([^<]+)</option>", _filters(alice))
    alice.cookies.set("lang", lang)
    shown = re.findall(r"<option value=\"\w*\"[^>]*>([^<]+)</option>", _filters(alice))
    assert len(shown) == len(english) > 5
    # the games' and the languages' own names are names; every other choice is translated
    names = {"Card game", "Board game", "English", "Deutsch", "Italiano", "Nederlands"}
    names |= {"Français"}
    for ours, theirs in zip(english, shown, strict=True):
        assert ours in names or ours != theirs, (lang, ours)


def _filters(client: TestClient) -> str:
    page = client.get("/lobby").text
    start = page.index('id="lobby-filters"')
    return page[start : page.index("</form>", start)]
