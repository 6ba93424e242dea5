"""The unsubscribe link of a notification mail (:mod:`carson.server.notify.unsubscribe`): a GET
shows what it stops and a button; a POST — the button, or a mail client's one-click
(RFC 8058: ``List-Unsubscribe-Post``) — stops it. Signed out too: the signed token is the
authority, so no session or CSRF token is asked; a forged token changes nothing."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from carson.server.kernel.db import User
from carson.server.notify import unsubscribe
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.web.kernel.visit import Visit, visit_of
from carson.web.notify.notifications import kind_labels

router = APIRouter(include_in_schema=False)


def _read(service: GameService, token: str, stop: bool) -> unsubscribe.Unsubscription | None:
    with service.store.write_turn, service.sessions.begin() as session:
        wanted = unsubscribe.read_token(session, token)
        if wanted is None or session.get(User, wanted.user_id) is None:
            return None
        if stop:
            unsubscribe.apply(session, wanted)
        return wanted


async def _answer(request: Request, token: str, stop: bool) -> Response:
    visit: Visit = await visit_of(request)
    wanted = await run_in_threadpool(_read, service_of(request), token, stop)
    if wanted is None:
        message = visit.gettext("This unsubscribe link is not valid.")
        return visit.render("kernel/message.html", status=404, message=message)
    what = kind_labels(visit).get(wanted.kind, visit.gettext("All notifications"))
    return visit.render("notify/unsubscribe.html", token=token, what=what, done=stop)


@router.get("/unsubscribe/{token}")
async def confirm(token: str, request: Request) -> Response:
    return await _answer(request, token, stop=False)


@router.post("/unsubscribe/{token}")
async def stop(token: str, request: Request) -> Response:
    return await _answer(request, token, stop=True)
