"""Taking back the last move of a secret step still open, in the API (issue 25; see
:mod:`carson.server.play.undo`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.play.api import Service, game_answer
from carson.server.play.models import GameView
from carson.server.play.undo import undo_last

router = APIRouter()


class UndoIn(BaseModel):
    seq: int = Field(
        strict=True, description="the caller's seq, as for a move: one request, one move back"
    )


@router.post(
    "/api/games/{game_id}/undo", operation_id="undo", response_model=GameView,
    responses={**declared(*CHANGE, 400, 404, 409, 413, 422, 429),
               **game_answer(200, "The caller's view with its last drafted move taken back")},
)  # fmt: skip
def undo(
    game_id: str, body: UndoIn, user: CurrentUser, service: Service, request: Request
) -> JSONResponse:
    """Take back the caller's last move of a step of several moves that is still open for its
    seat and kept as its private draft (the board game's new-beginning purchases, a
    construction's roads, building and house): nobody else has seen it. The caller's seq
    goes back by one. 422 ``nothing_to_undo`` when no such move is there."""
    accounts_of(request).moving(user.id)  # 429 beyond the account's rate of moves
    return FastJSONResponse(undo_last(service, user, game_id, body.seq))
