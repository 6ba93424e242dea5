"""The route dependencies of every feature's API: who calls (a bearer token, or a browser's
session cookie with its CSRF token), the server's accounts, and the errors such routes
declare."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts import auth, tokens
from carson.server.accounts.service import Accounts
from carson.server.kernel import cookies
from carson.server.kernel.cookies import CSRF_COOKIE, CSRF_HEADER, SAFE_METHODS, SESSION_COOKIE
from carson.server.kernel.db import User
from carson.server.kernel.errors import Forbidden, Unauthorized

bearer = HTTPBearer(auto_error=False)

#: The errors of any route that needs a logged-in caller; a change also needs the CSRF
#: token when the caller is authenticated by the session cookie (403).
AUTH = (401,)
CHANGE = (401, 403)


@dataclass(frozen=True)
class Caller:
    """Who calls, and with which session's token."""

    user: User
    token: str


async def current_caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Caller:
    """The caller, from ``Authorization: Bearer <token>`` (API clients) or from the session
    cookie (browsers). A cookie is sent by the browser on its own, so a state-changing
    request authenticated by it must also carry the CSRF token (double-submit cookie) and
    come from this site (:func:`carson.server.kernel.cookies.same_origin`)."""
    if credentials is not None and credentials.scheme.lower() == "bearer":
        token = credentials.credentials
    elif SESSION_COOKIE in request.cookies:
        token = request.cookies[SESSION_COOKIE]
        if request.method not in SAFE_METHODS:
            expected = request.cookies.get(CSRF_COOKIE, "")
            sent = request.headers.get(CSRF_HEADER, "")
            if not expected or not auth.same_secret(expected, sent):
                raise Forbidden(f"missing or wrong CSRF token (send {CSRF_HEADER})", "csrf")
            if not cookies.same_origin(request):
                raise Forbidden("a request from another site (Origin) is refused", "origin")
    else:
        raise Unauthorized("log in: send Authorization: Bearer <token>")
    accounts = accounts_of(request)
    user = accounts.remembered_user(token)
    if user is None:  # not seen lately: ask the database, off the event loop
        user = await run_in_threadpool(accounts.user_for_token, token)
    if user is None:
        raise Unauthorized(
            "the token is not valid (unknown, expired or logged out)", "invalid_token"
        )
    return Caller(user, token)


async def caller_of(request: Request) -> Caller:
    """:func:`current_caller`, asked by a route itself rather than as a dependency (the move's
    route: FastAPI's solving of a dependency graph was a fifth of a move's CPU)."""
    return await current_caller(request, await bearer(request))


async def current_user(caller: Annotated[Caller, Depends(current_caller)]) -> User:
    return caller.user


async def optional_user(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> User | None:
    """The caller if it sends a session (as :func:`current_caller`), else ``None``: a
    spectator. A browser's stale session cookie counts as none (its page is watched signed
    out); a bearer token that is not valid is still refused (401)."""
    if credentials is None and SESSION_COOKIE not in request.cookies:
        return None
    try:
        return (await current_caller(request, credentials)).user
    except Unauthorized:
        if credentials is not None:
            raise
        return None


CurrentCaller = Annotated[Caller, Depends(current_caller)]
CurrentUser = Annotated[User, Depends(current_user)]
#: Whoever calls a route that spectators may use too (``None``: signed out).
Viewer = Annotated[User | None, Depends(optional_user)]
#: Such a route's document: the bearer token is optional (``{}``: none at all).
OPTIONAL_AUTH: JSON = {"security": [{}]}


def client_label(request: Request) -> str:
    """Which client opens a session, as its user will see it in the session list."""
    return tokens.agent_label(request.headers.get("user-agent"))


def accounts_of(request: Request) -> Accounts:
    """The server's accounts (:class:`~carson.server.accounts.service.Accounts`)."""
    accounts = request.app.state.accounts
    assert isinstance(accounts, Accounts)
    return accounts


async def _accounts(request: Request) -> Accounts:
    return accounts_of(request)


#: The server's accounts, as a route's dependency.
ServerAccounts = Annotated[Accounts, Depends(_accounts)]
