"""The lobby chat's panel on the lobby page (:mod:`carson.server.chat.lobby`): the room of the
visitor's language, for anyone signed in (not the signed-out); a guest reads it, with no form
to write nor a message's report and mute buttons, but a word on why and a link to sign up.
The server draws the lines
(escaped, without muted or blocked authors); ``static/chat.js`` appends new ones from the
room's stream, as for a game's chat, and never redraws the form: what the visitor typed stays,
also when the message is refused."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.chat.cursor import parse_cursor
from carson.server.chat.lobby import ROOMS, LobbyChat, LobbyLine
from carson.server.chat.lobby_api import lobby_chat_of
from carson.server.chat.service import MAX_CHARS, MAX_REASON
from carson.server.kernel.errors import GameError
from carson.server.play.api import service_of
from carson.web.chat.panel import (
    chat_for,
    muting,
    refusal_text,
    refused_page,
    reporting,
    sending,
)
from carson.web.kernel.i18n import language_name
from carson.web.kernel.visit import Visit, forbidden, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)
#: Messages the panel shows when the page is drawn (the latest); the stream brings the rest.
SHOWN = 50
HOME = "/lobby#chat"


@dataclass(frozen=True)
class LobbyChatLine:
    id: int
    cursor: str  # the line's seq: where a reader is once it saw it
    author: str
    text: str
    mine: bool
    at: str


@dataclass(frozen=True)
class LobbyChatBox:
    room: str
    language: str  # the room's language, named in the visitor's
    lines: list[LobbyChatLine]
    muted: list[str]
    cursor: str  # the room's last seq when drawn: the stream goes on from there
    #: A guest's: read only (members write, report and mute).
    reader_only: bool = False
    max_chars: int = MAX_CHARS
    max_reason: int = MAX_REASON


def lobby_chat_for(request: Request) -> LobbyChat:
    return lobby_chat_of(service_of(request), request)


def _line(visit: Visit, line: LobbyLine) -> LobbyChatLine:
    mine = visit.user is not None and line.author == visit.user.username
    return LobbyChatLine(line.id, str(line.seq), line.author, line.text, mine,
                         line.at.isoformat(timespec="minutes"))  # fmt: skip


def room_of(visit: Visit) -> str:
    """The visitor's room: their language's."""
    return visit.lang if visit.lang in ROOMS else "en"


def _box(request: Request, visit: Visit) -> LobbyChatBox:
    assert visit.user is not None
    room = room_of(visit)
    found, last = lobby_chat_for(request).latest(visit.user, room, SHOWN)
    return LobbyChatBox(room, language_name(room), [_line(visit, line) for line in found],
                        chat_for(request).mutes(visit.user), str(last),
                        visit.user.is_guest)  # fmt: skip


async def lobby_chat_box(visit: Visit, request: Request) -> LobbyChatBox | None:
    """The lobby page's panel (``None`` for a visitor signed out)."""
    if visit.user is None:
        return None
    return await run_in_threadpool(_box, request, visit)


@router.get("/lobby/chat/{room}/messages", response_class=HTMLResponse)
async def messages(room: str, request: Request, since: str = "0") -> HTMLResponse:
    """The lines after ``since`` (chat.js appends them to the list)."""
    visit = await visit_of(request)
    if visit.user is None:
        return forbidden(visit)
    try:
        after = parse_cursor(since).players  # "N" (or chat.js's "N.N"): one number
        found = await run_in_threadpool(lobby_chat_for(request).read, visit.user, room, after)
    except GameError as error:
        message = refusal_text(visit, error)
        return visit.render("kernel/message.html", status=error.status, message=message)
    lines = [_line(visit, line) for line in found]
    cursor = lines[-1].cursor if lines else str(after)
    box = LobbyChatBox(room, "", lines, [], cursor, visit.user.is_guest)
    return visit.render("chat/lobby_chat_lines.html", box=box)


@router.post("/lobby/chat/{room}", response_class=HTMLResponse)
async def post(room: str, request: Request) -> Response:
    """Send a message; htmx gets the form back (empty, or with the refusal and the text
    kept), a plain form post goes back to the lobby."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    text = form.get("text", "")
    error, status, wait = await sending(
        visit, lambda: lobby_chat_for(request).post(user, room, text)
    )
    if "hx-request" not in request.headers:
        if error is None:
            return RedirectResponse(HOME, status_code=303)
        return refused_page(visit, error, status, wait)
    box = LobbyChatBox(room, "", [], [], "0")
    kept = text if error is not None else ""
    return visit.render("chat/lobby_chat_form.html", box=box, error=error, text=kept,
                        sent=error is None)  # fmt: skip


@router.post("/lobby/chat/messages/{message_id}/report", response_class=HTMLResponse)
async def report(message_id: int, request: Request) -> Response:
    return await reporting(request, message_id, lobby_chat_for(request).report, lambda _: HOME)


@router.post("/lobby/chat/{room}/mute")
async def mute(room: str, request: Request) -> Response:
    """The chat's mutes (every game's chat and the lobby's), back to the lobby."""
    return await muting(request, True, HOME)


@router.post("/lobby/chat/{room}/unmute")
async def unmute(room: str, request: Request) -> Response:
    return await muting(request, False, HOME)
