"""Signing up and logging in through the pages' forms, as a browser does: the page first
(which gives an anonymous visitor its CSRF cookie), then the form with the token."""

from __future__ import annotations

from fastapi.testclient import TestClient
from httpx2 import Response

PASSWORD = "a long password"


def anonymous_csrf(client: TestClient) -> str:
    """The CSRF token the home page gives this visitor (a new one if it has none)."""
    client.get("/")
    return client.cookies["carson_csrf"]


def post_account_form(
    client: TestClient, action: str, name: str, password: str = PASSWORD, **fields: str
) -> Response:
    """Post the log-in (``/login``) or sign-up (``/register``) form; not followed."""
    form = {"username": name, "password": password, "csrf": anonymous_csrf(client), **fields}
    return client.post(action, data=form, follow_redirects=False)
