"""The replay of a finished game, step by step, as the caller's seat saw it."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from carson.core.registry import games
from carson.server.games import GameError
from carson.web.adapter import ReplayRequest, web_game
from carson.web.generic import generic_replay
from carson.web.visit import service_of, visit_of

router = APIRouter(include_in_schema=False)


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(game_id: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("login_needed.html", next=f"/games/{game_id}/replay")
    try:
        step = int(request.query_params.get("step", "0"))
    except ValueError:
        step = 0
    service = service_of(request)
    try:
        page, total = await run_in_threadpool(service.replay, visit.user, game_id, step)
        _, final = await run_in_threadpool(service.observe, visit.user, game_id)
        events = await run_in_threadpool(service.seat_events, visit.user, game_id, None, step)
    except GameError as error:
        return visit.render("message.html", status=error.status, message=error.message)
    page = {**page, "legal_actions": []}
    kind = games()[page["game"]]
    visit = visit.for_game(kind)
    moment = ReplayRequest(
        game_id, page, final, page["seq"], total, visit.lang, visit.gettext, events
    )
    adapter = web_game(kind)
    fragment = generic_replay(moment, kind) if adapter is None else adapter.replay(moment)
    return visit.render(fragment.template, **fragment.context)
