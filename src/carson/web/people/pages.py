"""The friends page (whom one follows, who is online and where they play; whom one blocked),
the follow and block buttons of a profile, and the invitation by name from a waiting table.

Every change is a form with the CSRF token, answered by a redirect back to where it was sent
from (a ``next`` path of this site) saying what happened; a refusal is the page again with
the reason in the visitor's language and the name typed still in its field.
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.kernel.errors import GameError
from carson.server.kernel.ratelimit import RateLimited
from carson.server.people.invitations import invite
from carson.server.people.service import People
from carson.server.play.api import service_of
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, same_site_path, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)

#: What each change does, and the words that tell it done (by the ``done`` query value).
CHANGES = ("follow", "unfollow", "block", "unblock")


def people_for(request: Request) -> People:
    service = service_of(request)
    return People(service.sessions, accounts_of(request).limiter, service.jobs.clock)


def done_text(visit: Visit, done: str, name: str) -> str | None:
    texts = {
        "follow": visit.gettext("You follow %(name)s."),
        "unfollow": visit.gettext("You no longer follow %(name)s."),
        "block": visit.gettext("You blocked %(name)s."),
        "unblock": visit.gettext("You no longer block %(name)s."),
    }
    return texts[done] % {"name": name} if done in texts and name else None


def refusal_text(visit: Visit, error: GameError) -> str:
    """A refused change in the visitor's words, by the API's code."""
    texts = {
        "not_found": visit.gettext("There is no account of that name."),
        "follow_self": visit.gettext("You cannot follow yourself."),
        "guest": visit.gettext("Guests cannot do that: sign up to keep your games."),
        "block_self": visit.gettext("You cannot block yourself."),
        "invite_self": visit.gettext("You hold a seat at this table already."),
        "blocked": visit.gettext("A block keeps you apart from this person."),
        "too_many_follows": visit.gettext("You follow too many accounts: unfollow one first."),
        "too_many_blocks": visit.gettext("You blocked too many accounts: unblock one first."),
        "not_seated": visit.gettext("Only a player at this table may invite to it."),
        "no_free_seat": visit.gettext("This table has no free seat any more."),
        "already_seated": visit.gettext("That person holds a seat at this table already."),
    }
    if error.code == "not_found" and error.message.startswith("no game"):
        return visit.gettext("No such game.")
    return texts.get(error.code, visit.gettext("That could not be done. Try again."))


@router.get("/friends", response_class=HTMLResponse)
async def friends_page(request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/friends")
    query = request.query_params
    done = done_text(visit, query.get("done", ""), query.get("name", "")[:32])
    return await _friends(visit, done=done)


async def _friends(
    visit: Visit, done: str | None = None, error: str | None = None, status: int = 200,
    typed: dict[str, str] | None = None,
) -> Response:  # fmt: skip
    assert visit.user is not None
    people = people_for(visit.request)
    friends = await run_in_threadpool(people.friends, visit.user)
    blocked = await run_in_threadpool(people.blocked, visit.user)
    return visit.render(
        "people/friends.html", status=status, friends=friends, blocked=blocked, done=done,
        error=error, typed=typed or {},
    )  # fmt: skip


@router.post("/people/{change}")
async def change_person(change: str, request: Request) -> Response:
    """Follow, unfollow, block or unblock the form's ``username``; back to ``next``."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    if change not in CHANGES:
        return visit.render(
            "kernel/message.html", status=404, message=visit.gettext("No such page.")
        )
    username = form.get("username", "").strip()[:32]
    people = people_for(request)
    try:
        name = await run_in_threadpool(getattr(people, change), user, username)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        typed = {change: username}
        return await _friends(visit, error=refusal_text(visit, error), status=error.status,
                              typed=typed)  # fmt: skip
    back = same_site_path(form.get("next", "/friends"))
    joiner = "&" if "?" in back else "?"
    return RedirectResponse(f"{back}{joiner}done={change}&name={quote(name)}", status_code=303)


@router.post("/games/{game_id}/invite")
async def invite_by_name(game_id: str, request: Request) -> Response:
    """Invite the form's ``username`` to one's waiting table: a page saying it was done (or
    why not, with the name kept), and the way back to the table."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    username = form.get("username", "").strip()[:32]
    service = service_of(request)
    limiter = accounts_of(request).limiter
    try:
        name = await run_in_threadpool(invite, service.store, limiter, user, game_id, username)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        return visit.render("people/invited.html", status=error.status, game_id=game_id,
                            error=refusal_text(visit, error), typed=username)  # fmt: skip
    return visit.render("people/invited.html", game_id=game_id, invited=name, typed="")


async def relation(visit: Visit, username: str) -> tuple[bool, bool] | None:
    """Whether the visitor follows and blocked ``username`` (``None``: signed out, or it is
    the visitor's own profile): what the profile's buttons offer."""
    if visit.user is None or visit.user.username.lower() == username.lower():
        return None
    try:
        return await run_in_threadpool(people_for(visit.request).follows, visit.user, username)
    except GameError:
        return None
