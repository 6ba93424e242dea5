"""The notification pages: the bell in every page's header (its unread count, fetched again
every half minute by htmx: a cheap count, in every server process alike), one's list with
marking read, and one's settings per kind and channel (with web push's subscribe button)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.kernel.db import User
from carson.server.notify import notices
from carson.server.notify.api import choose, settings_of
from carson.server.notify.tables import Notification
from carson.server.notify.texts import notice_line
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.web.kernel.visit import Visit, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)
#: Notifications with what each says, and the unread count.
Page = tuple[list[tuple[Notification, str]], int]
STATIC = Path(str(resources.files("carson.web").joinpath("static")))


def kind_labels(visit: Visit) -> dict[str, str]:
    return {
        notices.YOUR_TURN: visit.gettext("Your turn"),
        notices.INVITATION: visit.gettext("Invitations"),
        notices.GAME_OVER: visit.gettext("Game over"),
        notices.TIMEOUT_SOON: visit.gettext("Time running out"),
        notices.MENTION: visit.gettext("Mentions in the chat"),
        notices.MESSAGE: visit.gettext("Private messages"),
    }


def channel_labels(visit: Visit) -> dict[str, str]:
    return {
        notices.APP: visit.gettext("Here (the bell)"),
        notices.EMAIL: visit.gettext("By e-mail"),
        notices.PUSH: visit.gettext("Browser notifications"),
    }


def _page(service: GameService, user: User, lang: str, size: int = notices.PAGE_SIZE) -> Page:
    """The newest ``size`` of the person's notifications, each with its sentence (naming
    its game), and how many are unread."""
    with service.sessions() as session:
        rows = notices.listing(session, user.id, limit=size)
        named = notices.notice_games(session, user.id, [row.game_id for row in rows])
        unread = notices.unread_count(session, user.id)
    items = [
        (row, notice_line(lang, row.kind, row.payload, named.get(row.game_id or "")))
        for row in rows
    ]
    return items, unread


def _unread(service: GameService, user: User) -> int:
    with service.sessions() as session:
        return notices.unread_count(session, user.id)


def _mark(service: GameService, user: User, ids: list[int] | None) -> None:
    with service.sessions.begin() as session:
        notices.mark_read(session, user.id, ids, service.jobs.clock())


#: How many notifications the bell's panel shows (the list page has them all).
PANEL = 6
#: The service worker's own policy: it fetches nothing, runs no other script.
WORKER_POLICY = "default-src 'none'; script-src 'self'; connect-src 'self'"


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker, from the site's root so its scope is the whole site."""
    headers = {"Content-Security-Policy": WORKER_POLICY, "Cache-Control": "no-cache",
               "Service-Worker-Allowed": "/"}  # fmt: skip
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers=headers)


@router.get("/notifications/bell", response_class=HTMLResponse)
async def bell(request: Request) -> Response:
    """The bell alone (htmx fetches it again every half minute)."""
    visit = await visit_of(request)
    if visit.user is None:
        return HTMLResponse("", status_code=204)
    count = await run_in_threadpool(_unread, service_of(request), visit.user)
    return visit.render("notify/bell.html", unread=count)


@router.get("/notifications/panel", response_class=HTMLResponse)
async def panel(request: Request) -> Response:
    """The bell's panel: the newest few (htmx fetches it when the panel opens)."""
    visit = await visit_of(request)
    if visit.user is None:
        return HTMLResponse("", status_code=204)
    items, _ = await run_in_threadpool(_page, service_of(request), visit.user, visit.lang, PANEL)
    return visit.render("notify/bell_panel.html", items=items)


@router.get("/notifications", response_class=HTMLResponse)
async def notifications_page(request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/notifications")
    items, unread = await run_in_threadpool(_page, service_of(request), visit.user, visit.lang)
    return visit.render("notify/notifications.html", items=items, unread=unread)


@router.post("/notifications/read")
async def mark_read(request: Request) -> Response:
    """Mark one (``id``) or all of one's notifications read, then back to the list."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    which = form.get("id", "all")
    if which != "all" and not which.isdigit():
        message = visit.gettext("No such notification.")
        return visit.render("kernel/message.html", status=422, message=message)
    ids = None if which == "all" else [int(which)]
    await run_in_threadpool(_mark, service_of(request), user, ids)
    return RedirectResponse("/notifications", status_code=303)


@router.get("/notifications/settings", response_class=HTMLResponse)
async def settings_page(request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/notifications/settings")
    return await _settings(visit, visit.user, saved=request.query_params.get("saved") == "1")


async def _settings(visit: Visit, user: User, saved: bool = False) -> Response:
    chosen = await run_in_threadpool(settings_of, service_of(visit.request), user)
    return visit.render(
        "notify/notification_settings.html",
        chosen=chosen,
        kinds=kind_labels(visit),
        channels=channel_labels(visit),
        saved=saved,
    )


@router.post("/notifications/settings")
async def save_settings(request: Request) -> Response:
    """Every box of the form: a ticked one is on, any other off."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    _, user, form = checked
    wanted = {
        kind: {channel: f"{kind}.{channel}" in form for channel in notices.CHANNELS}
        for kind in notices.KINDS
    }
    await run_in_threadpool(choose, service_of(request), user, wanted)
    return RedirectResponse("/notifications/settings?saved=1", status_code=303)
