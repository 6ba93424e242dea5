"""Guests on the pages: "Play as a guest" on the home page (a session without an account) and
signing up from the guest account on the account page, keeping its games
(:mod:`carson.server.accounts.guests`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.accounts.guests import GUEST_LABEL
from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited, client_address
from carson.server.play.api import service_of
from carson.server.your_data.claim_api import claim
from carson.web.accounts.account import account_page
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import (
    checked_form,
    forbidden,
    login_response,
    signed_in_form,
    visit_of,
)

router = APIRouter(include_in_schema=False)


@router.post("/guest")
async def play_as_guest(request: Request) -> Response:
    """A guest's session (from a form of this site), then the home page to play."""
    visit = await visit_of(request)
    if await checked_form(request, visit) is None:
        return forbidden(visit)
    accounts = accounts_of(request)
    try:
        token = await run_in_threadpool(accounts.guest, client_address(request), GUEST_LABEL)
    except RateLimited as limited:
        return refused_page(visit, limited)
    return login_response(token, request, "/")


@router.post("/account/claim")
async def sign_up_from_guest(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    username, password = form.get("username", "")[:64], form.get("password", "")
    try:
        await run_in_threadpool(claim, service_of(request), request, user, username, password)
    except GameError as error:
        said = {
            "username_taken": visit.gettext("This username is taken."),
            "not_a_guest": visit.gettext("Your account is not a guest's."),
        }.get(
            error.code,
            visit.gettext("Choose another name, and a password of 8 characters or more."),
        )
        return await account_page(visit, said, error.status)
    return RedirectResponse("/account?done=claimed", status_code=303)
