"""The replay of a finished game, step by step, as the caller's seat saw it (a spectator:
as nobody's seat)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from carson.core.registry import games
from carson.server.kernel.ratelimit import RateLimited
from carson.server.play.api import service_of
from carson.server.play.games import GameError
from carson.web.kernel.adapter import ReplayRequest, web_game
from carson.web.kernel.looking import looked_at
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import game_label, visit_of
from carson.web.lobby.game_titles import game_title
from carson.web.play.generic import generic_replay

router = APIRouter(include_in_schema=False)


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(game_id: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    try:
        step = int(request.query_params.get("step", "0"))
    except ValueError:
        step = 0
    service = service_of(request)
    user = visit.user
    try:  # a spectator (anyone not seated) sees it for nobody's seat
        shown = await looked_at(request, visit, lambda: service.replay(user, game_id, step, True))
        page, total = shown
        _, final = await run_in_threadpool(service.observe, user, game_id, True)
        events = await run_in_threadpool(service.seat_events, user, game_id, None, step, True)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        return visit.render("kernel/message.html", status=error.status, message=error.message)
    page = {**page, "legal_actions": []}
    kind = games()[page["game"]]
    players = [seat.get("user") for seat in page["seats"]]
    title = game_title(visit, game_label(kind, visit), players, page["seat"])
    visit = visit.for_game(kind)
    moment = ReplayRequest(
        game_id, page, final, page["seq"], total, visit.lang, visit.gettext, events,
        dict(request.query_params),
    )  # fmt: skip
    adapter = web_game(kind)
    fragment = generic_replay(moment, kind) if adapter is None else adapter.replay(moment)
    return visit.render(fragment.template, **{"title": title, **fragment.context})
