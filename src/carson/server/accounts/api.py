"""Accounts in the API: sign up, log in (a bearer token, or a browser's session cookies), log
out, and who one is."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from carson.server.accounts import auth
from carson.server.accounts.deps import (
    AUTH,
    CHANGE,
    CurrentCaller,
    CurrentUser,
    accounts_of,
    client_label,
)
from carson.server.accounts.models import (
    Credentials,
    Me,
    NewAccount,
    SessionClosed,
    SessionOpened,
    TokenOut,
)
from carson.server.kernel import cookies
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Forbidden, Unauthorized, Unprocessable, declared
from carson.server.kernel.ratelimit import client_address

router = APIRouter()


def _logged_in(
    request: Request,
    body: Credentials,
    create: bool = False,
    then: Callable[[Session, User], None] | None = None,
) -> str:
    """A new session's token for the credentials (rate-limited: 429 after too many
    failures); with ``create``, for a new account (``then`` in its transaction)."""
    address, label = client_address(request), client_label(request)
    accounts = accounts_of(request)
    try:
        return accounts.log_in(address, body.username, body.password, label, create, then)
    except auth.BadPassword as error:
        raise Unprocessable(str(error), "bad_password") from None
    except auth.UsernameTaken as error:
        raise Conflict(str(error), "username_taken") from None
    except auth.AuthError as error:
        if create:
            raise Unprocessable(str(error), "invalid_account") from None
        raise Unauthorized(str(error), "wrong_credentials") from None


@router.post(
    "/api/register", operation_id="register", response_model=TokenOut,
    responses=declared(400, 409, 413, 422, 429),
)  # fmt: skip
def register(body: NewAccount, request: Request) -> TokenOut:
    """A new account and a session's token. An ``email`` given is checked first (422
    ``bad_address``) and gets a verification link by mail."""
    hook = accounts_of(request).registration
    then = hook(request, body.email, body.language) if hook is not None else None
    credentials = Credentials(username=body.username, password=body.password)
    return TokenOut(token=_logged_in(request, credentials, create=True, then=then))


@router.post(
    "/api/login", operation_id="login", response_model=TokenOut,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def login(body: Credentials, request: Request) -> TokenOut:
    """A new session's bearer token; it expires once left unused for 30 days."""
    return TokenOut(token=_logged_in(request, body))


@router.post(
    "/api/session", operation_id="open_session", response_model=SessionOpened,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def open_session(body: Credentials, request: Request) -> JSONResponse:
    """Log a browser in: sets the HttpOnly session cookie and the CSRF cookie, whose value
    the page sends back in ``X-CSRF-Token`` with every state-changing request."""
    if not cookies.same_origin(request):
        raise Forbidden("a request from another site (Origin) is refused", "origin")
    token = _logged_in(request, body)
    csrf = cookies.new_csrf()
    username = auth.normal_username(body.username)
    response = JSONResponse(SessionOpened(username=username, csrf=csrf).model_dump())
    cookies.set_session(response, request, token, csrf)
    return response


@router.delete(
    "/api/session", operation_id="close_session", response_model=SessionClosed,
    responses=declared(*CHANGE),
)  # fmt: skip
def close_session(request: Request, caller: CurrentCaller) -> JSONResponse:
    """Log out: the token this request was sent with (bearer or cookie) stops working, and
    the cookies are cleared."""
    accounts_of(request).revoke(caller.token)
    closed = SessionClosed(username=caller.user.username, logged_out=True)
    response = JSONResponse(closed.model_dump())
    cookies.clear_session(response, request)
    return response


@router.get("/api/me", operation_id="me", response_model=Me, responses=declared(*AUTH))
def me(user: CurrentUser) -> Me:
    return Me(id=user.id, username=user.username, bot=bool(user.is_bot),
              guest=bool(user.is_guest))  # fmt: skip
