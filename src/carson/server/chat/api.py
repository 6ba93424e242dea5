"""The chat's routes: a game's messages (read, post, a live stream), reports, mutes, and the
quick phrases. Who may read and write which channel: :mod:`carson.server.chat.service`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.accounts.service import Accounts
from carson.server.chat import stream as chat_stream
from carson.server.chat.cursor import PATTERN, parse_cursor
from carson.server.chat.service import (
    MAX_CHARS,
    MAX_PAGE,
    MAX_REASON,
    PHRASES,
    Chat,
    Message,
    Phrase,
    cursor_after,
)
from carson.server.kernel.errors import declared
from carson.server.kernel.stream_slots import StreamSlots
from carson.server.play.api import Service
from carson.server.play.games import GameService

router = APIRouter()
Channel = Literal["players", "spectators"]


def chat_of(service: GameService, accounts: Accounts) -> Chat:
    """The chat over the server's database, notifier and rate limits."""
    return Chat(service.sessions, service.notifier, accounts.limiter, service.jobs)


async def chat(request: Request, service: Service) -> Chat:
    return chat_of(service, accounts_of(request))


ChatDep = Annotated[Chat, Depends(chat)]
#: Where a reader goes on from: a seq ("N", for a reader of one channel) or a cursor "P.S".
Since = Annotated[
    str,
    Query(
        pattern=PATTERN, max_length=21,
        description="the messages after this: the last seq seen (a reader of one channel) or "
        "the cursor 'P.S' an answer or a stream's id gave",
    ),
]  # fmt: skip


class ChatMessageOut(BaseModel):
    id: int = Field(description="the message's id (to report it)")
    seq: int = Field(description="its number in its channel (each channel counts its own)")
    channel: Channel
    author: str = Field(description="the author's username")
    text: str = Field(description="what it says (a phrase: its English text)")
    phrase: Phrase | None = Field(
        description="a quick phrase's code, which a client shows in its reader's language"
    )
    at: datetime


class ChatPage(BaseModel):
    messages: list[ChatMessageOut] = Field(description="oldest first, without muted accounts'")
    readable: list[Channel] = Field(description="the channels the caller may read")
    writable: Channel = Field(description="the channel the caller may write in")
    more: bool = Field(description="more messages follow: ask again with since = cursor")
    cursor: str = Field(
        description="where this page ends, 'P.S' (the last seq seen of the players' channel "
        "and of the spectators'): the since of the next request"
    )


class ChatIn(BaseModel):
    channel: Channel
    text: str | None = Field(
        default=None, max_length=MAX_CHARS,
        description=f"a message of up to {MAX_CHARS} characters (control characters removed)",
    )  # fmt: skip
    phrase: Phrase | None = Field(default=None, description="a quick phrase, instead of a text")


class ReportIn(BaseModel):
    reason: str = Field(default="", max_length=MAX_REASON, description="why (optional)")


class ReportOut(BaseModel):
    id: int = Field(description="the report's id")


class MuteOut(BaseModel):
    username: str
    muted: bool


class MutesOut(BaseModel):
    usernames: list[str] = Field(description="the accounts the caller muted")


class PhraseOut(BaseModel):
    code: Phrase
    text: str = Field(description="in English")


def _message_json(message: Message) -> dict[str, object]:
    return message.to_json()


@router.get(
    "/api/games/{game_id}/chat", operation_id="read_chat", response_model=ChatPage,
    responses=declared(401, 403, 404, 422),
)  # fmt: skip
def read_chat(
    game_id: str,
    user: CurrentUser,
    chat: ChatDep,
    channel: Annotated[
        Channel | None, Query(description="omitted: every channel one may read")
    ] = None,
    since: Since = "0",
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="most messages")] = MAX_PAGE,
) -> JSONResponse:
    """A game's chat as the caller may read it: the players' channel for its seated players,
    the spectators' for signed-in accounts not seated (and for the players once the game is
    over)."""
    readable = chat.readable(user, game_id)
    after = parse_cursor(since)
    found = chat.read(user, game_id, channel, after, limit + 1)[: limit + 1]
    more = len(found) > limit
    body = {
        "messages": [_message_json(message) for message in found[:limit]],
        "readable": list(readable),
        "writable": "spectators" if readable == ("spectators",) else "players",
        "more": more,
        "cursor": str(cursor_after(after, found[:limit])),
    }
    return JSONResponse(body)


@router.post(
    "/api/games/{game_id}/chat", operation_id="post_chat", status_code=201,
    response_model=ChatMessageOut, responses=declared(*CHANGE, 400, 404, 409, 413, 422, 429),
)  # fmt: skip
def post_chat(game_id: str, body: ChatIn, user: CurrentUser, chat: ChatDep) -> JSONResponse:
    """Post a text or a quick phrase in one's channel (403 in another, or when silenced;
    429 beyond the account's rate)."""
    message = chat.post(user, game_id, body.channel, body.text, body.phrase)
    return JSONResponse(_message_json(message), status_code=201)


async def stream_start(
    game_id: str,
    user: CurrentUser,
    chat: ChatDep,
    request: Request,
    since: Since = "0",
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
) -> AsyncIterator[chat_stream.ChatStart]:
    """Checked before the stream starts (404, 422); the stream holds one of the chat's
    capped slots (429 per account, 503 in all), apart from the games' streams."""
    slots: StreamSlots = request.app.state.chat_streams
    with slots.held(user.id):
        readable = await run_in_threadpool(chat.readable, user, game_id)
        told = chat_stream.resumed_at(last_event_id, since)
        yield chat_stream.ChatStart(user, game_id, readable, told)


@router.get(
    "/api/games/{game_id}/chat/stream", operation_id="chat_stream",
    response_class=EventSourceResponse, responses=declared(401, 404, 422, 429),
)  # fmt: skip
async def live_chat(
    start: Annotated[chat_stream.ChatStart, Depends(stream_start)], chat: ChatDep
) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events: first ``ready`` (the channels the caller may read), then a
    ``chat`` message (``id:`` the cursor after it, ``P.S``) for every message the caller
    may read, as it is posted in any server process; a reconnect with ``Last-Event-ID``
    resumes after it."""
    async for message in chat_stream.messages(chat, start):
        yield message


@router.post(
    "/api/chat/{message_id}/report", operation_id="report_chat_message", status_code=201,
    response_model=ReportOut, responses=declared(*CHANGE, 400, 404, 409, 413, 422),
)  # fmt: skip
def report_message(
    message_id: int, user: CurrentUser, chat: ChatDep, body: ReportIn | None = None
) -> ReportOut:
    """Report a message one may read, once, with an optional reason; administrators see
    the open reports at ``/admin/reports``."""
    return ReportOut(id=chat.report(user, message_id, body.reason if body else ""))


@router.get(
    "/api/mutes", operation_id="mutes", response_model=MutesOut, responses=declared(401)
)  # fmt: skip
def mutes(user: CurrentUser, chat: ChatDep) -> MutesOut:
    """The accounts the caller muted."""
    return MutesOut(usernames=chat.mutes(user))


@router.post(
    "/api/mutes/{username}", operation_id="mute", response_model=MuteOut,
    responses=declared(*CHANGE, 404, 422),
)  # fmt: skip
def mute(username: str, user: CurrentUser, chat: ChatDep) -> MuteOut:
    """Hide an account's chat messages from the caller, in every game."""
    return MuteOut(username=chat.mute(user, username), muted=True)


@router.delete(
    "/api/mutes/{username}", operation_id="unmute", response_model=MuteOut,
    responses=declared(*CHANGE, 404),
)  # fmt: skip
def unmute(username: str, user: CurrentUser, chat: ChatDep) -> MuteOut:
    return MuteOut(username=chat.unmute(user, username), muted=False)


@router.get("/api/chat/phrases", operation_id="chat_phrases", response_model=list[PhraseOut])
def phrases() -> list[PhraseOut]:
    """The quick phrases: their codes and English texts."""
    return [PhraseOut(code=Phrase(code), text=text) for code, text in PHRASES.items()]
