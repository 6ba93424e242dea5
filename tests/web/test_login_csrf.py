"""Log-in CSRF and the cookie policy (issue 20): another site cannot post the log-in or
sign-up forms (no CSRF token, or a foreign Origin), the real forms work, and every session
cookie has the same attributes — Secure over https, also behind a trusted TLS proxy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx2 import Response
from signing import PASSWORD, anonymous_csrf, post_account_form
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from carson.app import create_app

PROXY = "10.0.0.1"


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'web.db'}")


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def set_cookies(response: Response) -> dict[str, str]:
    """The response's Set-Cookie headers by cookie name."""
    headers = response.headers.get_list("set-cookie")
    return {header.split("=", 1)[0]: header for header in headers}


def account_exists(client: TestClient, name: str) -> bool:
    login = client.post("/api/login", json={"username": name, "password": PASSWORD})
    return login.status_code == 200


@pytest.mark.parametrize("action", ["/login", "/register"])
def test_a_form_without_the_csrf_token_is_refused(client: TestClient, action: str) -> None:
    if action == "/login":
        post_account_form(client, "/register", "alice")
        client.cookies.clear()
    form = {"username": "alice", "password": PASSWORD}
    bare = client.post(action, data=form, follow_redirects=False)  # no cookie, no token
    assert bare.status_code == 403 and "carson_session" not in set_cookies(bare)
    anonymous_csrf(client)
    no_field = client.post(action, data=form, follow_redirects=False)  # the cookie alone
    assert no_field.status_code == 403 and "carson_session" not in set_cookies(no_field)
    wrong = client.post(action, data={**form, "csrf": "guess"}, follow_redirects=False)
    assert wrong.status_code == 403 and "carson_session" not in client.cookies
    assert account_exists(client, "alice") == (action == "/login")


@pytest.mark.parametrize("action", ["/login", "/register"])
@pytest.mark.parametrize(
    "claim",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "https://testserver"},  # another scheme is another site
        {"Referer": "https://evil.example/page"},
    ],
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_a_post_from_another_site_is_refused(
    client: TestClient, action: str, claim: dict[str, str]
) -> None:
    if action == "/login":
        post_account_form(client, "/register", "alice")
        client.cookies.clear()
    form = {"username": "alice", "password": PASSWORD, "csrf": anonymous_csrf(client)}
    refused = client.post(action, data=form, headers=claim, follow_redirects=False)
    assert refused.status_code == 403 and "carson_session" not in set_cookies(refused)
    assert "Reload the page" in refused.text  # the translated refusal, not an error page
    assert account_exists(client, "alice") == (action == "/login")


def test_the_real_forms_work_from_this_site(client: TestClient) -> None:
    origin = {"Origin": "http://testserver", "Referer": "http://testserver/"}
    form = {"username": "alice", "password": PASSWORD, "csrf": anonymous_csrf(client)}
    signed_up = client.post("/register", data=form, headers=origin, follow_redirects=False)
    assert signed_up.status_code == 303 and "carson_session" in set_cookies(signed_up)
    csrf = client.cookies["carson_csrf"]
    assert csrf != form["csrf"]  # logging in gives a new CSRF token
    logged_out = client.post("/logout", data={"csrf": csrf}, headers=origin, follow_redirects=False)
    assert logged_out.status_code == 303
    assert post_account_form(client, "/login", "alice").status_code == 303


def test_a_cookie_request_to_the_api_from_another_site_is_refused(client: TestClient) -> None:
    post_account_form(client, "/register", "alice")
    body = {"seats": ["human", "expert", "expert", "expert"]}
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    foreign = client.post(
        "/api/games", json=body, headers={**headers, "Origin": "http://evil.example"}
    )
    assert foreign.status_code == 403 and "Origin" in foreign.json()["detail"]
    own = client.post("/api/games", json=body, headers={**headers, "Origin": "http://testserver"})
    assert own.status_code == 201
    opened = client.post(
        "/api/session",
        json={"username": "alice", "password": PASSWORD},
        headers={"Origin": "http://evil.example"},
    )
    assert opened.status_code == 403


def test_one_cookie_policy_over_http(client: TestClient) -> None:
    page = client.get("/")
    csrf_cookie = set_cookies(page)["carson_csrf"]  # anonymous visitors get one
    signed_up = post_account_form(client, "/register", "alice")
    opened = client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    for response in (signed_up, opened):
        cookies = set_cookies(response)
        session, csrf = cookies["carson_session"], cookies["carson_csrf"]
        for header in (session, csrf, csrf_cookie):
            assert "SameSite=lax" in header and "Path=/" in header and "Max-Age=2592000" in header
            assert "Secure" not in header
        assert "HttpOnly" in session and "HttpOnly" not in csrf
    logged_out = client.delete(
        "/api/session", headers={"X-CSRF-Token": client.cookies["carson_csrf"]}
    )
    gone = set_cookies(logged_out)
    assert 'carson_session=""' in gone["carson_session"] and "Max-Age=0" in gone["carson_session"]
    assert "Max-Age=0" in gone["carson_csrf"]


def test_cookies_are_secure_over_https_or_when_configured(app: FastAPI) -> None:
    with TestClient(app, base_url="https://testserver") as client:
        assert "; Secure" in set_cookies(client.get("/"))["carson_csrf"]
        signed_up = set_cookies(post_account_form(client, "/register", "alice"))
        assert all("; Secure" in header for header in signed_up.values())
    app.state.secure_cookies = True  # carson serve --secure-cookies, CARSON_SECURE_COOKIES=1
    with TestClient(app) as client:
        assert "; Secure" in set_cookies(client.get("/"))["carson_csrf"]


@pytest.mark.parametrize(("peer", "secure"), [(PROXY, True), ("10.6.6.6", False)])
def test_behind_a_tls_proxy_only_a_trusted_one_makes_cookies_secure(
    app: FastAPI, peer: str, secure: bool
) -> None:
    """What ``carson serve --forwarded-allow-ips`` sets up: uvicorn's proxy headers."""
    proxied = ProxyHeadersMiddleware(app, trusted_hosts=PROXY)
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    with TestClient(proxied, client=(peer, 40000), headers=forwarded) as client:
        assert ("; Secure" in set_cookies(client.get("/"))["carson_csrf"]) is secure
        csrf = client.cookies["carson_csrf"]
        # The client talks http to the proxy's side: a Secure cookie is sent back by hand.
        sent = {
            "Origin": "https://testserver" if secure else "http://testserver",
            "Cookie": f"carson_csrf={csrf}",
        }
        form = {"username": "alice", "password": PASSWORD, "csrf": csrf}
        signed_up = client.post("/register", data=form, headers=sent, follow_redirects=False)
        assert signed_up.status_code == 303  # the page's own origin, as the browser sees it
        assert ("; Secure" in set_cookies(signed_up)["carson_session"]) is secure
