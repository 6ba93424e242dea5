"""Deleting one's account from the account page: asked with the password (the account page
then says when it will be done), and cancelled with one button until then
(:mod:`carson.server.your_data.deletion`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.passwords import HashingBusy
from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited
from carson.server.play.api import service_of
from carson.server.your_data import deletion
from carson.server.your_data.deletion_api import ask_deletion
from carson.web.accounts.account import account_page
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import signed_in_form

router = APIRouter(include_in_schema=False)


@router.post("/account/delete")
async def delete_account(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = service_of(request)
    try:
        await run_in_threadpool(ask_deletion, service, request, user, form.get("password", ""))
    except (RateLimited, HashingBusy) as error:
        return refused_page(visit, error)
    except GameError:
        return await account_page(visit, visit.gettext("The password is wrong."), 422)
    return RedirectResponse("/account#delete-account", status_code=303)


@router.post("/account/keep")
async def keep_account(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    _, user, _ = checked
    service = service_of(request)

    def keep() -> None:
        with service.store.write_turn, service.sessions.begin() as session:
            deletion.cancel(session, user)

    await run_in_threadpool(keep)
    return RedirectResponse("/account?done=kept", status_code=303)
