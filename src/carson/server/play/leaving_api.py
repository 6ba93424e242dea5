"""Leaving a game, in the API: resign (a machine plays the seat on, the player ranks last)
and abort (in the first round; see :mod:`carson.server.play.leaving`); and the table's news
(timeouts, resignations, aborts: :mod:`carson.server.play.table_news`), which clients that
are no web page (the terminal) read to tell them."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from carson.server.accounts.deps import AUTH, CHANGE, OPTIONAL_AUTH, CurrentUser, Viewer
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.play.api import Service, game_answer
from carson.server.play.models import GameView, TableNewsOut

router = APIRouter()


@router.post(
    "/api/games/{game_id}/resign", operation_id="resign", response_model=GameView,
    responses={**declared(*CHANGE, 404, 409), **game_answer(200, "The caller's view: a "
               "machine plays the seat from now on")},
)  # fmt: skip
def resign(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """Resign: a machine of the table's timeout level plays the caller's seat to the end
    and the caller ranks last (409 before the game starts, after it ended, or twice)."""
    return FastJSONResponse(service.resign(user, game_id))


@router.post(
    "/api/games/{game_id}/abort", operation_id="abort", response_model=GameView,
    responses={**declared(*CHANGE, 404, 409), **game_answer(200, "The caller's view: over "
               "(ended 'aborted') once everyone needed agreed, else the seats that asked")},
)  # fmt: skip
def abort(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """Ask to abort the game, in its first round only (409 after): it ends unrated once
    every person playing asked — or at once if no other person has moved yet."""
    return FastJSONResponse(service.abort(user, game_id))


@router.get(
    "/api/games/{game_id}/news", operation_id="table_news", response_model=list[TableNewsOut],
    openapi_extra=OPTIONAL_AUTH, responses=declared(*AUTH, 404),
)  # fmt: skip
def table_news(game_id: str, user: Viewer, service: Service) -> JSONResponse:
    """What happened lately at the table beside its moves, oldest first: a seat's time ran
    out, a resignation, an abort. As public as the game: whoever may watch it may read it."""
    service.view(user, game_id, True)  # the game's existence and who may look, as a view's
    return JSONResponse([item.to_json() for item in service.news(game_id)])
