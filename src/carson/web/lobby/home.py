"""The home page (one tab per installed game, its new-game forms, one's games) and the
accounts: register, log in, log out, the language switch."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Match

from carson.core.game import JSON
from carson.core.registry import AnyGameKind, games
from carson.server.accounts import auth
from carson.server.accounts.deps import accounts_of, client_label
from carson.server.accounts.passwords import HashingBusy
from carson.server.kernel import cookies
from carson.server.kernel.cookies import SESSION_COOKIE
from carson.server.kernel.errors import Unprocessable
from carson.server.kernel.ratelimit import RateLimited, client_address
from carson.server.mail.account_mail import registration_hook
from carson.server.mail.accounts import MailAccounts
from carson.server.play.api import MAX_GAMES_PAGE, service_of
from carson.web.kernel.adapter import Fragment, NewGameForm, web_game
from carson.web.kernel.clock_text import shown_time
from carson.web.kernel.i18n import LANGUAGES
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import (
    Visit,
    checked_form,
    forbidden,
    game_label,
    login_response,
    same_site_path,
    visit_of,
)
from carson.web.lobby.game_titles import game_title
from carson.web.lobby.guide import guide_offer

router = APIRouter(include_in_schema=False)

#: The most characters of a refused log-in's user name shown again (a name has at most 32).
MAX_TYPED = 64
#: How many of one's games a page of "My games" lists, newest first.
GAMES_PAGE = 20


def chosen_game(name: str | None) -> AnyGameKind:
    """The game a page's ``?game=`` names, else the first installed one."""
    installed = games()
    if name is not None and name in installed:
        return installed[name]
    return next(iter(installed.values()))


def tab_url(path: str, name: str) -> str:
    """The page ``path`` with the tab of game ``name`` open (the first game's is the plain
    path)."""
    return path if name == next(iter(games())) else f"{path}?game={name}"


def new_game_form(kind: AnyGameKind, visit: Visit) -> NewGameForm:
    """The game's new-game form: its adapter's, else one from the registry alone."""
    adapter = web_game(kind)
    if adapter is not None:
        return adapter.new_game_form(visit.lang, visit.for_game(kind).gettext)
    variants = None
    if kind.variants:
        variants = Fragment("lobby/generic_variants.html", {"variants": kind.variants})
    return NewGameForm(kind.title, None, kind.machine_kinds, f"{kind.name}-", variants)


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    error = page_error(visit, request.query_params.get("error"))
    return await home_page(request, visit, request.query_params.get("game"), error)


async def home_page(
    request: Request,
    visit: Visit,
    game: str | None,
    error: str | None,
    status: int = 200,
    typed: dict[str, str] | None = None,
) -> HTMLResponse:
    """The home page with the tab of ``game`` open, saying ``error`` if there is one;
    ``typed``: what a refused log-in or sign-up form had (never a password), shown again:
    ``username`` and ``next`` of a log-in, ``register_name``, ``register_email`` and
    ``register_error`` of a sign-up."""
    kind = chosen_game(game)
    page = games_page(request.query_params.get("page"))
    if page is None:  # not a page number: the first page, saying so
        page, error, status = 0, visit.gettext("There is no such page of your games."), 422
    mine: list[JSON] = []
    if visit.user is not None:  # one more than a page: is there an older page?
        offset = page * GAMES_PAGE
        mine = await run_in_threadpool(
            service_of(request).games_of, visit.user, offset, GAMES_PAGE + 1
        )
    form = new_game_form(kind, visit)
    labels = {name: game_label(other, visit) for name, other in games().items()}
    guides = [(name, labels[name], running) for name, running in await guide_offer(request, visit)]
    shown = mine[:GAMES_PAGE]
    for entry in shown:
        entry["title"] = game_title(
            visit, labels.get(str(entry["game"]), str(entry["game"])), entry.get("players", []),
            entry.get("seat"), entry.get("created"),
        )  # fmt: skip
        left = entry.get("time_left")
        entry["time_shown"] = None if left is None else shown_time(float(left))
        players = entry.get("players", [])
        entry["to_move"] = ", ".join(
            players[seat] or visit.gettext("a machine") for seat in entry.get("to_act", [])
            if seat != entry.get("seat") and seat < len(players)
        )  # fmt: skip
    return visit.for_game(kind).render(
        "lobby/home.html",
        status=status,
        games=shown,
        newer=games_url(kind.name, page - 1) if page > 0 else None,
        older=games_url(kind.name, page + 1) if len(mine) > GAMES_PAGE else None,
        game_names=labels,
        tabs=[(name, label, tab_url("/", name)) for name, label in labels.items()],
        chosen=kind.name,
        form=form,
        kinds=[(seat, visit.seat_label(kind.name, seat)) for seat in form.opponents],
        seat_counts=list(range(kind.min_seats, kind.max_seats + 1)),
        default_seats=len(kind.default_seats),
        friend_counts=list(range(1, kind.max_seats)),
        error=error,
        guides=guides,
        login_name=(typed or {}).get("username", ""),
        next=(typed or {}).get("next"),
        register_name=(typed or {}).get("register_name", ""),
        register_email=(typed or {}).get("register_email", ""),
        register_error=(typed or {}).get("register_error"),
    )


def games_page(raw: str | None) -> int | None:
    """The page of "My games" asked for (0: the newest), ``None`` if it is no page."""
    if raw is None:
        return 0
    if not raw.isdigit() or len(raw) > 5 or int(raw) > MAX_GAMES_PAGE:
        return None
    return int(raw)


def games_url(game: str, page: int) -> str:
    """The home page with the tab of ``game`` open at page ``page`` of "My games"."""
    base = tab_url("/", game)
    if page == 0:
        return base + "#my-games"
    return f"{base}{'&' if '?' in base else '?'}page={page}#my-games"


def _shown_by_get(request: Request, path: str) -> bool:
    """Whether some route of the app answers a GET of ``path``."""
    scope = {**request.scope, "method": "GET", "path": urlsplit(path).path}
    return any(route.matches(scope)[0] is Match.FULL for route in request.app.router.routes)


def page_error(visit: Visit, code: str | None) -> str | None:
    """What a refused log-in, sign-up or new game (its code in the address) means, in the
    visitor's language; an unknown code says nothing."""
    gettext = visit.gettext
    messages = {
        "wrong_credentials": gettext("Wrong username or password."),
        "username_taken": gettext("This username is taken."),
        "bad_username": gettext("A username has 3 to 32 letters, digits, '.', '_' or '-'."),
        "short_password": gettext("A password has at least %(count)s characters.")
        % {"count": auth.MIN_PASSWORD},
        "password_too_long": gettext("This password is too long."),
        "bad_table": gettext("That table cannot be set: choose the seats again."),
        "bad_address": gettext("That is not a valid e-mail address."),
    }
    return messages.get(code or "")


@router.get("/login", include_in_schema=False)
@router.get("/register", include_in_schema=False)
async def account_forms() -> RedirectResponse:
    """A typed or bookmarked address of the forms: the home page, which holds them (signed
    in, it shows the player's games instead)."""
    return RedirectResponse("/#login-form", status_code=303)


@router.post("/register")
async def register(request: Request) -> Response:
    return await _account(request, create=True)


@router.post("/login")
async def login(request: Request) -> Response:
    return await _account(request, create=False)


async def _account(request: Request, *, create: bool) -> Response:
    """Log in or sign up, from a form of this site (Origin and CSRF token: another site
    cannot log a visitor into an account of its choosing); rate-limited (a page says so)."""
    visit = await visit_of(request)
    form = await checked_form(request, visit)
    if form is None:
        return forbidden(visit)
    username, password = form.get("username", ""), form.get("password", "")
    accounts, address = accounts_of(request), client_address(request)
    try:
        # The account's mail: its language, and at sign-up its address (checked first).
        then = registration_hook(request, form.get("email") if create else None, visit.lang)
        token = await run_in_threadpool(
            accounts.log_in, address, username, password, client_label(request), create, then
        )
    except Unprocessable as error:  # a bad address: no account is created
        return await _sign_up_again(request, visit, form, error.code)
    except (RateLimited, HashingBusy) as error:
        return refused_page(visit, error)
    except auth.AuthError as error:
        if create:
            return await _sign_up_again(request, visit, form, error.code)
        going = same_site_path(form.get("next", "/"))  # the form again with the name typed
        typed = {"username": username[:MAX_TYPED], "next": going}
        text = page_error(visit, error.code)
        return await home_page(request, visit, None, text, status=401, typed=typed)
    return login_response(token, request, same_site_path(form.get("next", "/")))


async def _sign_up_again(
    request: Request, visit: Visit, form: Mapping[str, str], code: str
) -> HTMLResponse:
    """The sign-up form again as it was filled in (issue 44: a taken name once wiped it all),
    saying what is wrong next to it in the visitor's language; the password is never sent
    back, and the message says to type it again."""
    said = page_error(visit, code) or visit.gettext("That account cannot be created.")
    again = visit.gettext("Type your password again.")
    typed = {
        "register_name": form.get("username", "")[:MAX_TYPED],
        "register_email": form.get("email", "")[:MAX_TYPED],
        "register_error": f"{said} {again}",
        "next": same_site_path(form.get("next", "/")),
    }
    return await home_page(request, visit, None, None, status=422, typed=typed)


@router.post("/logout")
async def logout(request: Request) -> Response:
    visit = await visit_of(request)
    if await checked_form(request, visit) is None:
        return forbidden(visit)
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await run_in_threadpool(accounts_of(request).revoke, token)
    response = RedirectResponse("/", status_code=303)
    cookies.clear_session(response, request)
    return response


@router.get("/lang/{code}")
async def switch_language(code: str, request: Request) -> Response:
    back = same_site_path(request.query_params.get("next", "/"))
    if not _shown_by_get(request, back):  # a form's answer (POST only): its page instead
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if code in LANGUAGES:
        response.set_cookie("lang", code, max_age=365 * 24 * 3600, samesite="lax")
        visit = await visit_of(request)
        if visit.user is not None:  # the account's mail follows the language it reads
            mail = MailAccounts(accounts_of(request), service_of(request).jobs)
            await run_in_threadpool(mail.remember_language, visit.user, code)
    return response
