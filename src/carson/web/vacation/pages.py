"""Going on vacation and coming back from the account page (its section is drawn by
:mod:`carson.web.accounts.account`; the rules are :mod:`carson.server.vacation.service`).
A refused vacation is said in the visitor's words, with what they typed kept."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited
from carson.server.play.api import service_of
from carson.server.vacation.service import AHEAD_DAYS, ALLOWANCE_DAYS, Vacations
from carson.web.accounts.account import account_page
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, signed_in_form

router = APIRouter(include_in_schema=False)


def vacations_of(request: Request) -> Vacations:
    service = service_of(request)
    return Vacations(service.store, service.accounts.limiter)


def refusal(visit: Visit, code: str) -> str:
    """A refused vacation in the visitor's words, by the API's code."""
    said = {
        "vacation_days": visit.gettext("A vacation lasts 1 to %(days)s days.")
        % {"days": ALLOWANCE_DAYS},
        "vacation_start": visit.gettext("A vacation starts today or within %(days)s days.")
        % {"days": AHEAD_DAYS},
        "vacation_allowance": visit.gettext(
            "That is more days than are left of the year's allowance."
        ),
        "on_vacation": visit.gettext("You have a vacation already: end it first."),
        "no_vacation": visit.gettext("You are not on vacation, and none is planned."),
        "guest": visit.gettext("Sign up to take a vacation: guests cannot."),
    }
    return said.get(code, said["vacation_days"])


def _read(form: dict[str, str]) -> tuple[int, date | None] | str:
    """The days and first day typed, or the code of what is wrong with them."""
    try:
        days = int(form.get("days", "").strip())
    except ValueError:
        return "vacation_days"
    start = form.get("start", "").strip()
    if not start:
        return days, None
    try:
        return days, date.fromisoformat(start)
    except ValueError:
        return "vacation_start"


@router.post("/account/vacation")
async def take_vacation(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    typed = {"days": form.get("days", "")[:10], "start": form.get("start", "")[:10]}
    read = _read(form)
    try:
        if isinstance(read, str):
            raise GameError("", read)
        await run_in_threadpool(vacations_of(request).declare, user, *read)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        status = 409 if error.code == "on_vacation" else 422
        return await account_page(visit, status=status, vacation_error=refusal(visit, error.code),
                                  vacation_form=typed)  # fmt: skip
    return RedirectResponse("/account?done=vacation#vacation", status_code=303)


@router.post("/account/vacation/end")
async def end_vacation(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(vacations_of(request).end, user)
    except GameError as error:
        return await account_page(visit, status=error.status,
                                  vacation_error=refusal(visit, error.code))  # fmt: skip
    return RedirectResponse("/account?done=back#vacation", status_code=303)
