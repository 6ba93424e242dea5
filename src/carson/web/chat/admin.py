"""The administrators' page of the chat, ``/admin/reports``: the open reports, each with its
message among those around it (a game's chat, a lobby room; private messages), to dismiss or
to silence the author (never the reports about
the administrator's own messages: only their number, for another to judge); the silenced
accounts, to lift; any account silenced by name. Everyone else gets 403; every form carries the CSRF
token. Administrators are named with ``carson admin grant NAME``."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from carson.server.chat import lobby_admin
from carson.server.chat.admin import Moderation
from carson.server.chat.cursor import Cursor
from carson.server.kernel.db import User
from carson.server.kernel.errors import GameError
from carson.server.messages import admin as message_reports
from carson.server.play.api import service_of
from carson.web.chat.panel import line
from carson.web.kernel.visit import Visit, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)
HOME = "/admin/reports"


def moderation_of(request: Request) -> Moderation:
    return Moderation(service_of(request).sessions)


def not_admin(visit: Visit) -> HTMLResponse:
    message = visit.gettext("This page is for administrators only.")
    return visit.render("kernel/message.html", status=403, message=message)


def refusal(visit: Visit, error: GameError) -> str:
    texts = {
        "reason_needed": visit.gettext("Say why the account is silenced."),
        "reason_too_long": visit.gettext("A reason has at most %(count)s characters.")
        % {"count": 200},
        "silence_self": visit.gettext("You cannot silence yourself."),
        "not_found": visit.gettext("There is no such report or account."),
        "own_case": visit.gettext(
            "This report is about your own message: another administrator judges it."
        ),
    }
    return texts.get(error.code, visit.gettext("That is not possible."))


@router.get(HOME, response_class=HTMLResponse)
async def reports(request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    moderation = moderation_of(request)
    if visit.user is None or not await run_in_threadpool(moderation.is_admin, visit.user):
        return not_admin(visit)
    found = await run_in_threadpool(moderation.open_reports, visit.user)
    own = await run_in_threadpool(moderation.own_open_reports, visit.user)
    silenced = await run_in_threadpool(moderation.silenced)
    shown = [
        (report, [line(visit, message, Cursor()) for message in report.context]) for report in found
    ]
    letters = await run_in_threadpool(message_reports.open_reports, moderation.sessions,
                                      visit.user)  # fmt: skip
    lobby = await run_in_threadpool(lobby_admin.open_reports, moderation.sessions, visit.user)
    own += await run_in_threadpool(lobby_admin.own_open_reports, moderation.sessions, visit.user)
    return visit.render("chat/admin_reports.html", reports=shown, silenced=silenced, own=own,
                        letters=letters, lobby=lobby)  # fmt: skip


async def _admin_form(request: Request) -> tuple[Visit, User, dict[str, str]] | Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    if not await run_in_threadpool(moderation_of(request).is_admin, user):
        return not_admin(visit)
    return checked


async def _done(request: Request, visit: Visit, change: object, *args: object) -> Response:
    try:
        await run_in_threadpool(change, *args)  # type: ignore[arg-type]
    except GameError as error:
        return visit.render(
            "kernel/message.html", status=error.status, message=refusal(visit, error)
        )
    return RedirectResponse(HOME, status_code=303)


@router.post("/admin/reports/{report_id}/dismiss")
async def dismiss(report_id: int, request: Request) -> Response:
    checked = await _admin_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    return await _done(request, visit, moderation_of(request).dismiss, user, report_id)


@router.post("/admin/message-reports/{report_id}/dismiss")
async def dismiss_message_report(report_id: int, request: Request) -> Response:
    """A private message's report closed with no action."""
    return await _dismissing(request, message_reports.dismiss, report_id)


@router.post("/admin/lobby-reports/{report_id}/dismiss")
async def dismiss_lobby_report(report_id: int, request: Request) -> Response:
    """A lobby chat message's report closed with no action."""
    return await _dismissing(request, lobby_admin.dismiss, report_id)


async def _dismissing(
    request: Request, dismiss: Callable[[sessionmaker[Session], User, int], None], report_id: int
) -> Response:
    checked = await _admin_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    sessions = moderation_of(request).sessions
    return await _done(request, visit, dismiss, sessions, user, report_id)


@router.post("/admin/silences")
async def silence(request: Request) -> Response:
    checked = await _admin_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    name, reason = form.get("username", ""), form.get("reason", "")
    return await _done(request, visit, moderation_of(request).silence, user, name, reason)


@router.post("/admin/silences/lift")
async def lift(request: Request) -> Response:
    checked = await _admin_form(request)
    if isinstance(checked, Response):
        return checked
    visit, _, form = checked
    return await _done(request, visit, moderation_of(request).lift, form.get("username", ""))
