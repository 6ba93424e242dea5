"""The rematch on the pages: a game that is over shows its offer (a button to offer it, or
to accept the one offered, or the way to the new table), refreshed every few seconds so an
offer made by another player appears; the form posts with the CSRF token. A page that was
open when its game ended fetches the rematch and the analysis link then, with no reload."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.kernel.db import User
from carson.server.kernel.errors import GameError
from carson.server.lobby.rematch import Rematches
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.web.analysis.pages import analysable
from carson.web.kernel.visit import Visit, forbidden, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)


def rematch_state(service: GameService, user: User, game_id: str) -> JSON:
    """What the box shows: the game, and its rematch as its people see it (``None`` while
    none is offered), with whether the caller took a seat at it already."""
    try:
        offer: JSON | None = Rematches(service).state(user, game_id)
    except GameError as error:
        if error.status != 404:
            raise
        offer = None
    mine = offer is not None and user.username in offer["accepted"]
    return {"game": game_id, "offer": offer, "accepted": mine}


async def rematch_box(visit: Visit, game_id: str) -> JSON | None:
    """The box's context for a game that is over, or ``None`` if the visitor has none."""
    if visit.user is None:
        return None
    try:
        return await run_in_threadpool(rematch_state, service_of(visit.request), visit.user,
                                       game_id)  # fmt: skip
    except GameError:
        return None


@router.get("/games/{game_id}/rematch", response_class=HTMLResponse)
async def rematch_fragment(game_id: str, request: Request) -> HTMLResponse:
    """The box alone (the page refreshes it)."""
    visit = await visit_of(request)
    box = await rematch_box(visit, game_id)
    if box is None:
        return forbidden(visit)
    return visit.render("lobby/rematch.html", rematch=box)


@router.get("/games/{game_id}/after", response_class=HTMLResponse)
async def after_game(game_id: str, request: Request) -> HTMLResponse:
    """What the game offers its player once over (the rematch, the analysis link): a page
    open when the game ended asks for it then (live.js)."""
    visit = await visit_of(request)
    if visit.user is None:
        return forbidden(visit)
    service = service_of(request)
    try:
        page, _ = await run_in_threadpool(service.observe, visit.user, game_id, True)
    except GameError as error:
        return visit.render("kernel/message.html", status=error.status, message=error.message)
    over = page["status"] == "over"
    seated = page["seat"] is not None
    return visit.render(
        "play/after_game.html",
        game_id=game_id,
        rematch=await rematch_box(visit, game_id) if over else None,
        analysable=seated and over and analysable(page["game"]),
    )


@router.post("/games/{game_id}/rematch")
async def offer_rematch(game_id: str, request: Request) -> Response:
    """Offer the rematch, or accept it: on to the new table."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        offer = await run_in_threadpool(Rematches(service_of(request)).offer, user, game_id)
    except GameError as error:
        message = visit.gettext("No rematch can be offered for this game now.")
        return visit.render("kernel/message.html", status=error.status, message=message)
    return RedirectResponse(f"/games/{offer['rematch']}", status_code=303)
