"""The chat panel of a game page: the messages the visitor may read (its channel, and the
spectators' too for a player once the game is over), a form to write in its channel with
the quick phrases in the visitor's language, and per message a report button and a mute
button. ``static/chat.js`` listens to the chat's stream and appends new messages as the
server draws them (so escaping, translation and mutes stay the server's), never touching
the form: what the visitor is typing stays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.chat.api import chat_of
from carson.server.chat.cursor import PLAYERS, Cursor, parse_cursor
from carson.server.chat.service import (
    MAX_CHARS,
    MAX_REASON,
    PHRASES,
    Chat,
    Message,
    phrases_for,
)
from carson.server.kernel.db import User
from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited
from carson.server.play.api import service_of
from carson.web.kernel.visit import Visit, forbidden, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)
#: Messages a page shows when it is drawn (the latest); the stream brings the rest.
SHOWN = 50


@dataclass(frozen=True)
class ChatLine:
    id: int
    #: Where a reader is once it saw this line ("P.S", :mod:`carson.server.chat.cursor`).
    cursor: str
    author: str
    text: str
    channel: str
    mine: bool
    at: str


@dataclass(frozen=True)
class ChatBox:
    game: str
    writable: str
    #: Both channels shown (a player after the game): each line says its channel.
    both: bool
    lines: list[ChatLine]
    phrases: list[tuple[str, str]]  # (code, text in the visitor's language)
    muted: list[str]
    cursor: str  # after the last line shown ("P.S": the stream goes on from there)
    max_chars: int = MAX_CHARS
    max_reason: int = MAX_REASON


def chat_for(request: Request) -> Chat:
    return chat_of(service_of(request), accounts_of(request))


def line(visit: Visit, message: Message, cursor: Cursor) -> ChatLine:
    """``message`` as a line; ``cursor``: where the reader is once it saw it."""
    text = message.text or ""
    if message.phrase is not None:  # in the reader's language, whatever the author's
        text = visit.gettext(PHRASES[message.phrase])
    mine = visit.user is not None and message.author == visit.user.username
    return ChatLine(message.id, str(cursor), message.author, text, message.channel, mine,
                    message.at.isoformat(timespec="minutes"))  # fmt: skip


def lines_after(visit: Visit, since: Cursor, messages: list[Message]) -> list[ChatLine]:
    """``messages`` read after ``since`` as lines, each with the cursor after it."""
    lines = []
    for message in messages:
        since = since.after(message.channel, message.seq)
        lines.append(line(visit, message, since))
    return lines


def _box(chat: Chat, visit: Visit, game_id: str, practice: bool) -> ChatBox | None:
    assert visit.user is not None
    readable = chat.readable(visit.user, game_id)
    if practice and PLAYERS in readable:
        return None  # one person against machines: nobody to talk to at the table
    found, cursor = chat.latest(visit.user, game_id, SHOWN)
    writable = PLAYERS if PLAYERS in readable else readable[0]
    return ChatBox(
        game=game_id,
        writable=writable,
        both=len(readable) > 1,
        lines=[line(visit, message, cursor) for message in found],
        phrases=[(code, visit.gettext(text)) for code, text in phrases_for(writable).items()],
        muted=chat.mutes(visit.user),
        cursor=str(cursor),
    )


async def chat_box(
    visit: Visit, request: Request, game_id: str, practice: bool = False
) -> ChatBox | None:
    """The panel of a signed-in visitor's game page (``None`` signed out, for no game, and
    for the player of a practice game; its spectators have theirs)."""
    if visit.user is None:
        return None
    try:
        return await run_in_threadpool(_box, chat_for(request), visit, game_id, practice)
    except GameError:
        return None


def refusal_text(visit: Visit, error: GameError) -> str:
    """A refused chat request in the visitor's words, by the API's code."""
    texts = {
        "empty_message": visit.gettext("Write something first."),
        "message_too_long": visit.gettext("A message has at most %(count)s characters.")
        % {"count": MAX_CHARS},
        "reason_too_long": visit.gettext("A reason has at most %(count)s characters.")
        % {"count": MAX_REASON},
        "not_a_player": visit.gettext("You cannot write in this chat."),
        "not_a_spectator": visit.gettext("You cannot write in this chat."),
        "silenced": visit.gettext(
            "An administrator has silenced your account: you cannot post in the chat."
        ),
        "reported": visit.gettext("You reported this message already."),
        "report_self": visit.gettext("You cannot report your own message."),
        "mute_self": visit.gettext("You cannot mute yourself."),
        "guest": visit.gettext("Guests cannot do that: sign up to keep your games."),
        "too_many_mutes": visit.gettext("You muted too many accounts: unmute one first."),
        "not_found": visit.gettext("There is no such game, message or account."),
    }
    return texts.get(error.code, visit.gettext("That message could not be read. Try again."))


def too_fast(visit: Visit, limited: RateLimited) -> str:
    text = visit.gettext("You are sending messages too fast: wait %(seconds)s seconds.")
    return text % {"seconds": limited.retry_after}


@router.get("/games/{game_id}/chat/messages", response_class=HTMLResponse)
async def messages(game_id: str, request: Request, since: str = "0") -> HTMLResponse:
    """The lines after ``since`` (chat.js appends them to the list)."""
    visit = await visit_of(request)
    if visit.user is None:
        return forbidden(visit)
    try:
        after = parse_cursor(since)
    except GameError:
        message = visit.gettext("That message could not be read. Try again.")
        return visit.render("kernel/message.html", status=422, message=message)
    try:
        found = await run_in_threadpool(chat_for(request).read, visit.user, game_id, None, after)
    except GameError as error:
        message = refusal_text(visit, error)
        return visit.render("kernel/message.html", status=error.status, message=message)
    lines = lines_after(visit, after, found)
    box = ChatBox(game_id, "", True, lines, [], [], lines[-1].cursor if lines else str(after))
    return visit.render("chat/chat_lines.html", box=box, both=_both(request))


def _both(request: Request) -> bool:
    return request.query_params.get("both") == "1"


async def sending(visit: Visit, send: Callable[[], object]) -> tuple[str | None, int, int | None]:
    """Send a message: no refusal (``None``, 200), or the refusal in the visitor's words,
    its status and, beyond the chat's rate, the seconds to wait."""
    try:
        await run_in_threadpool(send)
    except RateLimited as limited:
        return too_fast(visit, limited), 429, limited.retry_after
    except GameError as refused:
        return refusal_text(visit, refused), refused.status, None
    return None, 200, None


def refused_page(visit: Visit, error: str, status: int, wait: int | None) -> HTMLResponse:
    """A refused plain form post's page (``Retry-After`` when it says how long to wait)."""
    page = visit.render("kernel/message.html", status=status, message=error)
    if wait is not None:
        page.headers["Retry-After"] = str(wait)
    return page


@router.post("/games/{game_id}/chat", response_class=HTMLResponse)
async def post(game_id: str, request: Request) -> Response:
    """Send a text or a phrase; htmx gets the form back (empty, or with the refusal and the
    text kept), a plain form post goes back to the game page."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    phrase, text = form.get("phrase") or None, form.get("text", "")
    error, status, wait = await sending(visit, lambda: chat_for(request).post(
        user, game_id, form.get("channel", ""), None if phrase else text, phrase
    ))  # fmt: skip
    if "hx-request" not in request.headers:
        if error is not None:
            return refused_page(visit, error, status, wait)
        return RedirectResponse(f"/games/{game_id}#chat", status_code=303)
    box = await chat_box(visit, request, game_id)
    if box is None:
        return forbidden(visit)
    kept = text if error is not None and not phrase else ""
    return visit.render("chat/chat_form.html", box=box, error=error, text=kept, sent=error is None)


@router.post("/games/{game_id}/chat/mute")
async def mute(game_id: str, request: Request) -> Response:
    return await _mute(game_id, request, True)


@router.post("/games/{game_id}/chat/unmute")
async def unmute(game_id: str, request: Request) -> Response:
    return await _mute(game_id, request, False)


async def _mute(game_id: str, request: Request, on: bool) -> Response:
    return await muting(request, on, f"/games/{quote(game_id)}#chat")


async def muting(request: Request, on: bool, back: str) -> Response:
    """Mute or unmute the form's ``username`` (every game's chat and the lobby's), then go
    ``back``."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    chat = chat_for(request)
    try:
        await run_in_threadpool(chat.mute if on else chat.unmute, user, form.get("username", ""))
    except GameError as refused:
        return visit.render("kernel/message.html", status=refused.status,
                            message=refusal_text(visit, refused))  # fmt: skip
    return RedirectResponse(back, status_code=303)


@router.post("/chat/{message_id}/report", response_class=HTMLResponse)
async def report(message_id: int, request: Request) -> Response:
    def back(form: dict[str, str]) -> str | None:
        game = form.get("game", "")
        return f"/games/{quote(game)}#chat" if game else None

    return await reporting(request, message_id, chat_for(request).report, back)


async def reporting(
    request: Request, message_id: int, report: Callable[[User, int, str], int],
    back: Callable[[dict[str, str]], str | None],
) -> Response:  # fmt: skip
    """Report a message with the form's reason: htmx gets the note of what became of it, a
    plain form post goes ``back(form)`` (a page saying so if refused, or nowhere to go)."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    try:
        await run_in_threadpool(report, user, message_id, form.get("reason", ""))
        note, status = visit.gettext("Reported: thank you."), 200
    except GameError as refused:
        note, status = refusal_text(visit, refused), refused.status
    if "hx-request" in request.headers:
        return visit.render("chat/chat_note.html", note=note)  # htmx swaps 2xx answers only
    where = back(form)
    if status == 200 and where is not None:
        return RedirectResponse(where, status_code=303)
    return visit.render("kernel/message.html", status=status, message=note)
