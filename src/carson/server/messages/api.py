"""Private messages in the API: one's conversations, one conversation, writing, reporting."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, Field

from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.chat.service import MAX_CHARS, MAX_REASON, MAX_ROW_ID
from carson.server.kernel.errors import declared
from carson.server.messages.service import Letter, Messages
from carson.server.play.api import Service

router = APIRouter(tags=["messages"])
Username = Annotated[str, Path(max_length=32, description="the other person (any case)")]


def messages_of(service: Service, request: Request) -> Messages:
    limiter = accounts_of(request).limiter
    return Messages(service.sessions, limiter, service.jobs, service.jobs.clock)


MessagesDep = Annotated[Messages, Depends(messages_of)]


class LetterOut(BaseModel):
    id: int = Field(description="the message's id (to report it)")
    sender: str
    text: str
    at: datetime
    mine: bool = Field(description="written by the caller")


class ConversationOut(BaseModel):
    other: str
    last: str = Field(description="the latest message's text")
    at: datetime
    unread: int


class ConversationsOut(BaseModel):
    conversations: list[ConversationOut] = Field(description="the latest first")


class ThreadOut(BaseModel):
    other: str
    messages: list[LetterOut] = Field(description="oldest first, the last 100")


class LetterIn(BaseModel):
    text: str = Field(max_length=MAX_CHARS * 4, description=f"up to {MAX_CHARS} characters")


class ReportIn(BaseModel):
    reason: str = Field(default="", max_length=MAX_REASON)


class ReportedOut(BaseModel):
    id: int


def _out(letter: Letter) -> LetterOut:
    return LetterOut(id=letter.id, sender=letter.sender, text=letter.text, at=letter.at,
                     mine=letter.mine)  # fmt: skip


@router.get("/api/messages", operation_id="conversations", response_model=ConversationsOut,
            responses=declared(401))  # fmt: skip
def conversations(user: CurrentUser, messages: MessagesDep) -> ConversationsOut:
    found = messages.conversations(user)
    return ConversationsOut(conversations=[ConversationOut(other=c.other, last=c.last, at=c.at,
                                           unread=c.unread) for c in found])  # fmt: skip


@router.get("/api/messages/{username}", operation_id="conversation", response_model=ThreadOut,
            responses=declared(401, 404, 422))  # fmt: skip
def conversation(username: Username, user: CurrentUser, messages: MessagesDep) -> ThreadOut:
    """The last messages with one person; those to the caller are now read."""
    other, letters = messages.conversation(user, username)
    return ThreadOut(other=other, messages=[_out(letter) for letter in letters])


@router.post("/api/messages/{username}", operation_id="write_message", status_code=201,
             response_model=LetterOut,
             responses=declared(*CHANGE, 400, 404, 413, 422, 429))  # fmt: skip
def write_message(
    username: Username, body: LetterIn, user: CurrentUser, messages: MessagesDep
) -> LetterOut:
    """Write to someone (never to someone a block keeps apart: 403); they are notified.
    Counts against the chat's rate (``CARSON_LIMIT_CHAT_USER``)."""
    return _out(messages.send(user, username, body.text))


@router.post("/api/messages/{message_id}/report", operation_id="report_message",
             status_code=201, response_model=ReportedOut,
             responses=declared(*CHANGE, 400, 404, 409, 413, 422))  # fmt: skip
def report_message(
    message_id: Annotated[int, Path(ge=1, le=MAX_ROW_ID)], user: CurrentUser,
    messages: MessagesDep, body: ReportIn | None = None,
) -> ReportedOut:  # fmt: skip
    """The recipient reports a message, once, with an optional reason; administrators see it
    at ``/admin/reports``."""
    return ReportedOut(id=messages.report(user, message_id, body.reason if body else ""))
