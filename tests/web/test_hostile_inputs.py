"""What a hostile or broken client may send the pages (issue 20): redirects stay on the site,
odd secrets and cells get a clear answer, never an error page, and change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.web.kernel.visit import same_site_path

ELSEWHERE = [
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "/\tevil",
    "",
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("target", ELSEWHERE)
def test_next_never_leads_off_the_site(client: TestClient, target: str) -> None:
    assert same_site_path(target) == "/"
    switched = client.get("/lang/de", params={"next": target}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/"
    signed_up = post_account_form(client, "/register", "alice", next=target)
    assert signed_up.status_code == 303 and signed_up.headers["location"] == "/"


def test_a_path_of_the_site_is_kept(client: TestClient) -> None:
    switched = client.get("/lang/de", params={"next": "/rules?game=board"}, follow_redirects=False)
    assert switched.headers["location"] == "/rules?game=board"


def test_a_csrf_token_with_any_characters_is_refused_not_an_error(client: TestClient) -> None:
    post_account_form(client, "/register", "alice")
    page = client.post("/play", data={"csrf": "é", "seats": "4", "opponent": "expert"})
    assert page.status_code == 403
    api = client.post("/api/games", json={"seats": ["human", "expert", "expert", "expert"]},
                      headers={"X-CSRF-Token": "é".encode()})  # fmt: skip
    assert api.status_code in (401, 403)
    opened = client.post("/api/session", json={"username": "alice", "password": "a long password"})
    assert opened.status_code == 200
    api = client.post("/api/games", json={"seats": ["human", "expert", "expert", "expert"]},
                      headers={"X-CSRF-Token": "é".encode()})  # fmt: skip
    assert api.status_code == 403 and "CSRF" in api.json()["detail"]
    assert client.get("/api/games").json() == []  # nothing was created


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Row 2, column 3"), ("de", "Zeile 2, Spalte 3")]
)
@pytest.mark.parametrize("cell", ["z", "é", "hh", "\x00"])
def test_the_scoring_assistant_answers_a_bad_cell_with_a_message(
    client: TestClient, cell: str, lang: str, words: str
) -> None:
    client.cookies.set("lang", lang)
    answer = client.post("/score", data={"c-0-0": "h", "c-2-1": cell})
    assert answer.status_code == 200 and words in answer.text and 'role="alert"' in answer.text


def test_the_home_page_says_only_what_it_knows_in_the_visitors_language(
    client: TestClient,
) -> None:
    """An error in the address is a code the page translates; any other text shows nothing
    (a link cannot make the page say words of its own choosing)."""
    client.cookies.set("lang", "de")
    known = client.get("/?error=wrong_credentials")
    assert "Falscher Benutzername oder falsches Passwort." in known.text
    forged = client.get("/?error=Your+account+is+locked.+Call+555-1234")
    assert "555-1234" not in forged.text


def test_a_language_switch_after_a_form_goes_to_a_page_not_a_405(client: TestClient) -> None:
    answer = client.get("/lang/de?next=/account/password", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/"
    kept = client.get("/lang/de?next=/rules", follow_redirects=False)
    assert kept.headers["location"] == "/rules"


HUGE = "1" + "0" * 29  # thirty digits: beyond any database's integer


def test_huge_ids_and_odd_digits_get_an_answer_not_an_error(client: TestClient) -> None:
    """Issue 45: numbers beyond the database's integers in a chat's ``since``, a report's or a
    dismissal's id, and a digit that is not ASCII in an unsubscribe link, are refused (4xx
    with a message), never a server error."""
    post_account_form(client, "/register", "alice")
    csrf = client.cookies["carson_csrf"]
    game = client.post("/api/games", json={"game": "card", "seats": ["human"] + ["expert"] * 3},
                       headers={"X-CSRF-Token": csrf}).json()["id"]  # fmt: skip
    answers = {
        "since": client.get(f"/games/{game}/chat/messages", params={"since": HUGE}),
        "since, Arabic-Indic": client.get(f"/games/{game}/chat/messages", params={"since": "٣"}),
        "api since": client.get(f"/api/games/{game}/chat", params={"since": HUGE}),
        "report": client.post(f"/chat/{HUGE}/report", data={"csrf": csrf}),
        "api report": client.post(f"/api/chat/{HUGE}/report", headers={"X-CSRF-Token": csrf}),
        "dismiss": client.post(f"/admin/reports/{HUGE}/dismiss", data={"csrf": csrf}),
        "unsubscribe": client.get("/unsubscribe/³.all.x"),
        "unsubscribe, signature": client.get("/unsubscribe/1.all.ü"),
        "unsubscribe, huge": client.post(f"/unsubscribe/{HUGE}.all.x", data={"csrf": csrf}),
    }
    wrong = {what: a.status_code for what, a in answers.items() if not 400 <= a.status_code < 500}
    assert wrong == {}
