"""Leaving a game, in the API: resign (a machine plays the seat on, the player ranks last)
and abort (in the first round; see :mod:`carson.server.play.leaving`)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from carson.server.accounts.deps import CHANGE, CurrentUser
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.play.api import Service, game_answer
from carson.server.play.models import GameView

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
