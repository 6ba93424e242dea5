"""Taking back the last move of a secret step still open, from the game page (issue 25; the
rules: :mod:`carson.server.play.undo`): a form post like a move, answered with the table."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.play.api import service_of
from carson.server.play.undo import undo_last
from carson.web.kernel.visit import signed_in_form
from carson.web.play.table import seat_post

router = APIRouter(include_in_schema=False)


@router.post("/games/{game_id}/undo", response_class=HTMLResponse)
async def undo(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = service_of(request)

    async def take_back() -> None:
        seq = int(form.get("seq", "-1"))
        await run_in_threadpool(accounts_of(request).moving, user.id)  # 429 beyond the rate
        await run_in_threadpool(undo_last, service, user, game_id, seq)

    return await seat_post(request, visit, user, game_id, take_back)
