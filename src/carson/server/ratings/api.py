"""Ratings and players in the API: a game's leaderboard, a player's profile, rating history
and finished games (to anyone logged in)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import CurrentUser
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.play.api import Service
from carson.server.ratings import profiles

router = APIRouter(tags=["ratings"])

PageNumber = Annotated[int, Query(ge=1, le=100_000, description="1 is the first page")]
Username = Annotated[str, Path(max_length=32, description="a player's name (any case)")]
GameName = Annotated[str, Path(max_length=16, description="a game: 'card', 'board', …")]
GameId = Annotated[str, Path(max_length=16)]


class RatingOut(BaseModel):
    rating: int = Field(description="μ, rounded: the rating shown")
    mu: float
    sigma: float = Field(description="the rating's uncertainty")
    provisional: bool = Field(description="few rated games yet (σ still high): shown with '?'")


class BoardEntry(RatingOut):
    rank: int
    user: str
    bot: bool = Field(description="a bot account")
    games: int = Field(description="rated games played")
    wins: int = Field(
        description="rated games won (as the game's winner; a seat that left never wins)",
    )


class Leaderboard(BaseModel):
    game: str
    page: int
    pages: int
    total: int
    players: list[BoardEntry]


class SeatResult(BaseModel):
    seat: int
    kind: str = Field(description="'human' or a machine seat kind")
    user: str | None
    bot: bool
    left: str | None = Field(description="'resigned' or 'timeout' if its player left")
    score: int | None
    won: bool


class FinishedGame(BaseModel):
    id: str
    game: str
    rated: bool
    ended_at: datetime | None
    seat: int | None = Field(description="the player's seat in it")
    players: list[SeatResult]


class FinishedGames(BaseModel):
    user: str
    page: int
    pages: int
    total: int
    games: list[FinishedGame]


class GameStats(BaseModel):
    game: str
    played: int = Field(description="games played to their end")
    won: int
    rated_games: int
    rating: RatingOut | None = Field(description="null before a first rated game")


class Profile(BaseModel):
    user: str
    bot: bool
    member_since: datetime
    games: list[GameStats]
    recent: list[FinishedGame] = Field(description="the latest finished games, newest first")


class RatingPointOut(RatingOut):
    at: datetime
    game_id: str = Field(description="the rated game that set it")


class RatingHistory(BaseModel):
    user: str
    game: str
    points: list[RatingPointOut] = Field(description="oldest first (the latest 200)")


def _paged(number: int, size: int) -> profiles.Page:
    return profiles.Page(number, size)


@router.get(
    "/api/ratings/{game}", operation_id="leaderboard", response_model=Leaderboard,
    responses=declared(401, 404, 422),
)  # fmt: skip
async def leaderboard(
    game: GameName, user: CurrentUser, service: Service, page: PageNumber = 1
) -> JSONResponse:
    """The game's rated players, best first, a page of 50."""

    def read() -> object:
        with service.sessions() as session:
            return profiles.leaderboard(session, game, _paged(page, profiles.BOARD_PAGE))

    return FastJSONResponse(await run_in_threadpool(read))


@router.get(
    "/api/players/{username}", operation_id="player_profile", response_model=Profile,
    responses=declared(401, 404, 422),
)  # fmt: skip
async def player_profile(username: Username, user: CurrentUser, service: Service) -> JSONResponse:
    """A player's games played and won and rating per game, and latest finished games."""

    def read() -> object:
        with service.sessions() as session:
            return profiles.profile(session, username, user.id)

    return FastJSONResponse(await run_in_threadpool(read))


@router.get(
    "/api/players/{username}/games", operation_id="player_games", response_model=FinishedGames,
    responses=declared(401, 404, 422),
)  # fmt: skip
async def player_games(
    username: Username, user: CurrentUser, service: Service, page: PageNumber = 1
) -> JSONResponse:
    """Every game the player played to its end, newest first, a page of 20."""

    def read() -> object:
        with service.sessions() as session:
            found = profiles.player(session, username)
            paged = _paged(page, profiles.GAMES_PAGE)
            return profiles.finished_games(session, found, paged, user.id)

    return FastJSONResponse(await run_in_threadpool(read))


@router.get(
    "/api/players/{username}/ratings/{game}", operation_id="rating_history",
    response_model=RatingHistory, responses=declared(401, 404, 422),
)  # fmt: skip
async def rating_history(
    username: Username, game: GameName, user: CurrentUser, service: Service
) -> JSONResponse:
    """The player's rating in the game after each rated game, oldest first."""

    def read() -> object:
        with service.sessions() as session:
            return profiles.rating_history(session, username, game)

    return FastJSONResponse(await run_in_threadpool(read))
