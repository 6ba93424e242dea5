"""The rematch of a game that is over, in the API (to its people): offer it, accept it, see
it (:mod:`carson.server.lobby.rematch`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from carson.server.accounts.deps import CurrentUser
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.lobby.rematch import Rematches
from carson.server.play.api import Service

router = APIRouter(tags=["ratings"])

GameId = Annotated[str, Path(max_length=16)]


class RematchOut(BaseModel):
    game: str = Field(description="the game that is over")
    rematch: str = Field(description="the new game's id")
    status: str = Field(description="'waiting' until everyone accepted, then 'playing'")
    accepted: list[str]
    waiting_for: list[str]
    expires_at: datetime | None = Field(description="when an offer not accepted lapses")


@router.post(
    "/api/games/{game_id}/rematch", operation_id="rematch", response_model=RematchOut,
    responses=declared(401, 403, 404, 409, 422),
)  # fmt: skip
def rematch(game_id: GameId, user: CurrentUser, service: Service) -> JSONResponse:
    """Offer the rematch of a game that is over, or accept the one offered: the caller
    takes their old seat; the new game starts when all of the game's people have."""
    return FastJSONResponse(Rematches(service).offer(user, game_id))


@router.get(
    "/api/games/{game_id}/rematch", operation_id="rematch_offer", response_model=RematchOut,
    responses=declared(401, 403, 404, 409, 422),
)  # fmt: skip
def rematch_offer(game_id: GameId, user: CurrentUser, service: Service) -> JSONResponse:
    """The rematch offered after the game (404 while none is)."""
    return FastJSONResponse(Rematches(service).state(user, game_id))
