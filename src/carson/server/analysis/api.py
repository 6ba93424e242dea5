"""Hints and post-game analyses in the API (:mod:`carson.server.analysis.hints`,
:mod:`carson.server.analysis.service`): each request queues a worker's job and answers 202 with the
state to poll; the ``GET`` of the same path gives the result once computed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts.deps import AUTH, CHANGE, CurrentUser
from carson.server.analysis.hints import Hints
from carson.server.analysis.service import Analyses
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.play.api import Service
from carson.server.play.games import GameService

router = APIRouter(tags=["analysis"])

GameId = Annotated[str, Path(max_length=16)]
SeatChoice = Annotated[
    int | None, Query(ge=0, le=16, description="the person's seat; default: the caller's")
]


class HintOut(BaseModel):
    status: str = Field(description="none, pending, done, or stale (asked at an earlier decision)")
    seq: int = Field(description="the caller's decision: the actions its seat knows")
    decision: bool = Field(description="whether the caller has a decision to make now")
    hint: JSON | None = Field(
        description="once done: the AI's evaluation (candidates best first, each with its "
        "expected final margin in points, and the best)"
    )


class AnalysisOut(BaseModel):
    status: str = Field(description="none, pending, running or done")
    seat: int
    total: int | None = Field(description="the seat's decisions to weigh (once counted)")
    done: int = Field(description="decisions weighed so far")
    decisions: list[JSON] = Field(
        description="each weighed decision: its step (actions before it), the AI's evaluation "
        "with the person's choice and its loss, and the verdict (best, good, inaccuracy, "
        "mistake, blunder, forced)"
    )


def hints_of(service: GameService) -> Hints:
    return Hints(service.store, service.accounts.limiter)


def analyses_of(service: GameService) -> Analyses:
    return Analyses(service.store, service.accounts.limiter)


@router.post(
    "/api/games/{game_id}/hint", operation_id="ask_hint", status_code=202,
    response_model=HintOut, responses=declared(*CHANGE, 404, 409, 429),
)  # fmt: skip
async def ask_hint(game_id: GameId, user: CurrentUser, service: Service) -> JSONResponse:
    """Ask what the machine would do at the caller's decision, in a practice game only (403
    in a rated game or one of several people; 409 with no decision to make). Poll the
    ``GET`` of the same path for the result."""
    answer = await run_in_threadpool(hints_of(service).ask, user, game_id)
    return FastJSONResponse(answer, status_code=202)


@router.get(
    "/api/games/{game_id}/hint", operation_id="hint", response_model=HintOut,
    responses=declared(*AUTH, 403, 404),
)  # fmt: skip
async def hint(game_id: GameId, user: CurrentUser, service: Service) -> JSONResponse:
    """The caller's hint for its current decision (only the seat's own player sees it)."""
    return FastJSONResponse(await run_in_threadpool(hints_of(service).read, user, game_id))


@router.post(
    "/api/games/{game_id}/analysis", operation_id="ask_analysis", status_code=202,
    response_model=AnalysisOut, responses=declared(*CHANGE, 404, 409, 429),
)  # fmt: skip
async def ask_analysis(
    game_id: GameId, user: CurrentUser, service: Service, seat: SeatChoice = None
) -> JSONResponse:
    """Ask for the analysis of a person's decisions in a game that is over (its players,
    or anyone for a public game); computed once per game and seat."""
    answer = await run_in_threadpool(analyses_of(service).ask, user, game_id, seat)
    return FastJSONResponse(answer, status_code=202)


@router.get(
    "/api/games/{game_id}/analysis", operation_id="analysis", response_model=AnalysisOut,
    responses=declared(*AUTH, 403, 404, 409),
)  # fmt: skip
async def analysis(
    game_id: GameId, user: CurrentUser, service: Service, seat: SeatChoice = None
) -> JSONResponse:
    """A seat's analysis: its progress while a worker computes it, then every decision."""
    answer = await run_in_threadpool(analyses_of(service).read, user, game_id, seat)
    return FastJSONResponse(answer)
