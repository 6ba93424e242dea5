"""Tournaments in the API: create one, list them, read one's standings, join, withdraw,
pause and resume in an arena."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts.deps import CHANGE, CurrentUser
from carson.server.kernel.errors import declared
from carson.server.play.api import Service
from carson.server.tournaments import service as tournaments
from carson.server.tournaments.pausing import set_paused
from carson.server.tournaments.service import MAX_PLAYERS, NewTournament

router = APIRouter(tags=["tournaments"])
TournamentId = Annotated[str, Path(max_length=16)]


class TournamentIn(BaseModel):
    name: str = Field(min_length=1, max_length=60)
    game: str = Field(default="card", max_length=16)
    variants: list[str] = Field(default_factory=list, max_length=8)
    seats: int = Field(ge=3, le=6, description="seats at each table (machines fill the rest)")
    time_control: str = Field(max_length=8, description="'10+5' (live) or '3d' (a move a day)")
    rounds: int = Field(default=3, ge=1, le=10, description="Swiss rounds (not in an arena)")
    starts_at: datetime = Field(description="within the next 30 days")
    lang: str = Field(default="en", max_length=2, description="the tables' language")
    mode: Literal["swiss", "arena"] = Field(
        default="swiss",
        description="'swiss': rounds seated by score; 'arena': join any time in the window, "
        "seated as soon as enough players are free",
    )
    minutes: int | None = Field(
        default=None, ge=10, le=1440, description="an arena's window, from starts_at"
    )


class TournamentEditIn(BaseModel):
    name: str = Field(min_length=1, max_length=60)


class TournamentOut(BaseModel):
    id: str
    name: str
    game: str
    variants: list[str]
    seats: int
    time_control: str
    rounds: int = Field(description="0 in an arena")
    round: int = Field(description="the round being played (0 before the start); in an "
                       "arena, how many seatings there were")  # fmt: skip
    status: str = Field(description="open, running, finished or cancelled")
    starts_at: datetime
    mode: str = Field(description="swiss or arena")
    ends_at: datetime | None = Field(description="the end of an arena's window")


class StandingOut(BaseModel):
    rank: int
    user: str
    points: float = Field(description="a point for every seat finished ahead of")
    score: int = Field(description="the sum of one's game scores: the tie-break")
    played: int
    withdrawn: bool
    paused: bool = Field(description="in an arena: not seated until they come back")


class RoundGameOut(BaseModel):
    round: int
    game_id: str
    over: bool
    players: list[str | None]


class StandingsOut(TournamentOut):
    creator: str | None
    players: list[StandingOut] = Field(description=f"best first, {MAX_PLAYERS} at most")
    games: list[RoundGameOut]


class TournamentsOut(BaseModel):
    tournaments: list[TournamentOut]


class CreatedOut(BaseModel):
    id: str


@router.post("/api/tournaments", operation_id="create_tournament", response_model=CreatedOut,
             status_code=201, responses=declared(*CHANGE, 400, 409, 413, 422))  # fmt: skip
def create_tournament(body: TournamentIn, user: CurrentUser, service: Service) -> CreatedOut:
    """Open a tournament; its creator is its first player, its first round starts at
    ``starts_at`` (with fewer than two players then, it is cancelled). An arena (``mode``)
    runs ``minutes`` from ``starts_at``; people join until its end."""
    asked = NewTournament(**body.model_dump())
    return CreatedOut(id=tournaments.create(service, user, asked))


@router.get("/api/tournaments", operation_id="tournaments", response_model=TournamentsOut,
            responses=declared(401))  # fmt: skip
async def list_tournaments(user: CurrentUser, service: Service) -> JSON:
    """The tournaments open or running, soonest first, then the latest finished."""

    def read() -> JSON:
        with service.sessions() as session:
            return {"tournaments": tournaments.listing(session)}

    return await run_in_threadpool(read)


@router.get("/api/tournaments/{tournament_id}", operation_id="tournament",
            response_model=StandingsOut, responses=declared(401, 404))  # fmt: skip
async def tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    """A tournament with its standings and each round's games."""

    def read() -> JSON:
        with service.sessions() as session:
            return tournaments.standings(session, tournament_id)

    return await run_in_threadpool(read)


@router.post("/api/tournaments/{tournament_id}/join", operation_id="join_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 409))  # fmt: skip
def join_tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    tournaments.join(service, user, tournament_id)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)


@router.post("/api/tournaments/{tournament_id}/withdraw", operation_id="withdraw_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 409))  # fmt: skip
def withdraw_tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    """Leave: before the start, as if one never joined; after, one resigns one's game in
    progress (a machine plays on) and is seated in no later round (in an arena: never
    again)."""
    tournaments.withdraw(service, user, tournament_id)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)


@router.post("/api/tournaments/{tournament_id}/pause", operation_id="pause_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 409))  # fmt: skip
def pause_tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    """In an arena: the caller is seated no more (a game under way goes on) until they come
    back (``resume``). A player whose clock runs out in an arena game is paused so too."""
    set_paused(service, user, tournament_id, paused=True)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)


@router.post("/api/tournaments/{tournament_id}/resume", operation_id="resume_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 409))  # fmt: skip
def resume_tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    """In an arena: the caller comes back from a pause and is seated as soon as enough
    players are free."""
    set_paused(service, user, tournament_id, paused=False)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)


@router.post("/api/tournaments/{tournament_id}/cancel", operation_id="cancel_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 409))  # fmt: skip
def cancel_tournament(tournament_id: TournamentId, user: CurrentUser, service: Service) -> JSON:
    """Its creator calls the tournament off: nobody is seated any more; games under way
    finish; the standings stay as they are. Anyone else: 403."""
    tournaments.cancel(service, user, tournament_id)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)


@router.post("/api/tournaments/{tournament_id}/edit", operation_id="edit_tournament",
             response_model=StandingsOut, responses=declared(*CHANGE, 404, 422))  # fmt: skip
def edit_tournament(
    tournament_id: TournamentId, body: TournamentEditIn, user: CurrentUser, service: Service
) -> JSON:
    """Its creator renames the tournament (its game, seats, clock and schedule stay as
    opened). Anyone else: 403."""
    tournaments.rename(service, user, tournament_id, body.name)
    with service.sessions() as session:
        return tournaments.standings(session, tournament_id)
