"""One's account page: the sessions (where one is logged in), each of which one can end, the
password change, which ends every other session, the e-mail address
(:mod:`carson.web.mail.pages`) and one's vacation (:mod:`carson.web.vacation.pages`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from babel.dates import format_datetime
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashingBusy
from carson.server.accounts.tokens import IDLE
from carson.server.kernel import cookies
from carson.server.kernel.ratelimit import RateLimited
from carson.server.mail.accounts import MailAccounts
from carson.server.play.api import service_of
from carson.server.vacation.service import AHEAD_DAYS, Vacations
from carson.server.your_data import deletion
from carson.server.your_data.export import download
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)
#: What the page says after a change (``?done=``), by its key.
DONE = ("ended", "password", "email", "same", "removed", "kept", "claimed", "vacation", "back")


def when(moment: datetime, lang: str) -> str:
    """A moment as the visitor's language writes it (in UTC)."""
    return format_datetime(moment, format="medium", tzinfo=moment.tzinfo, locale=lang) + " UTC"


async def account_page(
    visit: Visit, error: str | None = None, status: int = 200, **section: object
) -> Response:
    """The page; ``section``: the vacation section's refusal and typed values, if any."""
    if visit.user is None or visit.token is None:
        return visit.render("kernel/login_needed.html", next="/account")
    accounts = service_of(visit.request).accounts
    found = await run_in_threadpool(accounts.sessions_of, visit.user, visit.token)
    mail = MailAccounts(accounts, service_of(visit.request).jobs)
    email = await run_in_threadpool(mail.address, visit.user)
    due = await run_in_threadpool(_deletion_due, visit)
    done = visit.request.query_params.get("done")
    notices = {
        "ended": visit.gettext("The session has ended."),
        "password": visit.gettext("Your password has changed; your other sessions have ended."),
        "email": visit.gettext("A link to confirm your address is on its way to it."),
        "same": visit.gettext("That is your address already."),
        "removed": visit.gettext("Your e-mail address is removed."),
        "kept": visit.gettext("Your account is kept: its deletion is cancelled."),
        "claimed": visit.gettext("Welcome! Your account is yours now, with your games."),
        "vacation": visit.gettext("Enjoy your vacation: your correspondence clocks will wait."),
        "back": visit.gettext("Welcome back: your correspondence clocks run again."),
    }
    return visit.render(
        "accounts/account.html",
        status=status,
        sessions=[
            (item, when(item.created_at, visit.lang), when(item.last_used_at, visit.lang))
            for item in found
        ],
        error=error,
        notice=notices.get(done or ""),
        min_password=auth.MIN_PASSWORD,
        idle_days=IDLE.days,
        email=email,
        deletion_due=None if due is None else when(due, visit.lang),
        **await _vacation(visit),
        **{"vacation_error": None, "vacation_form": {}, **section},
    )


async def _vacation(visit: Visit) -> dict[str, object]:
    """What the vacation section shows (nothing to a guest, who takes none)."""
    assert visit.user is not None
    if visit.user.is_guest:
        return {"vacation": None}
    service = service_of(visit.request)
    vacations = Vacations(service.store, service.accounts.limiter)
    found = await run_in_threadpool(vacations.status, visit.user)
    today = vacations.today()
    held = found.vacation
    return {
        "vacation": found,
        "vacation_from": None if held is None else when(held.starts_at, visit.lang),
        "vacation_until": None if held is None else when(held.ends_at, visit.lang),
        "vacation_today": today.isoformat(),
        "vacation_last": (today + timedelta(days=AHEAD_DAYS)).isoformat(),
    }


def _deletion_due(visit: Visit) -> datetime | None:
    assert visit.user is not None
    with service_of(visit.request).sessions() as session:
        return deletion.due(session, visit.user)


@router.get("/account", response_class=HTMLResponse)
async def account(request: Request) -> Response:
    return await account_page(await visit_of(request))


@router.post("/account/sessions/{session_id}/end")
async def end_session(session_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    accounts = service_of(request).accounts
    mine = await run_in_threadpool(accounts.sessions_of, user, visit.token or "")
    current = any(item.id == session_id and item.current for item in mine)
    if not await run_in_threadpool(accounts.end_session, user, session_id):
        message = visit.gettext("You have no such session.")
        return await account_page(visit, message, status=404)
    if current:  # ending this browser's session is logging out
        response = RedirectResponse("/", status_code=303)
        cookies.clear_session(response, request)
        return response
    return RedirectResponse("/account?done=ended", status_code=303)


@router.post("/account/password")
async def change_password(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    new = form.get("new_password", "")
    if new != form.get("repeat_password", ""):
        return await account_page(visit, visit.gettext("The two new passwords differ."), 422)
    if len(new) < auth.MIN_PASSWORD:
        too_short = visit.gettext("A password has at least %(count)s characters.")
        return await account_page(visit, too_short % {"count": auth.MIN_PASSWORD}, 422)
    accounts = service_of(request).accounts
    current = form.get("current_password", "")
    try:
        await run_in_threadpool(accounts.change_password, user, visit.token or "", current, new)
    except (RateLimited, HashingBusy) as error:
        return refused_page(visit, error)
    except auth.AuthError:
        return await account_page(visit, visit.gettext("The current password is wrong."), 422)
    return RedirectResponse("/account?done=password", status_code=303)


@router.get("/account/data")
async def my_data(request: Request) -> Response:
    """Everything the site holds about the visitor, as a JSON file to save (the API's
    ``GET /api/me/data``)."""
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/account")
    service = service_of(request)
    limiter = service.accounts.limiter
    try:
        return await run_in_threadpool(
            download, service.sessions, limiter, visit.user, service.jobs.clock()
        )
    except RateLimited as limited:
        return refused_page(visit, limited)
