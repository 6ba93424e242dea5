"""The lobby in the API: public tables waiting for players, a creator's cancel, quick-match
seeks, and bot accounts (:mod:`carson.server.lobby.tables`, :mod:`carson.server.lobby.quickmatch`,
:mod:`carson.server.accounts.bots`). Joining a table is ``POST /api/games/{id}/join``."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import bots
from carson.server.accounts.deps import CurrentUser
from carson.server.accounts.models import Me
from carson.server.kernel.errors import declared
from carson.server.lobby import quickmatch
from carson.server.lobby import tables as lobby
from carson.server.lobby.quickmatch import SeekRequest
from carson.server.play.api import Service
from carson.server.play.models import SeatOut
from carson.server.play.table_settings import RATING_BOUNDS

router = APIRouter(tags=["lobby"])


class LobbyTable(BaseModel):
    """A public table waiting for players."""

    id: str = Field(description="the game's id: join it with POST /api/games/{id}/join")
    game: str
    variants: list[str]
    host: str = Field(description="the creator's username")
    host_bot: bool
    seats: list[SeatOut]
    free: int = Field(description="human seats still free")
    lang: str
    rated: bool
    time_control: str | None
    rating_min: int | None
    rating_max: int | None
    created_at: datetime
    expires_at: datetime | None = Field(description="when it closes if still not full")


class LobbyOut(BaseModel):
    tables: list[LobbyTable]


class TableClosed(BaseModel):
    id: str
    ended: Literal["cancelled"]


class NewSeek(BaseModel):
    game: str = Field(default="card", max_length=16)
    seats: int = Field(
        strict=True, ge=2, le=12, description="seats at the table, people and machines"
    )
    time_control: str = Field(max_length=8, description="'10+5' (live) or '1d', '2d', '3d', '7d'")
    rated: bool = Field(default=False, strict=True)
    fill_with: str | None = Field(
        default=None, max_length=16,
        description="the machine kind of the seats no person takes (null: ai-medium, or the "
        "game's first machine kind)",
    )  # fmt: skip
    max_gap: int | None = Field(
        default=None, strict=True, ge=0, le=RATING_BOUNDS[1],
        description="the widest rating difference accepted with the others",
    )  # fmt: skip
    lang: str = Field(default="en", max_length=5)


class SeekOut(BaseModel):
    id: str
    game: str
    seats: int
    time_control: str
    rated: bool
    fill_with: str
    max_gap: int | None
    lang: str
    created_at: datetime
    fill_at: datetime = Field(description="from then on, machines fill the seats of absent people")
    expires_at: datetime = Field(description="an open seek is dropped then")
    state: Literal["open", "matched", "cancelled"]
    game_id: str | None = Field(description="the table it was paired into, once matched")


SeekId = Annotated[str, Path(max_length=16, description="a seek's id")]
Filter = Annotated[str | None, Query(max_length=16)]


@router.get(
    "/api/lobby", operation_id="lobby", response_model=LobbyOut, responses=declared(401, 422)
)  # fmt: skip
async def lobby_tables(
    user: CurrentUser,
    service: Service,
    game: Filter = None,
    control: Annotated[
        str | None,
        Query(max_length=16, description="live, correspondence, none, or one ('10+5', '3d')"),
    ] = None,
    lang: Filter = None,
) -> LobbyOut:
    """The public tables waiting for players, newest first (at most 100)."""
    found = await run_in_threadpool(lobby.tables, service, game, control, lang)
    return LobbyOut(tables=[LobbyTable(**table) for table in found])


@router.post(
    "/api/games/{game_id}/cancel", operation_id="cancel_table", response_model=TableClosed,
    responses=declared(401, 403, 404, 409),
)  # fmt: skip
async def cancel_table(game_id: str, user: CurrentUser, service: Service) -> TableClosed:
    """The creator cancels a table still waiting for players (403 for anyone else, 409
    once it started or ended)."""
    await run_in_threadpool(lobby.cancel, service, user, game_id)
    return TableClosed(id=game_id, ended="cancelled")


@router.post(
    "/api/seeks", operation_id="open_seek", status_code=201, response_model=SeekOut,
    responses=declared(400, 401, 403, 409, 413, 422, 429),
)  # fmt: skip
async def open_seek(
    body: NewSeek, user: CurrentUser, service: Service, request: Request
) -> JSONResponse:
    """Ask to play people now: paired at once if a full table of people is waiting, else
    after ``fill_at`` with the people there are (two or more) and machines."""
    await run_in_threadpool(request.app.state.accounts.moving, user.id)  # 429 beyond the rate
    asked = SeekRequest(**body.model_dump())
    seek = await run_in_threadpool(quickmatch.open_seek, service, user, asked)
    return JSONResponse(SeekOut(**seek).model_dump(mode="json"), status_code=201)


@router.get(
    "/api/seeks/{seek_id}", operation_id="seek", response_model=SeekOut,
    responses=declared(401, 404, 422),
)  # fmt: skip
async def seek(seek_id: SeekId, user: CurrentUser, service: Service) -> SeekOut:
    """The caller's seek: ``open``, or ``matched`` with its ``game_id``."""
    return SeekOut(**await run_in_threadpool(quickmatch.seek_of, service, user, seek_id))


@router.delete(
    "/api/seeks/{seek_id}", operation_id="cancel_seek", response_model=SeekOut,
    responses=declared(401, 403, 404, 409, 422),
)  # fmt: skip
async def cancel_seek(seek_id: SeekId, user: CurrentUser, service: Service) -> SeekOut:
    """Withdraw the caller's open seek (409 once matched)."""
    return SeekOut(**await run_in_threadpool(quickmatch.cancel_seek, service, user, seek_id))


@router.post(
    "/api/account/bot", operation_id="become_bot", response_model=Me,
    responses=declared(401, 403, 409),
)  # fmt: skip
async def become_bot(user: CurrentUser, service: Service) -> Me:
    """Make the caller's account a bot account (flagged as such wherever its name shows);
    only before it has played (409)."""
    await run_in_threadpool(bots.make_bot, service.sessions, service.store.write_turn, user)
    return Me(id=user.id, username=user.username, bot=True)
