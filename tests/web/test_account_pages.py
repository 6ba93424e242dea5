"""The account page (issue 20): one's sessions, ending one, changing the password — with the
CSRF token, in the visitor's language, and refusals that change nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import PASSWORD, post_account_form

from carson.app import create_app

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def signed_up(client: TestClient) -> str:
    """alice, signed up through the form; her CSRF token."""
    assert post_account_form(client, "/register", "alice").status_code == 303
    return client.cookies["carson_csrf"]


def elsewhere(client: TestClient, agent: str = FIREFOX) -> dict[str, str]:
    """Another session of alice's (another device), as bearer headers."""
    response = client.post(
        "/api/login",
        json={"username": "alice", "password": PASSWORD},
        headers={"User-Agent": agent},
    )
    return {"Authorization": f"Bearer {response.json()['token']}"}


def session_ids(page: str) -> list[str]:
    return re.findall(r'id="session-([0-9a-f]+)"', page)


def test_the_page_asks_for_a_login_first(client: TestClient) -> None:
    page = client.get("/account")
    assert page.status_code == 200 and 'id="login-form"' in page.text
    assert 'name="next" value="/account"' in page.text


def test_the_page_lists_the_sessions_and_ends_another(client: TestClient) -> None:
    csrf = signed_up(client)
    other = elsewhere(client)
    home = client.get("/")
    assert 'href="/account"' in home.text  # linked from the account area of every page
    page = client.get("/account")
    assert "Firefox · Linux" in page.text and "(this session)" in page.text
    assert other["Authorization"].split()[1] not in page.text
    ids = session_ids(page.text)
    assert len(ids) == 2
    firefox = next(i for i in ids if "Firefox" in page.text.split(f'id="session-{i}"')[1][:200])
    refused = client.post(f"/account/sessions/{firefox}/end", data={}, follow_redirects=False)
    assert refused.status_code == 403
    assert client.get("/api/me", headers=other).status_code == 200  # refused: nothing changed
    ended = client.post(
        f"/account/sessions/{firefox}/end", data={"csrf": csrf}, follow_redirects=False
    )
    assert ended.status_code == 303 and ended.headers["location"] == "/account?done=ended"
    assert client.get("/api/me", headers=other).status_code == 401
    after = client.get("/account?done=ended")
    assert "The session has ended." in after.text and len(session_ids(after.text)) == 1
    unknown = client.post("/account/sessions/0000/end", data={"csrf": csrf})
    assert unknown.status_code == 404 and "You have no such session." in unknown.text


def test_ending_this_session_logs_out(client: TestClient) -> None:
    csrf = signed_up(client)
    (mine,) = session_ids(client.get("/account").text)
    ended = client.post(
        f"/account/sessions/{mine}/end", data={"csrf": csrf}, follow_redirects=False
    )
    assert ended.status_code == 303 and ended.headers["location"] == "/"
    assert 'id="login-form"' in client.get("/account").text


def test_a_password_change_ends_the_other_sessions(client: TestClient) -> None:
    csrf = signed_up(client)
    other = elsewhere(client)
    form = {
        "csrf": csrf,
        "current_password": PASSWORD,
        "new_password": "a new password",
        "repeat_password": "a new password",
    }
    changed = client.post("/account/password", data=form, follow_redirects=False)
    assert changed.status_code == 303
    page = client.get(changed.headers["location"])
    assert "your other sessions have ended" in page.text
    assert len(session_ids(page.text)) == 1  # this one stays
    assert client.get("/api/me", headers=other).status_code == 401
    again = client.post("/api/login", json={"username": "alice", "password": "a new password"})
    assert again.status_code == 200


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"current_password": "not my password"}, "Das aktuelle Passwort ist falsch."),
        ({"repeat_password": "something else"}, "Die beiden neuen Passwörter sind verschieden."),
        ({"new_password": "short", "repeat_password": "short"}, "mindestens 8 Zeichen"),
        ({"csrf": "guess"}, "Lade die Seite neu"),
    ],
)
def test_a_refused_change_says_why_in_the_visitors_language_and_changes_nothing(
    client: TestClient, change: dict[str, str], says: str
) -> None:
    csrf = signed_up(client)
    other = elsewhere(client)
    client.cookies.set("lang", "de")
    form = {
        "csrf": csrf,
        "current_password": PASSWORD,
        "new_password": "a new password",
        "repeat_password": "a new password",
        **change,
    }
    refused = client.post("/account/password", data=form, follow_redirects=False)
    assert refused.status_code in (403, 422) and says in refused.text
    assert client.get("/api/me", headers=other).status_code == 200
    old = client.post("/api/login", json={"username": "alice", "password": PASSWORD})
    assert old.status_code == 200


def test_a_failed_login_keeps_the_name_typed_never_the_password(client: TestClient) -> None:
    signed_up(client)
    client.post("/logout", data={"csrf": client.cookies["carson_csrf"]})
    client.cookies.set("lang", "de")
    refused = post_account_form(client, "/login", "al<i>ce", "the wrong password", next="/lobby")
    assert refused.status_code == 401 and "carson_session" not in client.cookies
    form = refused.text[refused.text.index('id="login-form"') :]
    form = form[: form.index("</form>")]
    assert 'name="username" autocomplete="username" required value="al&lt;i&gt;ce"' in form
    assert "the wrong password" not in refused.text
    assert 'name="next" value="/lobby"' in form  # where it was going, still
    assert "Falscher Benutzername oder falsches Passwort." in refused.text
    assert (
        post_account_form(client, "/login", "alice", next="/lobby").headers["location"] == "/lobby"
    )


def test_the_forms_addresses_typed_lead_to_the_forms(client: TestClient) -> None:
    """``/login`` and ``/register`` take the forms' posts; asked for as pages (a bookmark, an
    address typed), they lead to the home page's forms instead of a bare 405."""
    for path in ("/login", "/register"):
        answer = client.get(path, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/#login-form"
        page = client.get(path)
        assert page.status_code == 200 and 'id="login-form"' in page.text


@pytest.mark.parametrize(
    ("name", "password", "says"),
    [
        ("alice", "a long password", "Dieser Benutzername ist vergeben."),
        ("a", "a long password", "Ein Benutzername hat 3 bis 32"),
        ("carla", "short", "Ein Passwort hat mindestens"),
    ],
)
def test_a_refused_sign_up_keeps_what_was_typed(
    client: TestClient, name: str, password: str, says: str
) -> None:
    """Issue 44: a taken name (or any refusal) once wiped the whole form; now it comes back
    as filled in — the name and the address, never the password — saying what is wrong."""
    post_account_form(client, "/register", "alice")
    client.post("/logout", data={"csrf": client.cookies["carson_csrf"]})
    client.cookies.set("lang", "de")
    refused = post_account_form(
        client, "/register", name, password=password, email="carla@example.org"
    )
    assert refused.status_code == 422
    form = refused.text[refused.text.index('id="register-form"') :]
    assert says in form and "Gib dein Passwort noch einmal ein." in form
    assert f'value="{name}"' in form and 'value="carla@example.org"' in form
    assert password not in form.replace("a long password", "")  # never sent back
