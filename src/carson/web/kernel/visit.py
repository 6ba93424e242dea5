"""One request to a page: who asks, in which language, with which CSRF token, and the
helpers every page shares (rendering, the posted form, the session cookies)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.registry import HUMAN, AnyGameKind, games
from carson.server.accounts import auth
from carson.server.kernel import cookies
from carson.server.kernel.cookies import CSRF_COOKIE, SESSION_COOKIE
from carson.server.kernel.db import Game, User
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.web.kernel.adapter import web_game
from carson.web.kernel.i18n import (
    LANGUAGES,
    choose_language,
    language_name,
    machine_label,
    machine_level,
    machine_seat_name,
    translations,
)
from carson.web.kernel.templating import environment


@dataclass
class Visit:
    """Who asks, in which language, with what CSRF token (``fresh``: made for this visit,
    which had none: the page sets its cookie); ``games`` the games' catalogs read before the
    platform's (a game's page reads its game's); ``token`` the session's."""

    request: Request
    user: User | None
    lang: str
    csrf: str
    games: tuple[tuple[str, str], ...] = ()
    fresh: bool = False
    token: str | None = None

    def gettext(self, message: str) -> str:
        return str(translations(self.lang, self.games).gettext(message))

    def speaking(self, messages: tuple[str, str]) -> Visit:
        """This visit with a game's catalog read first."""
        return replace(self, games=(messages, *self.games))

    def for_game(self, kind: AnyGameKind) -> Visit:
        """This visit as a page of ``kind`` reads: with its web catalog, if it has one."""
        adapter = web_game(kind)
        return self if adapter is None else self.speaking(adapter.messages)

    def render(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        page = (
            environment()
            .get_template(template)
            .render(
                _=self.gettext,
                lang=self.lang,
                languages=[(code, language_name(code)) for code in LANGUAGES],
                user=self.user,
                csrf=self.csrf,
                path=quote(self.request.url.path),
                links=self.links(),
                **context,
            )
        )
        response = HTMLResponse(page, status_code=status)
        if self.fresh:
            cookies.set_csrf(response, self.request, self.csrf)
        return response

    def links(self) -> list[tuple[str, str]]:
        """The games' own pages in the header (the card game's scoring assistant)."""
        found: list[tuple[str, str]] = []
        for kind in games().values():
            adapter = web_game(kind)
            if adapter is not None:
                found.extend(adapter.links(self.speaking(adapter.messages).gettext))
        return found

    def seat_label(self, game: str, kind: str) -> str:
        """A seat kind as players read it: the game's own label, else the platform's."""
        adapter = web_game(games()[game]) if game in games() else None
        if adapter is not None:
            own = self.speaking(adapter.messages)
            label = adapter.seat_label(kind, self.lang, own.gettext)
            if label is not None:
                return label
        if kind == HUMAN:
            return self.gettext("a friend")
        return machine_label(kind, self.gettext)

    def machine_seat(self, game: str, kinds: list[str], index: int) -> str:
        """The machine at seat ``index`` of a table of ``kinds`` as players read it:
        "Machine (easy)", numbered when two machines share a level; a game's own players
        (the card game's virtual players) by the game's label."""
        if machine_level(kinds[index], self.gettext) is None:
            return self.seat_label(game, kinds[index])
        return machine_seat_name(kinds, index, self.gettext)


async def visit_of(request: Request) -> Visit:
    lang = choose_language(request.cookies.get("lang"), request.headers.get("accept-language"))
    user = None
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        service = service_of(request)
        user = service.remembered_user(token) or await run_in_threadpool(
            service.user_for_token, token
        )
    csrf = request.cookies.get(CSRF_COOKIE, "")
    if csrf:
        return Visit(request, user, lang, csrf, token=token if user else None)
    # Anonymous visitors get a CSRF token too: the log-in and sign-up forms carry it.
    return Visit(request, user, lang, cookies.new_csrf(), fresh=True, token=token if user else None)


async def checked_form(request: Request, visit: Visit) -> dict[str, str] | None:
    """The posted form, if it comes from this site (Origin) and its CSRF token matches the
    cookie's (else None). A visit without the cookie has a fresh token no form carries."""
    if not cookies.same_origin(request):
        return None
    form = {key: str(value) for key, value in (await request.form()).items()}
    sent = form.get("csrf", "")
    if visit.fresh or not visit.csrf or not auth.same_secret(visit.csrf, sent):
        return None
    return form


async def signed_in_form(request: Request) -> tuple[Visit, User, dict[str, str]] | Response:
    """The visit, its user and the posted form; or the refusal when there is no session or
    the form's CSRF token is wrong."""
    visit = await visit_of(request)
    form = await checked_form(request, visit)
    if visit.user is None or form is None:
        return forbidden(visit)
    return visit, visit.user, form


def same_site_path(target: str) -> str:
    """``target`` if it is a path of this site, else ``/``: a ``next`` parameter must never
    send a visitor elsewhere (``//evil.example``, ``/\\evil.example``, ``https://…``)."""
    parts = urlsplit(target)
    foreign = parts.scheme or parts.netloc or not target.startswith("/")
    if foreign or target.startswith("//") or "\\" in target:
        return "/"
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in target):
        return "/"
    return target


def login_response(token: str, request: Request, to: str = "/") -> RedirectResponse:
    """Logged in: the session's cookies (a new CSRF token) and on to ``to``."""
    response = RedirectResponse(to, status_code=303)
    cookies.set_session(response, request, token, cookies.new_csrf())
    return response


def forbidden(visit: Visit) -> HTMLResponse:
    message = visit.gettext("Your session has expired or the form is stale. Reload the page.")
    return visit.render("kernel/message.html", status=403, message=message)


def game_name(service: GameService, game_id: str) -> str | None:
    """Which game ``game_id`` is (``None`` for no such game), asked of anyone: an
    invitation shows the seats in the game's own words."""
    with service.sessions() as session:
        stored = session.get(Game, game_id)
        return None if stored is None else stored.game


def game_label(kind: AnyGameKind, visit: Visit) -> str:
    """A game's name on the pages, in the visitor's language."""
    adapter = web_game(kind)
    return kind.title if adapter is None else adapter.label(visit.for_game(kind).gettext)
