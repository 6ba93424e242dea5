"""The game pages: creating a game from the home page, a seat's table (drawn by the game's
web adapter, else by the generic page; a spectator's for nobody's seat), joining by
invitation, and posting moves."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.core.record import GameRecord
from carson.core.registry import HUMAN, AnyGameKind, games
from carson.server.kernel.db import User
from carson.server.kernel.ratelimit import RateLimited
from carson.server.lobby.guide import guide_shown
from carson.server.play.api import move_path_of, service_of
from carson.server.play.events import SeatEvent
from carson.server.play.games import GameError, GameService
from carson.web.analysis.pages import analysable, hint_box
from carson.web.chat.panel import chat_box
from carson.web.kernel.adapter import Fragment, TableRequest, web_game
from carson.web.kernel.looking import looked_at
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, game_label, game_name, signed_in_form, visit_of
from carson.web.lobby.game_titles import game_title
from carson.web.lobby.guide import guide_sentence
from carson.web.lobby.home import chosen_game, home_page, new_game_form, tab_url
from carson.web.lobby.rematch import rematch_box
from carson.web.lobby.rules import rules_url
from carson.web.lobby.tables import refusal_text
from carson.web.play.clocks import clock_panel
from carson.web.play.generic import generic_table
from carson.web.play.invitation import invitation_page
from carson.web.play.watch import watchers_now

router = APIRouter(include_in_schema=False)


@router.post("/play")
async def new_game(request: Request) -> Response:
    """Play now (``friends`` = 0: you against machine seats) or a game for friends."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    kind = chosen_game(form.get("game"))
    tab = tab_url("/", kind.name)
    back = tab + ("&" if "?" in tab else "?") + "error="
    seats = _seats(kind, visit, form)
    if isinstance(seats, str):  # the page says it (a code: see carson.web.lobby.home.page_error)
        return RedirectResponse(back + "bad_table", status_code=303)
    adapter = web_game(kind)
    if adapter is not None:
        variants = adapter.variants(form)
    else:
        variants = [variant for variant in kind.variants if form.get(f"variant-{variant}")]
    service = service_of(request)
    try:
        view = await run_in_threadpool(
            service.create, user, seats, None, visit.lang, kind.name, variants
        )
    except GameError as error:  # said on the page itself: its reason is the server's own
        why = visit.gettext("That game cannot be set up as asked: %(why)s.")
        return await home_page(request, visit, kind.name, why % {"why": error.message}, 422)
    return RedirectResponse(f"/games/{view['id']}", status_code=303)


def _seats(kind: AnyGameKind, visit: Visit, form: Mapping[str, str]) -> list[str] | str:
    """The seat kinds the form asks for (the creator first), or what is wrong with it."""
    offered = [o for o in new_game_form(kind, visit).opponents if o in kind.machine_kinds]
    opponent = form.get("opponent", offered[0] if offered else "")
    try:
        friends = int(form.get("friends", "0"))
        others = int(form.get("seats", str(len(kind.default_seats)))) - 1
    except ValueError:
        return "bad numbers"
    if opponent not in offered or not 0 <= friends <= others:
        return "unknown seats"
    return [HUMAN] * (1 + friends) + [opponent] * (others - friends)


async def _seat_now(
    request: Request, visit: Visit, service: GameService, game_id: str
) -> SeatNow | HTMLResponse:
    """What the visitor's seat (or a spectator) is shown now, or the page that says why
    not: the address's rate of looks, a game that does not exist or is not theirs. The
    whole move log when the page asks for it, or filters it (``?log=all``, ``log_seat``,
    ``log_kind``)."""
    query = request.query_params
    whole = query.get("log") == "all" or bool(query.get("log_seat") or query.get("log_kind"))
    try:
        return await looked_at(request, visit, lambda: observe(service, visit.user, game_id, whole))
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        return visit.render("kernel/message.html", status=error.status, message=error.message)


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(game_id: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    service = service_of(request)
    now = await _seat_now(request, visit, service, game_id)
    if isinstance(now, HTMLResponse):
        return now
    watching = now.page["seat"] is None
    if watching and now.page["status"] == "waiting":  # not started: an invitation to a seat
        if visit.user is None:
            return visit.render("kernel/login_needed.html", next=f"/games/{game_id}")
        return await invitation_page(visit, service, game_id)
    shown, fragment = table_fragment(visit, game_id, now, request.query_params)
    practice = bool(now.page["practice"])  # one person against machines, unrated
    over = now.page["status"] == "over"
    rematch = await rematch_box(visit, game_id) if over else None
    news = await run_in_threadpool(service.news, game_id)  # timeouts, resignations, aborts
    panel = clock_panel(visit, now.page, news)  # the clocks, resign and abort, what happened
    watchers = await watchers_now(request, visit, now.page)
    chat = await chat_box(visit, request, game_id, practice)  # seated or watching
    seated = not watching
    # No hint for a seat a machine plays now (its player resigned): it has no decisions.
    playing = seated and not over and now.page["seats"][now.page["seat"]].get("left") is None
    hint = await hint_box(visit, service, game_id) if practice and playing else None
    kind = games()[now.page["game"]]
    players = [seat.get("user") for seat in now.page["seats"]]
    title = game_title(visit, game_label(kind, visit), players, now.page["seat"])
    return shown.render(
        "play/game.html", fragment=fragment.template, practice=practice, rematch=rematch,
        panel=panel, watching=watching, watchers=watchers, chat=chat, hint=hint, title=title,
        analysable=seated and over and analysable(now.page["game"]),
        rules_url=rules_url(now.page["game"]),
        **fragment.context,
    )  # fmt: skip


@router.post("/games/{game_id}/join")
async def join(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    service = service_of(request)
    try:
        await run_in_threadpool(service.join, user, game_id)
    except GameError as error:  # a lobby refusal (closed, rating range) in the visitor's words
        message = refusal_text(visit, error.code) or error.message
        return visit.render("kernel/message.html", status=error.status, message=message)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.get("/games/{game_id}/board", response_class=HTMLResponse)
async def board(game_id: str, request: Request) -> HTMLResponse:
    """The table alone (htmx swaps it in); the query may carry the game's own choices (a
    previewed placement, a mode). A spectator's too."""
    visit = await visit_of(request)
    now = await _seat_now(request, visit, service_of(request), game_id)
    if isinstance(now, HTMLResponse):
        return now
    # Drawn in a request thread: a table takes milliseconds of CPU, which on the event loop
    # would hold up every other request meanwhile (the moves played there).
    return await run_in_threadpool(drawn_table, visit, game_id, now, request.query_params)


@router.post("/games/{game_id}/act", response_class=HTMLResponse)
async def act(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = service_of(request)
    posted = await request.form()

    async def move() -> None:
        action, seq = json.loads(form.get("action", "")), int(form.get("seq", "-1"))
        if isinstance(action, dict):
            action = _with_args(action, posted, _list_args(game_name(service, game_id)))
        await move_path_of(request).play(user, game_id, seq, action)  # the API's path

    return await seat_post(request, visit, user, game_id, move)


async def seat_post(
    request: Request,
    visit: Visit,
    user: User,
    game_id: str,
    change: Callable[[], Awaitable[object]],
) -> Response:
    """A seat's form post that changes the game (a move, an undo): ``change`` makes it,
    within the account's rate of moves (it counts it). Answered with the seat's table
    redrawn (htmx) or the page again (a plain post); a refused or unreadable change is
    said in words."""
    service = service_of(request)
    error = None
    try:
        await change()
    except RateLimited as limited:
        return refused_page(visit, limited)
    except TooFew as few:
        error = visit.gettext("Choose at least %(least)s, or the button for none.") % {
            "least": few.least
        }
    except (ValueError, TypeError):
        error = visit.gettext("That move could not be read. Try again.")
    except GameError as refused:
        if refused.status in (401, 403, 404):
            return visit.render(
                "kernel/message.html", status=refused.status, message=refused.message
            )
        error = refusal(visit, refused)
    if "hx-request" not in request.headers:  # a plain form post: back to the page
        return RedirectResponse(f"/games/{game_id}", status_code=303)
    now = await run_in_threadpool(observe, service, user, game_id)
    return await run_in_threadpool(drawn_table, visit, game_id, now, {}, error)


def drawn_table(
    visit: Visit, game_id: str, now: SeatNow, query: Mapping[str, str], error: str | None = None
) -> HTMLResponse:
    """The seat's table alone (:func:`table_fragment`), rendered."""
    shown, fragment = table_fragment(visit, game_id, now, query, error)
    return shown.render(fragment.template, **fragment.context)


def refusal(visit: Visit, refused: GameError) -> str:
    """A refused move as a page tells it: a few words in the player's language. The API
    keeps the service's precise message (``malformed purchase action …``), which is
    written for developers; the page shows the game as it is now below it."""
    if refused.status == 409:
        return visit.gettext("The game moved on meanwhile; here it is now.")
    return visit.gettext("That move is not possible now; here is the game as it is.")


def _list_args(game: str | None) -> frozenset[str]:
    adapter = web_game(games()[game]) if game is not None and game in games() else None
    return frozenset() if adapter is None else adapter.list_args


class TooFew(ValueError):
    """A number typed in a move's form below the form's ``least_<key>`` (a "Buy" of 0 VP:
    the form's own "None" button says that, issue 44)."""

    def __init__(self, least: int) -> None:
        super().__init__(f"at least {least}")
        self.least = least


def _with_args(action: JSON, form: Any, list_args: frozenset[str]) -> JSON:
    """The action with its ``arg_<key>`` form fields filled in (numbers as numbers); a
    number below the form's ``least_<key>`` field is :class:`TooFew`."""
    action = dict(action)
    for field in set(form.keys()):
        if not field.startswith("arg_"):
            continue
        key = field[4:]
        values = [str(value) for value in form.getlist(field)]
        if key in list_args:
            action[key] = values
        elif values:
            value = values[-1].strip()
            action[key] = int(value) if value.lstrip("-").isdigit() else value
            least = str(form.get(f"least_{key}", "")).strip()
            if least.isdigit() and (not isinstance(action[key], int) or action[key] < int(least)):
                raise TooFew(int(least))
    return action


#: The latest moves whose events the move log shows (the whole log on request).
LOG_MOVES = 20


@dataclass(frozen=True)
class SeatNow:
    """What a seat is shown now: its view, its observation and the stored events it may see
    up to the view's move (read after the view: never a move the view does not show), from
    the move after ``log_from`` (the move log's first; all of a finished game's); the game's
    record once it is over; whether it is the seat's guided game (issue 25)."""

    page: JSON
    seen: object
    events: list[SeatEvent]
    record: GameRecord | None = None
    guided: bool = False
    log_from: int = 0
    machine_moves: frozenset[int] = frozenset()


def observe(
    service: GameService, user: User | None, game_id: str, whole_log: bool = False
) -> SeatNow:
    """What the user's seat is shown now; anyone not seated: a spectator's table (with no
    record: the score chart of a finished game is its players'). The move log shows the
    latest :data:`LOG_MOVES` moves, the whole log with ``whole_log``: a table costs the same
    at move 10 and at move 150 (issue 43)."""
    page, seen = service.observe(user, game_id, watch=True)
    seq, over = page["seq"], page["status"] == "over"
    log_from = 0 if whole_log or seq <= LOG_MOVES else seq - LOG_MOVES
    since = log_from if log_from and not over else None  # a result may read every event
    events = service.seat_events(user, game_id, since=since, upto=seq, watch=True)
    if user is None or page["seat"] is None:
        return SeatNow(page, seen, events, log_from=log_from,
                       machine_moves=service.machine_moves(game_id))  # fmt: skip
    record = GameRecord.from_json(service.record(user, game_id)) if over else None
    guided = guide_shown(service, user, game_id)
    return SeatNow(page, seen, events, record, guided, log_from, service.machine_moves(game_id))


def table_fragment(
    visit: Visit,
    game_id: str,
    now: SeatNow,
    query: Mapping[str, str],
    error: str | None = None,
) -> tuple[Visit, Fragment]:
    """The seat's table: drawn by the game's web adapter, else by the generic page; and
    the visit in the game's words, to render it with."""
    page = now.page
    kind = games()[page["game"]]
    visit = visit.for_game(kind)
    decision = decision_key(page["legal_actions"])
    if query.get("decision", decision) != decision:
        query = {}  # a choice kept for a decision the seat no longer faces
    request = TableRequest(
        game_id, page, now.seen, dict(query), visit.lang, visit.gettext, error, now.events,
        now.record, now.log_from, now.machine_moves,
    )  # fmt: skip
    adapter = web_game(kind)
    drawn = generic_table(request, kind) if adapter is None else adapter.table(request)
    guide = guide_sentence(page, visit.gettext) if now.guided else None
    context = {**drawn.context, "decision": decision, "guide": guide}
    return visit, Fragment(drawn.template, context)


def decision_key(legal_actions: object) -> str:
    """A short name of the decision a seat faces (its legal actions; ``""`` for none): the
    page keeps what the player is choosing across live updates only while it stays the
    same, and a kept choice (a previewed placement) is dropped once it changed."""
    if not legal_actions:
        return ""
    text = json.dumps(legal_actions, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
