"""``/messages`` (one's conversations, and writing to someone by name) and
``/messages/{name}`` (one conversation: reading it marks it read; write, report). A refusal
is the page again with the reason in the visitor's words and the text typed kept."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited
from carson.server.messages.service import Messages
from carson.server.play.api import service_of
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)


def messages_for(request: Request) -> Messages:
    service = service_of(request)
    return Messages(service.sessions, accounts_of(request).limiter, service.jobs,
                    service.jobs.clock)  # fmt: skip


def refusal_text(visit: Visit, error: GameError) -> str:
    texts = {
        "empty_message": visit.gettext("Write something first."),
        "message_too_long": visit.gettext("A message has at most %(count)s characters.")
        % {"count": 300},
        "message_self": visit.gettext("You cannot write to yourself."),
        "guest": visit.gettext("Guests cannot do that: sign up to keep your games."),
        "blocked": visit.gettext("A block keeps you apart from this person."),
        "silenced": visit.gettext(
            "An administrator has silenced your account: you cannot post in the chat."
        ),
        "not_found": visit.gettext("There is no account of that name."),
        "reported": visit.gettext("You reported this message already."),
    }
    return texts.get(error.code, visit.gettext("That could not be done. Try again."))


@router.get("/messages", response_class=HTMLResponse)
async def conversations_page(request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/messages")
    return await _conversations(visit)


async def _conversations(visit: Visit, error: str | None = None, status: int = 200,
                         typed: dict[str, str] | None = None) -> Response:  # fmt: skip
    assert visit.user is not None
    found = await run_in_threadpool(messages_for(visit.request).conversations, visit.user)
    return visit.render("messages/conversations.html", status=status, conversations=found,
                        error=error, typed=typed or {})  # fmt: skip


@router.get("/messages/{username}", response_class=HTMLResponse)
async def conversation_page(username: str, request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=f"/messages/{quote(username)}")
    return await _conversation(visit, username[:32])


async def _conversation(visit: Visit, username: str, error: str | None = None,
                        status: int = 200, typed: str = "", done: str | None = None,
                        ) -> Response:  # fmt: skip
    assert visit.user is not None
    try:
        other, letters = await run_in_threadpool(
            messages_for(visit.request).conversation, visit.user, username
        )
    except GameError as refused:
        return await _conversations(visit, refusal_text(visit, refused), refused.status)
    return visit.render("messages/conversation.html", status=status, other=other,
                        letters=letters, error=error, typed=typed, done=done)  # fmt: skip


@router.post("/messages")
async def write(request: Request) -> Response:
    """Write to the form's ``username`` (from the list or a conversation); then the
    conversation."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    username, text = form.get("username", "").strip()[:32], form.get("text", "")[:1200]
    try:
        await run_in_threadpool(messages_for(request).send, user, username, text)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        said = refusal_text(visit, error)
        if form.get("from") == "conversation" and error.code != "not_found":
            return await _conversation(visit, username, said, error.status, text)
        return await _conversations(visit, said, error.status, dict(form))
    return RedirectResponse(f"/messages/{quote(username)}", status_code=303)


@router.post("/messages/{username}/report/{message_id}")
async def report(username: str, message_id: int, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    try:
        await run_in_threadpool(messages_for(request).report, user, message_id,
                                form.get("reason", "")[:800])  # fmt: skip
    except GameError as error:
        return await _conversation(visit, username[:32], refusal_text(visit, error), error.status)
    done = visit.gettext("Reported: an administrator will read it.")
    return await _conversation(visit, username[:32], done=done)
