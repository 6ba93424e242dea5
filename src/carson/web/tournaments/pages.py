"""The tournaments' pages: ``/tournaments`` (under way and finished, and the form to open
one, Swiss rounds or an arena) and ``/tournaments/{id}`` (standings, each round's games or an
arena's games now and done, join, withdraw, an arena's pause and coming back, and its
creator's cancel; refreshed by htmx while
it runs). Refusals come back as the page with the reason in the visitor's words
and the form as it was typed."""

from __future__ import annotations

from datetime import datetime, timedelta

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.core.registry import games
from carson.server.kernel.db import User
from carson.server.kernel.errors import GameError
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.server.tournaments import service as tournaments
from carson.server.tournaments.pausing import set_paused
from carson.server.tournaments.service import NewTournament
from carson.web.kernel.visit import Visit, game_label, signed_in_form, visit_of
from carson.web.lobby.forms import CORRESPONDENCE_CONTROLS, LIVE_CONTROLS
from carson.web.lobby.tables import control_label

router = APIRouter(include_in_schema=False)
#: When a new tournament may start, in minutes from now (the form's choices).
STARTS_IN = (10, 30, 60, 180, 24 * 60, 3 * 24 * 60)
#: How long an arena may last, in minutes (the form's choices).
WINDOWS = (30, 60, 90, 120, 180)
#: Seconds between two refreshes of a running tournament's standings.
REFRESH_SECONDS = 10


def refusal_text(visit: Visit, error: GameError) -> str:
    texts = {
        "invalid_seats": visit.gettext("Choose a number of seats this game has."),
        "invalid_time_control": visit.gettext("Choose one of the offered time controls."),
        "invalid_start": visit.gettext("Choose one of the offered starts."),
        "too_many_tournaments": visit.gettext(
            "You have five tournaments under way, the most one may open."
        ),
        "started": visit.gettext("This tournament has started: it takes no more players."),
        "already_joined": visit.gettext("You are in this tournament already."),
        "full": visit.gettext("This tournament is full."),
        "guest": visit.gettext("Guests cannot do that: sign up to keep your games."),
        "not_playing": visit.gettext("You are not playing in this tournament."),
        "invalid_window": visit.gettext("Choose one of the offered windows."),
        "arena_over": visit.gettext("This arena is over: it takes no more players."),
        "not_creator": visit.gettext("Only the tournament's creator may do that."),
        "over": visit.gettext("This tournament is over already."),
        "not_arena": visit.gettext("Only an arena's players pause."),
    }
    return texts.get(error.code, visit.gettext("That tournament cannot be set: check the form."))


def _asked(form: dict[str, str], start: datetime, lang: str) -> NewTournament:
    def number(key: str, default: int) -> int:
        value = form.get(key, "")
        return int(value) if value.isdigit() and len(value) < 6 else default

    arena = form.get("mode") == "arena"
    return NewTournament(
        name=form.get("name", "")[:60], game=form.get("game", "card")[:16], variants=[],
        seats=number("seats", 4), time_control=form.get("time_control", "")[:8],
        rounds=number("rounds", 3), starts_at=start, lang=lang,
        mode="arena" if arena else "swiss", minutes=number("minutes", 0) if arena else None,
    )  # fmt: skip


async def _list_page(visit: Visit, error: str | None = None, status: int = 200,
                     typed: dict[str, str] | None = None) -> Response:  # fmt: skip
    service = service_of(visit.request)

    def read() -> list[JSON]:
        with service.sessions() as session:
            return tournaments.listing(session)

    found = await run_in_threadpool(read)
    now = service.jobs.clock()
    for row in found:
        row["control"] = control_label(visit, row["time_control"])
        row["closing"] = row["ends_at"] is not None and now >= row["ends_at"]
    return visit.render(
        "tournaments/tournaments.html", status=status, tournaments=found, error=error,
        typed=typed or {}, game_names={n: game_label(k, visit) for n, k in games().items()},
        live_controls=[(c, control_label(visit, c)) for c in LIVE_CONTROLS],
        slow_controls=[(c, control_label(visit, c)) for c in CORRESPONDENCE_CONTROLS],
        starts=STARTS_IN, windows=WINDOWS,
    )  # fmt: skip


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments_page(request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next="/tournaments")
    return await _list_page(visit)


@router.post("/tournaments")
async def open_tournament(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = service_of(request)
    minutes = form.get("starts_in", "")
    if not minutes.isdigit() or int(minutes) not in STARTS_IN:
        error = visit.gettext("Choose one of the offered starts.")
        return await _list_page(visit, error, 422, dict(form))
    window = form.get("minutes", "")
    if form.get("mode") == "arena" and (not window.isdigit() or int(window) not in WINDOWS):
        error = visit.gettext("Choose one of the offered windows.")
        return await _list_page(visit, error, 422, dict(form))
    start = service.jobs.clock() + timedelta(minutes=int(minutes))
    try:
        created = await run_in_threadpool(
            tournaments.create, service, user, _asked(form, start, visit.lang)
        )
    except GameError as error:
        return await _list_page(visit, refusal_text(visit, error), error.status, dict(form))
    return RedirectResponse(f"/tournaments/{created}", status_code=303)


async def _standings(visit: Visit, tournament_id: str) -> JSON | None:
    service = service_of(visit.request)

    def read() -> JSON:
        with service.sessions() as session:
            return tournaments.standings(session, tournament_id)

    try:
        found = await run_in_threadpool(read)
    except GameError:
        return None
    found["control"] = control_label(visit, found["time_control"])
    ends_at = found["ends_at"]
    found["closing"] = ends_at is not None and service.jobs.clock() >= ends_at
    return found


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse)
async def tournament_page(tournament_id: str, request: Request) -> Response:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=f"/tournaments/{tournament_id}")
    found = await _standings(visit, tournament_id[:16])
    if found is None:
        message = visit.gettext("There is no such tournament.")
        return visit.render("kernel/message.html", status=404, message=message)
    template = "tournaments/standings.html" if "HX-Request" in request.headers else (
        "tournaments/tournament.html")  # fmt: skip
    mine = any(row["user"] == visit.user.username and not row["withdrawn"]
               for row in found["players"])  # fmt: skip
    return visit.render(template, t=found, mine=mine, refresh=REFRESH_SECONDS,
                        error=request.query_params.get("error"),
                        joined=_joined(found, visit.user.username))  # fmt: skip


def _joined(found: JSON, username: str) -> bool:
    """Whether ``username`` is in the tournament, withdrawn or not (one joins once)."""
    return any(row["user"] == username for row in found["players"])


@router.post("/tournaments/{tournament_id}/{change}")
async def change_entry(tournament_id: str, change: str, request: Request) -> Response:
    """Join, withdraw, pause or come back (in an arena), cancel or rename, then back to the
    tournament's page (saying why not, if refused)."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked

    def rename(service: GameService, user: User, tournament_id: str) -> None:
        tournaments.rename(service, user, tournament_id, form.get("name", "")[:60])

    def pause(service: GameService, user: User, tournament_id: str) -> None:
        set_paused(service, user, tournament_id, change == "pause")

    acts = {"join": tournaments.join, "withdraw": tournaments.withdraw,
            "cancel": tournaments.cancel, "rename": rename, "pause": pause,
            "resume": pause}  # fmt: skip
    act = acts.get(change)
    if act is None:
        missing = visit.gettext("No such page.")
        return visit.render("kernel/message.html", status=404, message=missing)
    try:
        await run_in_threadpool(act, service_of(request), user, tournament_id[:16])
    except GameError as error:
        found = await _standings(visit, tournament_id[:16])
        if found is None:
            message = visit.gettext("There is no such tournament.")
            return visit.render("kernel/message.html", status=404, message=message)
        mine = any(row["user"] == user.username and not row["withdrawn"]
                   for row in found["players"])  # fmt: skip
        return visit.render("tournaments/tournament.html", status=error.status, t=found,
                            mine=mine, refresh=REFRESH_SECONDS, joined=_joined(found,
                            user.username), error=refusal_text(visit, error))  # fmt: skip
    return RedirectResponse(f"/tournaments/{tournament_id[:16]}", status_code=303)
