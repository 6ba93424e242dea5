"""The lobby's games in progress: the public games being played, with their players and
ratings, how far they went, their time control and how many watch, each a link to watch it
(:mod:`carson.server.lobby.playing`). Anyone sees it, signed in or not: the lobby loads it and
refreshes it every few seconds through htmx; without htmx it is a page of its own."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from carson.core.game import JSON
from carson.core.registry import games
from carson.server.kernel.ratelimit import RateLimited
from carson.server.lobby import playing
from carson.server.play.api import service_of
from carson.web.kernel.looking import looked_at
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, game_label, visit_of
from carson.web.lobby.tables import control_label

router = APIRouter(include_in_schema=False)
#: Seconds between two refreshes of the list.
REFRESH_SECONDS = 10


@router.get("/lobby/playing", response_class=HTMLResponse)
async def games_in_progress(request: Request) -> HTMLResponse:
    """The list (htmx swaps it into the lobby), or a page of it for a plain request."""
    visit = await visit_of(request)
    service = service_of(request)
    try:
        found = await looked_at(request, visit, lambda: playing.games_in_progress(service))
    except RateLimited as limited:
        return refused_page(visit, limited)
    rows = [_row(visit, game) for game in found]
    alone = "hx-request" not in request.headers
    template = "lobby/lobby_playing_page.html" if alone else "lobby/lobby_playing.html"
    return visit.render(template, playing=rows, every=REFRESH_SECONDS)


def _row(visit: Visit, game: JSON) -> JSON:
    kind = games().get(game["game"])
    players = []
    kinds = [str(seat["kind"]) for seat in game["seats"]]
    for index, seat in enumerate(game["seats"]):
        if seat["user"] is not None:
            players.append({"name": seat["user"], "bot": seat["bot"], "rating": seat["rating"]})
        else:
            label = visit.machine_seat(game["game"], kinds, index)
            players.append({"name": label, "bot": False, "rating": None})
    if game["round"] is not None:
        progress = visit.gettext("round %(round)s") % {"round": game["round"]}
    else:
        progress = visit.gettext("move %(seq)s") % {"seq": game["seq"]}
    return {
        "id": game["id"],
        "game_name": game["game"] if kind is None else game_label(kind, visit),
        "players": players,
        "progress": progress,
        "control": control_label(visit, game["time_control"]),
        "rated": game["rated"],
        "watchers": game["watchers"],
    }
