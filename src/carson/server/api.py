"""The public JSON API (its OpenAPI schema is served at ``/docs``).

Every route declares its answer's model and each error status it may send; every error is
an :class:`~carson.server.errors.ErrorBody`, ``{"detail": str, "code": str}`` (401 without a
valid token, 403 no seat or no CSRF token, 404 unknown game, 409 stale seq, 422 bad input or
an action the game refuses; 413 and 429 come from the request limits).
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.sse import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.server import auth, stream
from carson.server.db import User
from carson.server.errors import Conflict, Forbidden, Unauthorized, Unprocessable, declared
from carson.server.event_log import MAX_PAGE_MOVES
from carson.server.games import GameService
from carson.server.models import (
    ActionIn,
    Credentials,
    EventsPage,
    GameRecord,
    GameSummary,
    GameView,
    Health,
    Me,
    NewAccount,
    NewGame,
    SessionClosed,
    SessionOpened,
    TokenOut,
)
from carson.server.stream import StreamStart

router = APIRouter()
SESSION_COOKIE = "carson_session"
CSRF_COOKIE = "carson_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SESSION_SECONDS = 30 * 24 * 3600
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


async def current_user(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> User:
    """The caller, from ``Authorization: Bearer <token>`` (API clients) or from the session
    cookie (browsers). A cookie is sent by the browser on its own, so a state-changing
    request authenticated by it must also carry the CSRF token (double-submit cookie)."""
    if credentials is not None and credentials.scheme.lower() == "bearer":
        token = credentials.credentials
    elif SESSION_COOKIE in request.cookies:
        token = request.cookies[SESSION_COOKIE]
        if request.method not in SAFE_METHODS:
            expected = request.cookies.get(CSRF_COOKIE, "")
            sent = request.headers.get(CSRF_HEADER, "")
            if not expected or not auth.same_secret(expected, sent):
                raise Forbidden(f"missing or wrong CSRF token (send {CSRF_HEADER})", "csrf")
    else:
        raise Unauthorized("log in: send Authorization: Bearer <token>")
    service = _service(request)
    user = service.remembered_user(token)
    if user is None:  # not seen lately: ask the database, off the event loop
        user = await run_in_threadpool(service.user_for_token, token)
    if user is None:
        raise Unauthorized("the token is not valid", "invalid_token")
    return user


Service = Annotated[GameService, Depends(games)]
CurrentUser = Annotated[User, Depends(current_user)]


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


@router.get("/healthz", operation_id="healthz", response_model=Health)
def healthz() -> Health:
    return Health(status="ok")


@router.post(
    "/api/register", operation_id="register", response_model=TokenOut,
    responses=declared(400, 409, 413, 422, 429),
)  # fmt: skip
def register(body: NewAccount, service: Service) -> TokenOut:
    with service.sessions.begin() as session:
        try:
            return TokenOut(token=auth.register(session, body.username, body.password))
        except auth.UsernameTaken as error:
            raise Conflict(str(error), "username_taken") from None
        except auth.AuthError as error:
            raise Unprocessable(str(error), "invalid_account") from None


@router.post(
    "/api/login", operation_id="login", response_model=TokenOut,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def login(body: Credentials, service: Service) -> TokenOut:
    with service.sessions.begin() as session:
        try:
            return TokenOut(token=auth.login(session, body.username, body.password))
        except auth.AuthError as error:
            raise Unauthorized(str(error), "wrong_credentials") from None


@router.post(
    "/api/session", operation_id="open_session", response_model=SessionOpened,
    responses=declared(400, 401, 413, 422, 429),
)  # fmt: skip
def open_session(body: Credentials, request: Request, service: Service) -> JSONResponse:
    """Log a browser in: sets the HttpOnly session cookie and the CSRF cookie, whose value
    the page sends back in ``X-CSRF-Token`` with every state-changing request."""
    with service.sessions.begin() as session:
        try:
            token = auth.login(session, body.username, body.password)
        except auth.AuthError as error:
            raise Unauthorized(str(error), "wrong_credentials") from None
    csrf = secrets.token_urlsafe(24)
    response = JSONResponse(SessionOpened(username=body.username, csrf=csrf).model_dump())
    secure = request.url.scheme == "https"
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict", secure=secure,
                        max_age=SESSION_SECONDS)  # fmt: skip
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure,
                        max_age=SESSION_SECONDS)  # fmt: skip
    return response


@router.delete(
    "/api/session", operation_id="close_session", response_model=SessionClosed,
    responses=declared(*CHANGE),
)  # fmt: skip
def close_session(request: Request, user: CurrentUser, service: Service) -> JSONResponse:
    """Log out: the token of this session stops working, and the cookies are cleared."""
    token = request.cookies.get(SESSION_COOKIE)
    if token is not None:
        service.revoke(token)
    response = JSONResponse(SessionClosed(username=user.username, logged_out=True).model_dump())
    response.delete_cookie(SESSION_COOKIE)
    response.delete_cookie(CSRF_COOKIE)
    return response


@router.get("/api/me", operation_id="me", response_model=Me, responses=declared(*AUTH))
def me(user: CurrentUser) -> Me:
    return Me(id=user.id, username=user.username)


@router.post(
    "/api/games", operation_id="create_game", status_code=201, response_model=GameView,
    responses={**declared(*CHANGE, 400, 413, 422), **_game_answer(201, "The new game, as the "
               "creator's seat sees it")},
)  # fmt: skip
def create_game(
    body: NewGame, user: CurrentUser, service: Service, later: BackgroundTasks
) -> JSONResponse:
    view = service.create(
        user, body.seats, body.seed, body.lang, game=body.game, variants=body.variants
    )
    later.add_task(service.run_machines, view["id"])
    return JSONResponse(view, status_code=201, background=later)


@router.get(
    "/api/games", operation_id="list_games", response_model=list[GameSummary],
    responses=declared(*AUTH),
)  # fmt: skip
def list_games(user: CurrentUser, service: Service) -> JSONResponse:
    return JSONResponse(service.games_of(user))


@router.post(
    "/api/games/{game_id}/join", operation_id="join_game", response_model=GameView,
    responses={**declared(*CHANGE, 404, 409), **_game_answer(200, "The game, as the "
               "joiner's new seat sees it")},
)  # fmt: skip
def join_game(
    game_id: str, user: CurrentUser, service: Service, later: BackgroundTasks
) -> JSONResponse:
    view = service.join(user, game_id)
    later.add_task(service.run_machines, game_id)
    return JSONResponse(view, background=later)


@router.get(
    "/api/games/{game_id}", operation_id="game_view", response_model=GameView,
    responses={**declared(*AUTH, 403, 404), **_game_answer(200, "The caller's view")},
)  # fmt: skip
def game_view(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """The caller's view of the game: ``status``, ``seq``, ``seat``, ``seats``,
    ``legal_actions`` and ``view`` (the engine's per-seat view, CG-9)."""
    return JSONResponse(service.view(user, game_id))


@router.post(
    "/api/games/{game_id}/actions", operation_id="act", response_model=GameView,
    responses={**declared(*CHANGE, 400, 404, 409, 413, 422, 429),
               **_game_answer(200, "The caller's view after the action")},
)  # fmt: skip
def act(
    game_id: str, body: ActionIn, user: CurrentUser, service: Service, later: BackgroundTasks
) -> JSONResponse:
    """Apply an action (one of ``legal_actions``) at ``seq``; answers the new view."""
    view = service.act(user, game_id, body.seq, body.action)
    if service.has_machine_seats(game_id):
        later.add_task(service.run_machines, game_id)
    return JSONResponse(view, background=later)


@router.get(
    "/api/games/{game_id}/record", operation_id="game_record", response_model=GameRecord,
    responses=declared(*AUTH, 403, 404),
)  # fmt: skip
def game_record(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """A finished game's configuration, seed and actions (403 before the game is over)."""
    return JSONResponse(service.record(user, game_id))


@router.get(
    "/api/games/{game_id}/events", operation_id="game_events", response_model=EventsPage,
    responses=declared(*AUTH, 403, 404, 422),
)  # fmt: skip
def game_events(
    game_id: str,
    user: CurrentUser,
    service: Service,
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
    """The events the caller's seat may see, oldest first, each with its ``seq`` (the move
    that made it; 0: the game's setup, e.g. the deal) and its ``seats`` (``null``: public).
    A page covers the moves up to ``until``; with ``more``, ``next`` is the next page's URL."""
    page = service.events_page(user, game_id, since, limit or DEFAULT_PAGE_MOVES)
    body = page.to_json()
    if page.more:
        more = f"&limit={limit}" if limit else ""
        body["next"] = f"/api/games/{game_id}/events?since={page.until}{more}"
    return JSONResponse(body)


async def stream_start(
    game_id: str,
    user: CurrentUser,
    service: Service,
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
) -> StreamStart:
    """Everything a stream checks before it starts: a refused caller gets a plain error."""
    woken = service.notifier.version(game_id)  # read before looking: no move slips by
    view = await run_in_threadpool(service.view, user, game_id)
    told = stream.last_event_id(last_event_id, view["seq"])
    return StreamStart(user, game_id, view, woken, told)


@router.get(
    "/api/games/{game_id}/stream", operation_id="live", response_class=EventSourceResponse,
    responses=declared(*AUTH, 403, 404, 422),
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
