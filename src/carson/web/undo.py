"""Taking back the last move of a secret step still open, from the game page (issue 25; the
rules: :mod:`carson.server.undo`): a form post like a move, answered with the table."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.games import GameError
from carson.server.ratelimit import RateLimited
from carson.server.undo import undo_last
from carson.web.refusals import accounts_of, refused_page
from carson.web.table import observe, refusal, table_fragment
from carson.web.visit import service_of, signed_in_form

router = APIRouter(include_in_schema=False)


@router.post("/games/{game_id}/undo", response_class=HTMLResponse)
async def undo(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = service_of(request)
    error = None
    try:
        seq = int(form.get("seq", "-1"))
        await run_in_threadpool(accounts_of(request).moving, user.id)  # 429 beyond the rate
        await run_in_threadpool(undo_last, service, user, game_id, seq)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except ValueError:
        error = visit.gettext("That move could not be read. Try again.")
    except GameError as refused:
        if refused.status in (401, 403, 404):
            return visit.render("message.html", status=refused.status, message=refused.message)
        error = refusal(visit, refused)
    if "hx-request" not in request.headers:  # a plain form post: back to the page
        return RedirectResponse(f"/games/{game_id}", status_code=303)
    now = await run_in_threadpool(observe, service, user, game_id)
    shown, fragment = table_fragment(visit, game_id, now, {}, error)
    return shown.render(fragment.template, **fragment.context)
