"""Quick match in the pages: the lobby's form opens a seek; its page shows what is asked and
how long until machines may fill the empty seats, refreshing itself every few seconds
(htmx), and goes to the game the moment the seek is paired. The seek can be withdrawn."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.kernel.ratelimit import RateLimited
from carson.server.lobby import quickmatch
from carson.server.play.api import service_of
from carson.server.play.games import GameError
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, forbidden, game_label, signed_in_form, visit_of
from carson.web.lobby.forms import FormRefused, new_seek
from carson.web.lobby.home import chosen_game
from carson.web.lobby.tables import control_label, lobby_page, refusal_text, setup_refusal_text

router = APIRouter(include_in_schema=False)
#: Seconds between two looks of a waiting seek's page.
POLL_SECONDS = 2


@router.post("/quickmatch")
async def open_seek(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    kind = chosen_game(form.get("game"))
    try:
        asked = new_seek(kind, form, visit.lang)
        await run_in_threadpool(accounts_of(request).moving, user.id)  # 429 beyond the rate
        seek = await run_in_threadpool(quickmatch.open_seek, service_of(request), user, asked)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except FormRefused as refused:
        said = refusal_text(visit, refused.code)
        return await lobby_page(request, visit, said, 422, seek_typed=dict(form))
    except GameError as error:
        said = setup_refusal_text(visit, error)
        return await lobby_page(request, visit, said, error.status, seek_typed=dict(form))
    return RedirectResponse(f"/quickmatch/{seek['id']}", status_code=303)


async def _seek_page(request: Request, seek_id: str, template: str) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=f"/quickmatch/{seek_id}")
    try:
        seek = await run_in_threadpool(quickmatch.seek_of, service_of(request), visit.user, seek_id)
    except GameError:
        message = visit.gettext(
            "This search has ended: nobody answered it in time, or you cancelled it."
        )
        return visit.render("kernel/message.html", status=404, message=message)
    if seek["state"] == "matched":
        target = f"/games/{seek['game_id']}"
        if "hx-request" in request.headers:  # htmx follows this header, not a redirect
            return Response(status_code=200, headers={"HX-Redirect": target})
        return RedirectResponse(target, status_code=303)
    return _render(visit, seek, template)


def _render(visit: Visit, seek: dict[str, object], template: str) -> HTMLResponse:
    fill_at = seek["fill_at"]
    assert isinstance(fill_at, datetime)
    now = service_of(visit.request).jobs.clock()
    kind = chosen_game(str(seek["game"]))
    return visit.render(
        template,
        seek=seek,
        game_name=game_label(kind, visit),
        control=control_label(visit, str(seek["time_control"])),
        filler=visit.seat_label(kind.name, str(seek["fill_with"])),
        wait=max(0, round((fill_at - now).total_seconds())),
        every=POLL_SECONDS,
    )


@router.get("/quickmatch/{seek_id}", response_class=HTMLResponse)
async def seek_page(seek_id: str, request: Request) -> Response:
    return await _seek_page(request, seek_id, "lobby/quickmatch.html")


@router.get("/quickmatch/{seek_id}/status", response_class=HTMLResponse)
async def seek_status(seek_id: str, request: Request) -> Response:
    """The waiting part alone (htmx swaps it in), or the way to the game once paired."""
    if (await visit_of(request)).user is None:
        return forbidden(await visit_of(request))
    return await _seek_page(request, seek_id, "lobby/quickmatch_status.html")


@router.post("/quickmatch/{seek_id}/cancel")
async def cancel_seek(seek_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(quickmatch.cancel_seek, service_of(request), user, seek_id)
    except GameError as error:
        if error.code == "seek_matched":
            return await _seek_page(request, seek_id, "lobby/quickmatch.html")
        return await lobby_page(request, visit, visit.gettext("No such game."), error.status)
    return RedirectResponse("/lobby", status_code=303)
