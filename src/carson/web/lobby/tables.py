"""The lobby page: public tables waiting for players (filtered by game, time control and
language; the list refreshes itself every few seconds through htmx), the form for a new
table with every setting, joining a table, and its creator's cancel. Quick match has its
own pages (:mod:`carson.web.lobby.quickmatch`)."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.clock import TimeControl
from carson.core.game import JSON
from carson.core.registry import HUMAN, AnyGameKind, games
from carson.core.seeks import FILL_AFTER
from carson.server.accounts.deps import accounts_of
from carson.server.kernel.ratelimit import RateLimited
from carson.server.lobby import tables as lobby
from carson.server.play.api import service_of
from carson.server.play.games import GameError
from carson.server.play.table_settings import default_timeout_level
from carson.web.chat.lobby import lobby_chat_box
from carson.web.kernel.i18n import LANGUAGES, language_name
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, forbidden, game_label, signed_in_form, visit_of
from carson.web.lobby.forms import (
    CORRESPONDENCE_CONTROLS,
    LIVE_CONTROLS,
    FormRefused,
    new_table,
)
from carson.web.lobby.home import chosen_game, new_game_form
from carson.web.lobby.rows import mark_joinable, mine, seat_names

router = APIRouter(include_in_schema=False)
#: Seconds between two refreshes of the lobby's list.
REFRESH_SECONDS = 5


def refusal_text(visit: Visit, code: str) -> str | None:
    """What a refused lobby request (its code) means, in the visitor's language."""
    gettext = visit.gettext
    messages = {
        "bad_number": gettext("A number in the form could not be read."),
        "bad_seats": gettext("That table cannot be set: choose the seats again."),
        "bad_language": gettext("Choose one of the offered languages."),
        "invalid_time_control": gettext("Choose one of the offered time controls."),
        "rating_out_of_range": gettext("Your rating is outside this table's rating range."),
        "table_closed": gettext("This table is closed: its creator cancelled it or it expired."),
        "no_free_seat": gettext("This table has no free seat any more."),
        "already_seated": gettext("You already have a seat at this table."),
        "guest": gettext("Guests cannot do that: sign up to keep your games."),
        "guest_limit": gettext("A guest plays at most 3 games at once: sign up for more."),
        "blocked": gettext("A block keeps you apart from someone at this table."),
        "not_creator": gettext("Only the table's creator may cancel it."),
        "not_waiting": gettext("This table is no longer waiting: it started or ended."),
        "seek_open": gettext("You are already looking for a game: cancel that first."),
        "seek_matched": gettext("Your game has already started."),
        "cancelled": gettext("The table is cancelled."),
        "invalid_timeout_level": gettext(
            "A virtual player cannot play a person's seat: choose a machine player for timeouts."
        ),
    }
    return messages.get(code)


def setup_refusal_text(visit: Visit, error: GameError) -> str:
    """A game the server would not set up: the lobby's own words for its code, or the
    server's reason in a sentence of the visitor's language."""
    said = refusal_text(visit, error.code)
    if said is None:
        why = visit.gettext("That game cannot be set up as asked: %(why)s.")
        said = why % {"why": error.message}
    return said


def control_label(visit: Visit, control: str | None) -> str:
    """A time control as players read it."""
    if not control:
        return visit.gettext("no clock")
    parsed = TimeControl.parse(control)
    if parsed.kind == "live":
        return visit.gettext("%(minutes)s min + %(seconds)s s a move") % {
            "minutes": parsed.minutes,
            "seconds": parsed.increment,
        }
    if parsed.days == 1:  # the offered days are 1, 2, 3 and 7: one singular
        return visit.gettext("1 day a move")
    return visit.gettext("%(days)s days a move") % {"days": parsed.days}


def _filters(request: Request) -> dict[str, str]:
    """The lobby's filters in the address, those it knows only."""
    query = request.query_params
    chosen = {}
    if query.get("game") in games():
        chosen["game"] = query["game"]
    control = query.get("control", "")
    if control in lobby.CONTROL_KINDS or control in LIVE_CONTROLS + CORRESPONDENCE_CONTROLS:
        chosen["control"] = control
    if query.get("lang") in LANGUAGES:
        chosen["lang"] = query["lang"]
    return chosen


async def _listing(request: Request, visit: Visit, filters: dict[str, str]) -> JSON:
    found = await run_in_threadpool(
        lobby.tables, service_of(request), filters.get("game"), filters.get("control"),
        filters.get("lang"),
    )  # fmt: skip
    names = {name: game_label(kind, visit) for name, kind in games().items()}
    rows = []
    for table in found:
        seated = [seat["user"] for seat in table["seats"] if seat["user"] is not None]
        rows.append(
            {
                **table,
                "game_name": names.get(table["game"], table["game"]),
                "control": control_label(visit, table["time_control"]),
                "language": language_name(table["lang"]),
                "taken": len(seated),
                "seat_names": seat_names(visit, table),
                "mine": visit.user is not None and table["host"] == visit.user.username,
                "seated": visit.user is not None and visit.user.username in seated,
            }
        )
    await mark_joinable(request, visit, rows)
    own = await mine(request, visit)
    for table in own["my_tables"]:
        table["game_name"] = names.get(table["game"], table["game"])
        table["control"] = control_label(visit, table["time_control"])
        table["seat_names"] = seat_names(visit, table)
    if own["my_seek"] is not None:
        seek = own["my_seek"]
        seek["game_name"] = names.get(seek["game"], seek["game"])
        seek["control"] = control_label(visit, seek["time_control"])
    return {
        "tables": rows,
        "refresh": f"/lobby/tables?{urlencode(filters)}",
        "every": REFRESH_SECONDS,
        **own,
    }


def _table_form(kind: AnyGameKind, visit: Visit) -> JSON:
    """What the new-table and quick-match forms offer for ``kind``."""
    form = new_game_form(kind, visit)
    machines = [(seat, visit.seat_label(kind.name, seat)) for seat in kind.machine_kinds]
    usual = default_timeout_level(kind)
    offered = [seat for seat in form.opponents if seat in kind.machine_kinds]
    return {
        "form": form,
        "usual_machine": usual,
        "opponent": offered[0] if offered else usual,
        "seat_choices": [(HUMAN, visit.gettext("a person")), *machines],
        "machines": machines,
        "seat_players": [(seat, name) for seat, name in machines if seat in kind.seat_players],
        "other_seats": list(range(1, kind.max_seats)),
        "seat_counts": list(range(kind.min_seats, kind.max_seats + 1)),
        "default_seats": len(kind.default_seats),
        "live_controls": [(c, control_label(visit, c)) for c in LIVE_CONTROLS],
        "slow_controls": [(c, control_label(visit, c)) for c in CORRESPONDENCE_CONTROLS],
        "fill_after": int(FILL_AFTER),
    }


async def lobby_page(
    request: Request,
    visit: Visit,
    error: str | None = None,
    status: int = 200,
    typed: dict[str, str] | None = None,
    seek_typed: dict[str, str] | None = None,
) -> Response:
    """The lobby; ``typed`` and ``seek_typed``: a refused new table's or quick match's form,
    shown again as it was filled in."""
    if visit.user is None:  # the games in progress to watch, and how to sign in to play
        return visit.render("lobby/lobby_signed_out.html", next="/lobby")
    filters = _filters(request)
    # A refused form comes back on its own game's tab.
    refused_game = (typed or seek_typed or {}).get("game")
    kind = chosen_game(request.query_params.get("make") or refused_game or filters.get("game"))
    labels = {name: game_label(other, visit) for name, other in games().items()}
    notice = refusal_text(visit, request.query_params.get("done", ""))
    return visit.for_game(kind).render(
        "lobby/lobby.html",
        status=status,
        error=error,
        notice=notice,
        filters=filters,
        game_names=labels,
        chosen=kind.name,
        makes=[(name, label, f"/lobby?make={name}") for name, label in labels.items()],
        control_kinds=[
            ("live", visit.gettext("live")),
            ("correspondence", visit.gettext("correspondence")),
            ("none", visit.gettext("no clock")),
        ],
        language_choices=[(code, language_name(code)) for code in LANGUAGES],
        typed=typed,
        seek_typed=seek_typed,
        lobby_chat=await lobby_chat_box(visit, request),
        **_table_form(kind, visit),
        **await _listing(request, visit, filters),
    )


@router.get("/lobby", response_class=HTMLResponse)
async def lobby_view(request: Request) -> Response:
    return await lobby_page(request, await visit_of(request))


@router.get("/lobby/tables", response_class=HTMLResponse)
async def lobby_tables(request: Request) -> Response:
    """The list alone, which the page swaps in every few seconds."""
    visit = await visit_of(request)
    if visit.user is None:
        return forbidden(visit)
    return visit.render(
        "lobby/lobby_tables.html", **await _listing(request, visit, _filters(request))
    )


@router.post("/lobby/tables")
async def create_table(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    kind = chosen_game(form.get("game"))
    try:
        asked = new_table(kind, form, visit.lang)
        await run_in_threadpool(accounts_of(request).moving, user.id)  # 429 beyond the rate
        view = await run_in_threadpool(
            service_of(request).create, user, asked.seats, None, asked.lang, asked.game,
            asked.variants, asked.settings,
        )  # fmt: skip
    except RateLimited as limited:
        return refused_page(visit, limited)
    except FormRefused as refused:
        said = refusal_text(visit, refused.code)
        return await lobby_page(request, visit, said, 422, typed=dict(form))
    except GameError as error:
        said = setup_refusal_text(visit, error)
        return await lobby_page(request, visit, said, 422, typed=dict(form))
    return RedirectResponse(f"/games/{view['id']}", status_code=303)


@router.post("/lobby/join/{game_id}")
async def join_table(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(service_of(request).join, user, game_id)
    except GameError as error:
        said = refusal_text(visit, error.code) or visit.gettext("No such game.")
        return await lobby_page(request, visit, said, error.status)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.post("/lobby/cancel/{game_id}")
async def cancel_table(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(lobby.cancel, service_of(request), user, game_id)
    except GameError as error:
        said = refusal_text(visit, error.code) or visit.gettext("No such game.")
        return await lobby_page(request, visit, said, error.status)
    return RedirectResponse("/lobby?done=cancelled", status_code=303)
