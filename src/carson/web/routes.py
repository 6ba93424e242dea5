"""The pages of the web interface: home, accounts, games, replay, scoring assistant, rules.

Pages are rendered on the server; htmx swaps the game board after a click and the page
listens to the game's server-sent events to fetch the new board when others move. Browsers
log in with the session cookie; every form that changes something carries the CSRF token
(the double-submit cookie of :mod:`carson.server.api`).
"""

from __future__ import annotations

import hmac
import json
import secrets
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, BackgroundTasks, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.concurrency import run_in_threadpool

from carson.core.registry import HUMAN
from carson.games.card.catalog import load_catalog
from carson.games.card.cli.input import InputError
from carson.games.card.cli.score import score_request
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.parcels import Parcel
from carson.games.card.scoring import MAX_SALES
from carson.server import auth
from carson.server.api import CSRF_COOKIE, SESSION_COOKIE, SESSION_SECONDS
from carson.server.db import User
from carson.server.games import GameError, GameService
from carson.terminal.texts import texts
from carson.web.board_events import EVENTS
from carson.web.board_present import BoardPresenter
from carson.web.i18n import LANGUAGES, choose_language, language_name, machine_label, translations
from carson.web.present import Cell, Presenter

router = APIRouter(include_in_schema=False)
STATIC = Path(str(resources.files("carson.web").joinpath("static")))
OPPONENTS = ("expert", "advanced", "beginner", "ai-easy", "ai-medium", "ai-hard", "greedy")
BOARD_OPPONENTS = ("ai-easy", "ai-medium", "ai-hard", "greedy", "random")
#: The board game's variants on the home page (BG-10): one way to set the card sides ("" is
#: the standard, all yellow), and the others as checkboxes.
BOARD_SIDES = ("", "red-sides", "random-sides", "vote-sides")
BOARD_OPTIONS = ("duel-tiles", "river", "new-beginning")
#: Form fields ``arg_<key>`` fill in that key of the posted action (a vote's ticked cards,
#: a count typed in); these keys take every value of the field as a list.
LIST_ARGS = frozenset({"red"})
ASSISTANT_SIZE = 9  # the largest city (9×8 or 8×9 with the Captain) fits
_env = Environment(
    loader=PackageLoader("carson.web", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass
class Visit:
    """Who asks, in which language, with what CSRF token."""

    request: Request
    user: User | None
    lang: str
    csrf: str

    def gettext(self, message: str) -> str:
        return str(translations(self.lang).gettext(message))

    def render(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        page = _env.get_template(template).render(
            _=self.gettext,
            lang=self.lang,
            languages=[(code, language_name(code)) for code in LANGUAGES],
            user=self.user,
            csrf=self.csrf,
            path=quote(self.request.url.path),
            **context,
        )
        return HTMLResponse(page, status_code=status)


def _service(request: Request) -> GameService:
    service = request.app.state.games
    assert isinstance(service, GameService)
    return service


async def _visit(request: Request) -> Visit:
    lang = choose_language(request.cookies.get("lang"), request.headers.get("accept-language"))
    user = None
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        service = _service(request)
        user = service.remembered_user(token) or await run_in_threadpool(
            service.user_for_token, token
        )
    return Visit(request, user, lang, request.cookies.get(CSRF_COOKIE, ""))


async def _form(request: Request, visit: Visit) -> dict[str, str] | None:
    """The posted form, if its CSRF token matches the cookie's (else None)."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    sent = form.get("csrf", "")
    if not visit.csrf or not hmac.compare_digest(sent, visit.csrf):
        return None
    return form


async def _signed_in_form(request: Request) -> tuple[Visit, User, dict[str, str]] | Response:
    """The visit, its user and the posted form; or the refusal when there is no session or
    the form's CSRF token is wrong."""
    visit = await _visit(request)
    form = await _form(request, visit)
    if visit.user is None or form is None:
        return _forbidden(visit)
    return visit, visit.user, form


def _login_response(token: str, request: Request, to: str = "/") -> RedirectResponse:
    response = RedirectResponse(to, status_code=303)
    secure = request.url.scheme == "https"
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax", secure=secure,
                        max_age=SESSION_SECONDS)  # fmt: skip
    response.set_cookie(CSRF_COOKIE, secrets.token_urlsafe(24), httponly=False, samesite="strict",
                        secure=secure, max_age=SESSION_SECONDS)  # fmt: skip
    return response


def _forbidden(visit: Visit) -> HTMLResponse:
    message = visit.gettext("Your session has expired or the form is stale. Reload the page.")
    return visit.render("message.html", status=403, message=message)


# ---------------------------------------------------------------------- home and accounts


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    visit = await _visit(request)
    games: list[dict[str, Any]] = []
    if visit.user is not None:
        games = await run_in_threadpool(_service(request).games_of, visit.user)
    names = texts(visit.lang)
    kinds = [(kind, _kind_label(kind, visit)) for kind in OPPONENTS]
    board_kinds = [(kind, _kind_label(kind, visit)) for kind in BOARD_OPPONENTS]
    chosen = "board" if request.query_params.get("game") == "board" else "card"
    return visit.render("home.html", games=games, kinds=kinds, names=names, chosen=chosen,
                        board_kinds=board_kinds, sides=_side_labels(visit),
                        options=_option_labels(visit),
                        error=request.query_params.get("error"))  # fmt: skip


def _side_labels(visit: Visit) -> list[tuple[str, str]]:
    _ = visit.gettext
    labels = {
        "": _("yellow (standard)"),
        "red-sides": _("red"),
        "random-sides": _("random, card by card"),
        "vote-sides": _("by secret vote"),
    }
    return [(side, labels[side]) for side in BOARD_SIDES]


def _option_labels(visit: Visit) -> list[tuple[str, str, str]]:
    _ = visit.gettext
    labels = {
        "duel-tiles": (_("Duel tiles"), _("secret tiles instead of dice in duels")),
        "river": (_("The river"), _("the river side of the board, with bridges")),
        "new-beginning": (_("A new beginning"), _("start with $50 and buy your start in secret")),
    }
    return [(option, *labels[option]) for option in BOARD_OPTIONS]


def _kind_label(kind: str, visit: Visit) -> str:
    names = texts(visit.lang)
    if names.has("levels", kind):
        return visit.gettext("virtual player") + f" ({names('levels', kind)})"
    if kind == HUMAN:
        return visit.gettext("a friend")
    return machine_label(kind, visit.gettext)


@router.post("/register")
async def register(request: Request) -> Response:
    return await _account(request, create=True)


@router.post("/login")
async def login(request: Request) -> Response:
    return await _account(request, create=False)


async def _account(request: Request, *, create: bool) -> Response:
    form = {key: str(value) for key, value in (await request.form()).items()}
    service = _service(request)

    def attempt() -> str:
        with service.sessions.begin() as session:
            if create:
                return auth.register(session, form.get("username", ""), form.get("password", ""))
            return auth.login(session, form.get("username", ""), form.get("password", ""))

    try:
        token = await run_in_threadpool(attempt)
    except auth.AuthError as error:
        return RedirectResponse("/?error=" + quote(str(error)), status_code=303)
    back = form.get("next", "/")
    return _login_response(token, request, back if back.startswith("/") else "/")


@router.post("/logout")
async def logout(request: Request) -> Response:
    visit = await _visit(request)
    if await _form(request, visit) is None:
        return _forbidden(visit)
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await run_in_threadpool(_service(request).revoke, token)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    response.delete_cookie(CSRF_COOKIE)
    return response


@router.get("/lang/{code}")
async def switch_language(code: str, request: Request) -> Response:
    back = request.query_params.get("next", "/")
    response = RedirectResponse(back if back.startswith("/") else "/", status_code=303)
    if code in LANGUAGES:
        response.set_cookie("lang", code, max_age=365 * 24 * 3600, samesite="lax")
    return response


# ---------------------------------------------------------------------- games


@router.post("/play")
async def new_game(request: Request, later: BackgroundTasks) -> Response:
    """Play now (``friends`` = 0: you against machine seats) or a game for friends."""
    checked = await _signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    game = "board" if form.get("game") == "board" else "card"
    home = "/?game=board&error=" if game == "board" else "/?error="
    opponent = form.get("opponent", "expert" if game == "card" else "ai-easy")
    try:
        friends = int(form.get("friends", "0"))
        others = int(form.get("seats", "4" if game == "card" else "3")) - 1
    except ValueError:
        return RedirectResponse(home + quote("bad numbers"), status_code=303)
    allowed = OPPONENTS if game == "card" else BOARD_OPPONENTS
    if opponent not in allowed or not 0 <= friends <= others:
        return RedirectResponse(home + quote("unknown seats"), status_code=303)
    seats = [HUMAN] * (1 + friends) + [opponent] * (others - friends)
    variants: list[str] = []
    if game == "board":
        side = form.get("sides", "")
        variants = ([side] if side else []) + [o for o in BOARD_OPTIONS if form.get(o)]
    service = _service(request)
    try:
        view = await run_in_threadpool(
            service.create, user, seats, None, visit.lang, game, variants
        )
    except GameError as error:
        return RedirectResponse(home + quote(error.message), status_code=303)
    later.add_task(service.run_machines, view["id"])
    return RedirectResponse(f"/games/{view['id']}", status_code=303, background=later)


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(game_id: str, request: Request) -> HTMLResponse:
    visit = await _visit(request)
    service = _service(request)
    if visit.user is None:
        return visit.render("login_needed.html", next=f"/games/{game_id}")
    try:
        page, seen = await run_in_threadpool(service.observe, visit.user, game_id)
    except GameError as error:
        if error.status == 403:  # not seated: an invitation, if a seat is free
            return await _invitation(visit, service, game_id)
        return visit.render("message.html", status=error.status, message=error.message)
    fragment, board = _fragment(visit, game_id, page, seen, request)
    return visit.render("game.html", board=board, fragment=fragment)


async def _invitation(visit: Visit, service: GameService, game_id: str) -> HTMLResponse:
    try:
        kinds = await run_in_threadpool(service.seat_kinds, game_id)
    except GameError as error:
        return visit.render("message.html", status=error.status, message=error.message)
    labels = [_kind_label(kind, visit) for kind in kinds]
    return visit.render("join.html", game_id=game_id, seats=labels)


@router.post("/games/{game_id}/join")
async def join(game_id: str, request: Request, later: BackgroundTasks) -> Response:
    checked = await _signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    service = _service(request)
    try:
        await run_in_threadpool(service.join, user, game_id)
    except GameError as error:
        return visit.render("message.html", status=error.status, message=error.message)
    later.add_task(service.run_machines, game_id)
    return RedirectResponse(f"/games/{game_id}", status_code=303, background=later)


@router.get("/games/{game_id}/board", response_class=HTMLResponse)
async def board(game_id: str, request: Request) -> HTMLResponse:
    """The board alone (htmx swaps it in); ``?x=&y=`` previews a placement."""
    visit = await _visit(request)
    if visit.user is None:
        return _forbidden(visit)
    try:
        page, seen = await run_in_threadpool(_service(request).observe, visit.user, game_id)
    except GameError as error:
        return visit.render("message.html", status=error.status, message=error.message)
    fragment, data = _fragment(visit, game_id, page, seen, request)
    return visit.render(fragment, board=data)


def _preview(request: Request) -> tuple[int, int] | None:
    """The corner ``?x=&y=`` the player clicked to preview a placement, if any."""
    try:
        return int(request.query_params["x"]), int(request.query_params["y"])
    except (KeyError, ValueError):
        return None


@router.post("/games/{game_id}/act", response_class=HTMLResponse)
async def act(game_id: str, request: Request, later: BackgroundTasks) -> Response:
    checked = await _signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    service = _service(request)
    error = None
    try:
        action, seq = json.loads(form.get("action", "")), int(form.get("seq", "-1"))
        if isinstance(action, dict):
            action = _with_args(action, await request.form())
        await run_in_threadpool(service.act, user, game_id, seq, action)
    except (ValueError, TypeError):
        error = visit.gettext("That move could not be read. Try again.")
    except GameError as refused:
        if refused.status in (401, 403, 404):
            return visit.render("message.html", status=refused.status, message=refused.message)
        error = (
            visit.gettext("The game moved on meanwhile; here it is now.")
            if refused.status == 409
            else refused.message
        )
    if service.has_machine_seats(game_id):
        later.add_task(service.run_machines, game_id)
    if "hx-request" not in request.headers:  # a plain form post: back to the page
        return RedirectResponse(f"/games/{game_id}", status_code=303, background=later)
    page, seen = await run_in_threadpool(service.observe, user, game_id)
    fragment, data = _fragment(visit, game_id, page, seen, None, error)
    response = visit.render(fragment, board=data)
    response.background = later
    return response


def _with_args(action: dict[str, Any], form: Any) -> dict[str, Any]:
    """The action with its ``arg_<key>`` form fields filled in (numbers as numbers)."""
    action = dict(action)
    for field in set(form.keys()):
        if not field.startswith("arg_"):
            continue
        key = field[4:]
        values = [str(value) for value in form.getlist(field)]
        if key in LIST_ARGS:
            action[key] = values
        elif values:
            value = values[-1].strip()
            action[key] = int(value) if value.lstrip("-").isdigit() else value
    return action


def _fragment(
    visit: Visit,
    game_id: str,
    page: dict[str, Any],
    seen: Any,
    request: Request | None,
    error: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """The template of the game's table and its data: the card game's or the board game's."""
    if page.get("game") == "board":
        mode = None if request is None else request.query_params.get("mode")
        events = EVENTS.seen_by(game_id, seen.state, page["seat"]) if seen is not None else []
        data = BoardPresenter(visit.lang, visit.gettext).game(page, events, mode)
        data["error"] = error
        return "boardgame.html", data
    preview = None if request is None else _preview(request)
    return "board.html", _board_data(visit, page, seen, preview, error)


def _board_data(
    visit: Visit,
    page: dict[str, Any],
    seen: SeatObservation | None,
    preview: tuple[int, int] | None,
    error: str | None = None,
) -> dict[str, Any]:
    presenter = Presenter(load_catalog(), texts(visit.lang), visit.gettext)
    data = presenter.game(page, seen, preview)
    data["error"] = error
    data["parcel_names"] = {parcel.id: presenter.parcel(parcel.id) for parcel in Parcel}
    return data


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(game_id: str, request: Request) -> HTMLResponse:
    visit = await _visit(request)
    if visit.user is None:
        return visit.render("login_needed.html", next=f"/games/{game_id}/replay")
    try:
        step = int(request.query_params.get("step", "0"))
    except ValueError:
        step = 0
    service = _service(request)
    try:
        page, total = await run_in_threadpool(service.replay, visit.user, game_id, step)
    except GameError as error:
        return visit.render("message.html", status=error.status, message=error.message)
    page = {**page, "legal_actions": []}
    if page.get("game") == "board":
        return await _board_replay(visit, service, game_id, page, total)
    presenter = Presenter(load_catalog(), texts(visit.lang), visit.gettext)
    data = presenter.game(page, None, None)
    data["parcel_names"] = {parcel.id: presenter.parcel(parcel.id) for parcel in Parcel}
    data["error"] = None
    step = page["seq"]
    return visit.render(
        "replay.html", board=data, step=step, total=total, game_id=game_id,
        cities=_replay_cities(page),
    )  # fmt: skip


async def _board_replay(
    visit: Visit, service: GameService, game_id: str, page: dict[str, Any], total: int
) -> HTMLResponse:
    assert visit.user is not None
    _, final = await run_in_threadpool(service.observe, visit.user, game_id)
    step = page["seq"]
    events = EVENTS.seen_by(game_id, final.state, page["seat"], upto=step)
    data = BoardPresenter(visit.lang, visit.gettext).game(page, events)
    data["error"] = None
    return visit.render(
        "boardgame_replay.html", board=data, step=step, total=total, game_id=game_id, replay=True
    )


def _replay_cell(x: int, y: int, letter: str) -> Cell:
    if letter == "-":
        return Cell(x, y, None, "")
    return Cell(x, y, Parcel.from_letter(letter).id, letter)


def _replay_cities(page: dict[str, Any]) -> dict[int, list[list[Cell]]]:
    """The cities of the replayed moment, from the view's grids (the view holds each
    player seat's visible grid)."""
    cities: dict[int, list[list[Cell]]] = {}
    for index, seat in enumerate(page["view"]["seats"]):
        rows = seat.get("city", {}).get("grid", [])
        cities[index] = [
            [_replay_cell(x, y, letter) for x, letter in enumerate(row)]
            for y, row in enumerate(rows)
        ]
    return cities


# ---------------------------------------------------------------------- assistant and rules


@router.get("/score", response_class=HTMLResponse)
async def assistant(request: Request) -> HTMLResponse:
    visit = await _visit(request)
    return visit.render("score.html", **_assistant_context(visit))


@router.post("/score", response_class=HTMLResponse)
async def assistant_sheet(request: Request) -> HTMLResponse:
    """The score sheet of the city in the form (htmx swaps it in beside the grid)."""
    visit = await _visit(request)
    form = {key: str(value) for key, value in (await request.form()).items()}
    people = [key[2:] for key in form if key.startswith("p-")]
    rows = [
        "".join(form.get(f"c-{x}-{y}", "-") or "-" for x in range(ASSISTANT_SIZE))
        for y in range(ASSISTANT_SIZE)
    ]
    try:
        sold = int(form.get("sold", "0") or 0)
    except ValueError:
        sold = -1
    try:
        sheet = score_request({"grid": _trim(rows), "personalities": people, "sold": sold})
    except InputError as error:
        return visit.render("sheet.html", sheet=None, error=str(error), labels={})
    return visit.render("sheet.html", sheet=sheet, error=None, labels=_labels(visit))


def _trim(rows: list[str]) -> list[str]:
    """Drop the empty rows and columns around the city (it is translation-invariant)."""
    rows = [row for row in rows if row.strip("-")]
    if not rows:
        return []
    used = [x for x in range(len(rows[0])) if any(row[x] != "-" for row in rows)]
    return [row[used[0] : used[-1] + 1] for row in rows]


def _labels(visit: Visit) -> dict[str, str]:
    names = texts(visit.lang)
    catalog = load_catalog()
    labels = {person.id: person.name(visit.lang) for person in catalog.personalities}
    labels.update({parcel.id: names("parcels", parcel.id) for parcel in Parcel})
    return labels


def _assistant_context(visit: Visit) -> dict[str, Any]:
    names = texts(visit.lang)
    catalog = load_catalog()
    return {
        "size": ASSISTANT_SIZE,
        "parcels": [(parcel.id, parcel.letter, names("parcels", parcel.id)) for parcel in Parcel],
        "personalities": [
            (person.id, person.name(visit.lang), names("does", person.id))
            for person in catalog.personalities
        ],
        "max_sales": MAX_SALES,
    }


@router.get("/rules", response_class=HTMLResponse)
async def rules(request: Request) -> HTMLResponse:
    visit = await _visit(request)
    names = texts(visit.lang)
    catalog = load_catalog()
    parcels = [(parcel.id, parcel.letter, names("parcels", parcel.id)) for parcel in Parcel]
    people = [
        (person.id, person.name(visit.lang), names("does", person.id), person.desirability)
        for person in catalog.personalities
    ]
    chosen = "board" if request.query_params.get("game") == "board" else "card"
    board_people: list[tuple[str, str, str]] = []
    if chosen == "board":
        present = BoardPresenter(visit.lang, visit.gettext)
        board_people = [
            (present.personality(pid), present.effect(pid, "yellow"), present.effect(pid, "red"))
            for pid in present.catalog.personalities
        ]
    return visit.render("rules.html", parcels=parcels, people=people, chosen=chosen,
                        board_people=board_people, options=_option_labels(visit))  # fmt: skip
