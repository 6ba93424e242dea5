"""Watching in the API: the public games in progress, for anyone (signed in or not) to watch
with ``GET /api/games/{id}``, ``/events`` and ``/stream`` (:mod:`carson.server.lobby.playing`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts.deps import OPTIONAL_AUTH, Viewer, accounts_of
from carson.server.kernel.errors import declared
from carson.server.kernel.ratelimit import client_address
from carson.server.lobby import playing
from carson.server.play.api import Service
from carson.server.play.live import watching

router = APIRouter(tags=["lobby"])


class PlayingSeat(BaseModel):
    seat: int
    kind: str = Field(description="'human' or a machine seat kind")
    user: str | None = Field(description="the username holding a human seat")
    bot: bool = Field(description="whether that user is a bot account")
    rating: int | None = Field(description="the player's rating in this game (null: a machine)")


class PlayingGame(BaseModel):
    """A public game being played."""

    id: str = Field(description="the game's id: watch it with GET /api/games/{id}/stream")
    game: str
    variants: list[str]
    seats: list[PlayingSeat]
    round: int | None = Field(description="the round being played, if the game has rounds")
    seq: int = Field(description="the moves made so far")
    lang: str
    rated: bool
    time_control: str | None
    watchers: int = Field(description="how many people watch it now")
    created_at: datetime


class PlayingOut(BaseModel):
    games: list[PlayingGame]


@router.get(
    "/api/lobby/playing", operation_id="games_in_progress", response_model=PlayingOut,
    responses=declared(401, 422, 429), openapi_extra=OPTIONAL_AUTH,
)  # fmt: skip
async def games_in_progress(
    user: Viewer,
    service: Service,
    request: Request,
    game: Annotated[str | None, Query(max_length=16)] = None,
) -> PlayingOut:
    """The public games being played, newest first (at most 50), for anyone to watch; a
    private game is never listed. Signed out, it counts as watching (rate-limited)."""
    accounts = accounts_of(request)

    def listed() -> list[JSON]:
        with watching.counted(accounts, client_address(request), user):
            return playing.games_in_progress(service, game)

    found = await run_in_threadpool(listed)
    return PlayingOut(games=[PlayingGame(**listed) for listed in found])
