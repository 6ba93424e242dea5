"""The lobby chat's routes (:mod:`carson.server.chat.lobby`): a room's messages (read, post,
a live stream) and reporting a message.

The stream: ``event: ready`` first (data ``{"room": ..., "since": N}``), then ``event: chat``
for every message the reader may read (not those of accounts they muted or that a block keeps
apart from them): ``id:`` its seq, data the message as ``GET /api/lobby/chat/{room}`` gives
it. It holds one of the lobby chat's own capped slots (``app.state.lobby_chat_streams``)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.chat.lobby import MAX_SEQ, LobbyChat, LobbyLine, check_room, wake_key
from carson.server.chat.service import MAX_CHARS, MAX_PAGE, MAX_REASON, MAX_ROW_ID
from carson.server.kernel.db import User
from carson.server.kernel.errors import Unprocessable, declared
from carson.server.kernel.stream_slots import StreamSlots
from carson.server.play.api import Service
from carson.server.play.games import GameService
from carson.server.play.stream import LIVE_TIMEOUT

router = APIRouter(tags=["lobby chat"])
#: A room: a site language's code (:data:`carson.server.chat.lobby.ROOMS`).
Room = Literal["de", "en", "fr", "it", "nl"]
RoomPath = Annotated[Room, Path(description="the room: a site language's code")]
Since = Annotated[
    int, Query(ge=0, le=MAX_SEQ, description="the messages after this seq (the last one seen)")
]


def lobby_chat_of(service: GameService, request: Request) -> LobbyChat:
    """The lobby chat over the server's database, notifier and rate limits."""
    limiter = accounts_of(request).limiter
    return LobbyChat(service.sessions, service.notifier, limiter, service.jobs)


async def lobby_chat(request: Request, service: Service) -> LobbyChat:
    return lobby_chat_of(service, request)


LobbyChatDep = Annotated[LobbyChat, Depends(lobby_chat)]


class LobbyMessageOut(BaseModel):
    id: int = Field(description="the message's id (to report it)")
    seq: int = Field(description="its number in its room")
    room: Room
    author: str = Field(description="the author's username")
    text: str
    at: datetime


class LobbyPage(BaseModel):
    room: Room
    messages: list[LobbyMessageOut] = Field(
        description="oldest first, without those of accounts the caller muted or that a "
        "block keeps apart from them"
    )
    more: bool = Field(description="more messages follow: ask again with since = cursor")
    cursor: int = Field(description="the last seq this page saw: the since of the next request")


class LobbyMessageIn(BaseModel):
    text: str = Field(
        max_length=MAX_CHARS * 4,
        description=f"a message of up to {MAX_CHARS} characters once cleaned (control "
        "and invisible formatting characters removed, trimmed)",
    )


class LobbyReportIn(BaseModel):
    reason: str = Field(default="", max_length=MAX_REASON, description="why (optional)")


class LobbyReportOut(BaseModel):
    id: int = Field(description="the report's id")


def _out(line: LobbyLine) -> LobbyMessageOut:
    return LobbyMessageOut.model_validate(line.to_json())


@router.get(
    "/api/lobby/chat/{room}", operation_id="read_lobby_chat", response_model=LobbyPage,
    responses=declared(401, 422),
)  # fmt: skip
def read_lobby_chat(
    room: RoomPath, user: CurrentUser, chat: LobbyChatDep, since: Since = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="most messages")] = MAX_PAGE,
) -> LobbyPage:  # fmt: skip
    """A lobby room's messages after ``since``, for anyone signed in, guests too (they
    may read, not write)."""
    found = chat.read(user, room, since, limit + 1)[: limit + 1]
    shown = found[:limit]
    cursor = shown[-1].seq if shown else since
    return LobbyPage(room=room, messages=[_out(line) for line in shown],
                     more=len(found) > limit, cursor=cursor)  # fmt: skip


@router.post(
    "/api/lobby/chat/{room}", operation_id="post_lobby_chat", status_code=201,
    response_model=LobbyMessageOut, responses=declared(*CHANGE, 400, 409, 413, 422, 429),
)  # fmt: skip
def post_lobby_chat(
    room: RoomPath, body: LobbyMessageIn, user: CurrentUser, chat: LobbyChatDep
) -> LobbyMessageOut:
    """Post in a lobby room (a guest or a silenced account: 403; beyond the chat's rate,
    ``CARSON_LIMIT_CHAT_USER``: 429). ``@name`` notifies that member."""
    return _out(chat.post(user, room, body.text))


@router.post(
    "/api/lobby/chat/messages/{message_id}/report", operation_id="report_lobby_message",
    status_code=201, response_model=LobbyReportOut,
    responses=declared(*CHANGE, 400, 404, 409, 413, 422),
)  # fmt: skip
def report_lobby_message(
    message_id: Annotated[int, Path(ge=1, le=MAX_ROW_ID)], user: CurrentUser,
    chat: LobbyChatDep, body: LobbyReportIn | None = None,
) -> LobbyReportOut:  # fmt: skip
    """Report a lobby message, once, with an optional reason; administrators see the open
    reports at ``/admin/reports``."""
    return LobbyReportOut(id=chat.report(user, message_id, body.reason if body else ""))


@dataclass(frozen=True)
class LobbyStart:
    user: User
    room: str
    since: int


def resumed_at(last_event_id: str | None, since: int) -> int:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnect) or ``since``."""
    if last_event_id is None or not last_event_id.strip():
        return since
    text = last_event_id.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 10 or int(text) > MAX_SEQ:
        raise Unprocessable(f"Last-Event-ID {text[:40]!r} is not a seq of the lobby chat")
    return int(text)


async def stream_start(
    room: RoomPath, user: CurrentUser, request: Request, since: Since = 0,
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
) -> AsyncIterator[LobbyStart]:  # fmt: skip
    """Checked before the stream starts (422; a guest reads too); the stream holds one of
    the lobby chat's capped slots (429 per account, 503 in all)."""
    check_room(room)
    told = resumed_at(last_event_id, since)
    slots: StreamSlots = request.app.state.lobby_chat_streams
    with slots.held(user.id):
        yield LobbyStart(user, room, told)


@router.get(
    "/api/lobby/chat/{room}/stream", operation_id="lobby_chat_stream",
    response_class=EventSourceResponse, responses=declared(401, 422, 429),
)  # fmt: skip
async def live_lobby_chat(
    start: Annotated[LobbyStart, Depends(stream_start)], chat: LobbyChatDep
) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events: first ``ready``, then a ``chat`` message (``id:`` its seq) for
    every message of the room the caller may read, as it is posted in any server process; a
    reconnect with ``Last-Event-ID`` resumes after it."""
    key, since = wake_key(start.room), start.since
    yield ServerSentEvent(event="ready", raw_data=json.dumps({"room": start.room,
                                                              "since": since}))  # fmt: skip
    while True:
        woken = chat.notifier.version(key)  # read before looking: no message slips by
        found = await run_in_threadpool(chat.read, start.user, start.room, since)
        for line in found:
            since = line.seq
            yield ServerSentEvent(event="chat", id=str(since), raw_data=json.dumps(line.to_json()))
        if len(found) < MAX_PAGE:
            await chat.notifier.wait(key, LIVE_TIMEOUT, woken)
