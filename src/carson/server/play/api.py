"""The public JSON API (its OpenAPI schema is served at ``/docs``).

Every route declares its answer's model and each error status it may send; every error is
an :class:`~carson.server.kernel.errors.ErrorBody`, ``{"detail": str, "code": str}`` (401 without a
valid token, 403 no seat or no CSRF token, 404 unknown game, 409 stale seq, 422 bad input or
an action the game refuses; 413 and 429 come from the request limits).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.sse import EventSourceResponse, ServerSentEvent
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth, tokens
from carson.server.accounts.service import Accounts
from carson.server.kernel import cookies
from carson.server.kernel.cookies import CSRF_COOKIE, CSRF_HEADER, SAFE_METHODS, SESSION_COOKIE
from carson.server.kernel.db import User
from carson.server.kernel.errors import (
    Conflict,
    Forbidden,
    GameError,
    Unauthorized,
    Unprocessable,
    declared,
)
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.kernel.ratelimit import client_address
from carson.server.kernel.stream_slots import RETRY_SECONDS, StreamSlots
from carson.server.mail.account_mail import registration_hook
from carson.server.play.event_log import MAX_PAGE_MOVES
from carson.server.play.games import GameService
from carson.server.play.live import stream, watchers, watching
from carson.server.play.live.stream import StreamStart
from carson.server.play.models import (
    ActionIn,
    Credentials,
    EventsPage,
    GameRecord,
    GameSummary,
    GameView,
    Me,
    NewAccount,
    NewGame,
    SessionClosed,
    SessionOpened,
    TokenOut,
)
from carson.server.play.move_route import MoveRoute

#: The last page of one's games an answer goes to (``offset`` stays bounded).
MAX_GAMES_PAGE = 10_000

router = APIRouter()
#: The route of a move alone, matched first of all (the server's hottest request), its common
#: case answered by :mod:`carson.server.play.move_route`.
moves = APIRouter(route_class=MoveRoute)
#: The fields of a new game's body that are its table's settings.
TABLE_FIELDS = {"public", "rated", "time_control", "on_timeout", "timeout_level",
                "rating_min", "rating_max"}  # fmt: skip
bearer = HTTPBearer(auto_error=False)
#: Moves in a page of events when the caller names no ``limit``.
DEFAULT_PAGE_MOVES = 100


def _service(request: Request) -> GameService:
    service = request.app.state.games
    assert isinstance(service, GameService)
    return service


# The dependencies are coroutines so that they run on the event loop: a plain function would
# cost every request a hop to the thread pool and back.
async def games(request: Request) -> GameService:
    return _service(request)


@dataclass(frozen=True)
class Caller:
    """Who calls, and with which session's token."""

    user: User
    token: str


async def current_caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Caller:
    """The caller, from ``Authorization: Bearer <token>`` (API clients) or from the session
    cookie (browsers). A cookie is sent by the browser on its own, so a state-changing
    request authenticated by it must also carry the CSRF token (double-submit cookie) and
    come from this site (:func:`carson.server.kernel.cookies.same_origin`)."""
    if credentials is not None and credentials.scheme.lower() == "bearer":
        token = credentials.credentials
    elif SESSION_COOKIE in request.cookies:
        token = request.cookies[SESSION_COOKIE]
        if request.method not in SAFE_METHODS:
            expected = request.cookies.get(CSRF_COOKIE, "")
            sent = request.headers.get(CSRF_HEADER, "")
            if not expected or not auth.same_secret(expected, sent):
                raise Forbidden(f"missing or wrong CSRF token (send {CSRF_HEADER})", "csrf")
            if not cookies.same_origin(request):
                raise Forbidden("a request from another site (Origin) is refused", "origin")
    else:
        raise Unauthorized("log in: send Authorization: Bearer <token>")
    service = _service(request)
    user = service.remembered_user(token)
    if user is None:  # not seen lately: ask the database, off the event loop
        user = await run_in_threadpool(service.user_for_token, token)
    if user is None:
        raise Unauthorized(
            "the token is not valid (unknown, expired or logged out)", "invalid_token"
        )
    return Caller(user, token)


async def current_user(caller: Annotated[Caller, Depends(current_caller)]) -> User:
    return caller.user


async def optional_user(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> User | None:
    """The caller if it sends a session (as :func:`current_caller`), else ``None``: a
    spectator. A browser's stale session cookie counts as none (its page is watched signed
    out); a bearer token that is not valid is still refused (401)."""
    if credentials is None and SESSION_COOKIE not in request.cookies:
        return None
    try:
        return (await current_caller(request, credentials)).user
    except Unauthorized:
        if credentials is not None:
            raise
        return None


Service = Annotated[GameService, Depends(games)]
CurrentCaller = Annotated[Caller, Depends(current_caller)]
CurrentUser = Annotated[User, Depends(current_user)]
#: Whoever calls a route that spectators may use too (``None``: signed out).
Viewer = Annotated[User | None, Depends(optional_user)]
#: Such a route's document: the bearer token is optional (``{}``: none at all).
OPTIONAL_AUTH: dict[str, Any] = {"security": [{}]}


def client_label(request: Request) -> str:
    """Which client opens a session, as its user will see it in the session list."""
    return tokens.agent_label(request.headers.get("user-agent"))


def _accounts(request: Request) -> Accounts:
    accounts = request.app.state.accounts
    assert isinstance(accounts, Accounts)
    return accounts


def _logged_in(
    request: Request,
    body: Credentials,
    create: bool = False,
    then: Callable[[Session, User], None] | None = None,
) -> str:
    """A new session's token for the credentials (rate-limited: 429 after too many
    failures); with ``create``, for a new account (``then`` in its transaction)."""
    address, label = client_address(request), client_label(request)
    accounts = _accounts(request)
    try:
        return accounts.log_in(address, body.username, body.password, label, create, then)
    except auth.BadPassword as error:
        raise Unprocessable(str(error), "bad_password") from None
    except auth.UsernameTaken as error:
        raise Conflict(str(error), "username_taken") from None
    except auth.AuthError as error:
        if create:
            raise Unprocessable(str(error), "invalid_account") from None
        raise Unauthorized(str(error), "wrong_credentials") from None


#: The errors of any route that needs a logged-in caller; a change also needs the CSRF
#: token when the caller is authenticated by the session cookie (403).
AUTH = (401,)
CHANGE = (401, 403)
GAME_ID = "$response.body#/id"
#: What a client can do next with a game it got (OpenAPI links, which the stateful tests
#: follow): look at it, join it, act in it with the seq and a legal action it was given.
GAME_LINKS = {
    "GetGame": {"operationId": "game_view", "parameters": {"game_id": GAME_ID}},
    "JoinGame": {"operationId": "join_game", "parameters": {"game_id": GAME_ID}},
    "Act": {
        "operationId": "act",
        "parameters": {"game_id": GAME_ID},
        "requestBody": {"seq": "$response.body#/seq", "action": "$response.body#/legal_actions/0"},
    },
    "GetRecord": {"operationId": "game_record", "parameters": {"game_id": GAME_ID}},
    "GetEvents": {"operationId": "game_events", "parameters": {"game_id": GAME_ID}},
    "Stream": {"operationId": "live", "parameters": {"game_id": GAME_ID}},
}


def _game_answer(status: int, description: str) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": GameView, "description": description, "links": GAME_LINKS}}


#: For the routes of other modules that answer a game's view.
game_answer = _game_answer


@router.post(
    "/api/register", operation_id="register", response_model=TokenOut,
    responses=declared(400, 409, 413, 422, 429),
)  # fmt: skip
def register(body: NewAccount, request: Request) -> TokenOut:
    """A new account and a session's token. An ``email`` given is checked first (422
    ``bad_address``) and gets a verification link by mail."""
    then = registration_hook(request, body.email, body.language)
    credentials = Credentials(username=body.username, password=body.password)
    return TokenOut(token=_logged_in(request, credentials, create=True, then=then))


@router.post(
    "/api/login", operation_id="login", response_model=TokenOut,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def login(body: Credentials, request: Request) -> TokenOut:
    """A new session's bearer token; it expires once left unused for 30 days."""
    return TokenOut(token=_logged_in(request, body))


@router.post(
    "/api/session", operation_id="open_session", response_model=SessionOpened,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def open_session(body: Credentials, request: Request) -> JSONResponse:
    """Log a browser in: sets the HttpOnly session cookie and the CSRF cookie, whose value
    the page sends back in ``X-CSRF-Token`` with every state-changing request."""
    if not cookies.same_origin(request):
        raise Forbidden("a request from another site (Origin) is refused", "origin")
    token = _logged_in(request, body)
    csrf = cookies.new_csrf()
    username = auth.normal_username(body.username)
    response = JSONResponse(SessionOpened(username=username, csrf=csrf).model_dump())
    cookies.set_session(response, request, token, csrf)
    return response


@router.delete(
    "/api/session", operation_id="close_session", response_model=SessionClosed,
    responses=declared(*CHANGE),
)  # fmt: skip
def close_session(request: Request, caller: CurrentCaller, service: Service) -> JSONResponse:
    """Log out: the token this request was sent with (bearer or cookie) stops working, and
    the cookies are cleared."""
    service.revoke(caller.token)
    closed = SessionClosed(username=caller.user.username, logged_out=True)
    response = JSONResponse(closed.model_dump())
    cookies.clear_session(response, request)
    return response


@router.get("/api/me", operation_id="me", response_model=Me, responses=declared(*AUTH))
def me(user: CurrentUser) -> Me:
    return Me(id=user.id, username=user.username, bot=bool(user.is_bot))


@router.post(
    "/api/games", operation_id="create_game", status_code=201, response_model=GameView,
    responses={**declared(*CHANGE, 400, 413, 422), **_game_answer(201, "The new game, as the "
               "creator's seat sees it")},
)  # fmt: skip
def create_game(body: NewGame, user: CurrentUser, service: Service) -> JSONResponse:
    settings = body.model_dump(include=TABLE_FIELDS)
    view = service.create(
        user, body.seats, body.seed, body.lang, game=body.game, variants=body.variants,
        settings=settings,
    )  # fmt: skip
    return JSONResponse(view, status_code=201)


@router.get(
    "/api/games", operation_id="list_games", response_model=list[GameSummary],
    responses=declared(*AUTH, 422),
)  # fmt: skip
def list_games(
    user: CurrentUser,
    service: Service,
    page: Annotated[int, Query(ge=0, le=MAX_GAMES_PAGE, description="0: the newest games")] = 0,
    size: Annotated[int, Query(ge=1, le=100, description="games a page")] = 50,
) -> JSONResponse:
    """One's games, newest first, a page at a time; a ``Link`` header names the next page
    (``rel="next"``) and the one before (``rel="prev"``) when there is one."""
    found = service.games_of(user, page * size, size + 1)  # one more: is there a next page?
    links = [f'</api/games?page={page - 1}&size={size}>; rel="prev"'] if page > 0 else []
    if len(found) > size and page < MAX_GAMES_PAGE:
        links.append(f'</api/games?page={page + 1}&size={size}>; rel="next"')
    headers = {"Link": ", ".join(links)} if links else None
    return JSONResponse(found[:size], headers=headers)


@router.post(
    "/api/games/{game_id}/join", operation_id="join_game", response_model=GameView,
    responses={**declared(*CHANGE, 404, 409), **_game_answer(200, "The game, as the "
               "joiner's new seat sees it")},
)  # fmt: skip
def join_game(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    return JSONResponse(service.join(user, game_id))


@router.get(
    "/api/games/{game_id}", operation_id="game_view", response_model=GameView,
    openapi_extra=OPTIONAL_AUTH,
    responses={**declared(*AUTH, 404, 429), **_game_answer(200, "The caller's view")},
)  # fmt: skip
def game_view(game_id: str, user: Viewer, service: Service, request: Request) -> JSONResponse:
    """The caller's view of the game: ``status``, ``seq``, ``seat``, ``seats``,
    ``legal_actions`` and ``view`` (the engine's per-seat view, CG-9). Anyone not seated,
    signed in or not, gets a spectator's view (``seat``: ``null``, no hidden fact)."""
    with watching.counted(_accounts(request), client_address(request), user):
        return FastJSONResponse(service.view(user, game_id, watch=True))


@moves.post(
    "/api/games/{game_id}/actions", operation_id="act", response_model=GameView,
    responses={**declared(*CHANGE, 400, 404, 409, 413, 422, 429),
               **_game_answer(200, "The caller's view after the action")},
)  # fmt: skip
def act(
    game_id: str, body: ActionIn, user: CurrentUser, service: Service, request: Request
) -> JSONResponse:
    """Apply an action (one of ``legal_actions``) at ``seq``; answers the new view."""
    _accounts(request).moving(user.id)  # 429 beyond the account's rate of moves
    return FastJSONResponse(service.act(user, game_id, body.seq, body.action))


@router.get(
    "/api/games/{game_id}/record", operation_id="game_record", response_model=GameRecord,
    responses=declared(*AUTH, 403, 404),
)  # fmt: skip
def game_record(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """A finished game's configuration, seed and actions (403 before the game is over)."""
    return JSONResponse(service.record(user, game_id))


@router.get(
    "/api/games/{game_id}/events", operation_id="game_events", response_model=EventsPage,
    openapi_extra=OPTIONAL_AUTH,
    responses=declared(*AUTH, 404, 422, 429),
)  # fmt: skip
def game_events(
    game_id: str,
    user: Viewer,
    service: Service,
    request: Request,
    since: Annotated[
        int | None,
        Query(
            ge=0, description="a seq: the events of the moves after it (omitted: from the setup on)"
        ),
    ] = None,
    limit: Annotated[
        int | None,
        Query(ge=1, le=MAX_PAGE_MOVES, description=f"most moves in the page (1–{MAX_PAGE_MOVES})"),
    ] = None,
) -> JSONResponse:
    """The events the caller's seat may see (a spectator: the public ones), oldest first,
    each with its ``seq`` (the move that made it; 0: the game's setup, e.g. the deal) and
    its ``seats`` (``null``: public). A page covers the moves up to ``until``; with
    ``more``, ``next`` is the next page's URL."""
    with watching.counted(_accounts(request), client_address(request), user):
        page = service.events_page(user, game_id, since, limit or DEFAULT_PAGE_MOVES, watch=True)
    body = page.to_json()
    if page.more:
        more = f"&limit={limit}" if limit else ""
        body["next"] = f"/api/games/{game_id}/events?since={page.until}{more}"
    return JSONResponse(body)


async def stream_start(
    game_id: str,
    user: Viewer,
    service: Service,
    request: Request,
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
    tell_watchers: Annotated[
        bool,
        Query(alias="watchers", description="also send `watchers` messages: how many watch"),
    ] = False,
) -> AsyncIterator[StreamStart]:
    """Everything a stream checks before it starts: a refused caller gets a plain error.
    The stream holds one of the capped slots (429 per account — an anonymous spectator's
    address —, 503 in all) while open."""
    slots: StreamSlots = request.app.state.streams
    address = client_address(request)
    holder = user.id if user is not None else f"address {address}"
    try:
        slots.take(holder)
    except GameError as error:
        headers = {"Retry-After": str(RETRY_SECONDS)}
        raise HTTPException(error.status, error.message, headers=headers) from None
    try:
        with watching.counted(_accounts(request), address, user):
            woken = service.notifier.version(game_id)  # read before looking: no move slips by
            view = await run_in_threadpool(service.view, user, game_id, True)
        told = stream.last_event_id(last_event_id, view["seq"])
        watcher = None if view["seat"] is not None else watchers.viewer_key(user, address)
        yield StreamStart(user, game_id, view, woken, told, watcher, tell_watchers)
    finally:
        slots.give_back(holder)


@router.get(
    "/api/games/{game_id}/stream", operation_id="live", response_class=EventSourceResponse,
    openapi_extra=OPTIONAL_AUTH,
    responses=declared(*AUTH, 404, 422, 429),
)  # fmt: skip
async def live(
    start: Annotated[StreamStart, Depends(stream_start)], service: Service
) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events: the caller's view now, then after every accepted move (from any
    server process) a ``move`` message per move with the events the seat may see, then the
    view again. Each message has ``id: <seq>``; a client reconnecting with ``Last-Event-ID``
    is sent the moves it missed first."""
    async for message in stream.messages(service, start):
        yield message
