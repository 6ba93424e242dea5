"""The public JSON API (its OpenAPI schema is served at ``/docs``).

Every error is ``{"detail": "<what is wrong>"}`` with the status of :mod:`carson.server.games`
(401 without a valid token, 403 no seat, 404 unknown game, 409 stale seq, 422 bad action).
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server import auth, stream
from carson.server.db import User
from carson.server.errors import GameError, Unprocessable
from carson.server.event_log import MAX_PAGE_MOVES
from carson.server.games import GameService
from carson.server.jsonio import FastJSONResponse
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


class Credentials(BaseModel):
    username: str
    password: str


class TokenOut(BaseModel):
    token: str


class NewGame(BaseModel):
    game: str = Field(
        default="card", description="'card' (the card game, 4–6 seats) or 'board' (2–5 seats)"
    )
    seats: list[str] = Field(
        description="seat kinds in order: 'human', an AI level (ai-easy, ai-medium, ai-hard), "
        "'greedy' or 'random'; in the card game also a virtual level (beginner, advanced, "
        "expert)"
    )
    variants: list[str] = Field(
        default_factory=list,
        description="board game only: red-sides | random-sides | vote-sides, duel-tiles, "
        "river, new-beginning",
    )
    seed: int | None = None
    lang: str | None = None


class ActionIn(BaseModel):
    seq: int = Field(
        strict=True, description="the number of accepted actions the client has seen (an integer)"
    )
    action: dict[str, Any] = Field(description="an action object as listed in legal_actions")


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
                raise HTTPException(403, f"missing or wrong CSRF token (send {CSRF_HEADER})")
    else:
        raise HTTPException(401, "log in: send Authorization: Bearer <token>")
    service = _service(request)
    user = service.remembered_user(token)
    if user is None:  # not seen lately: ask the database, off the event loop
        user = await run_in_threadpool(service.user_for_token, token)
    if user is None:
        raise HTTPException(401, "the token is not valid")
    return user


Service = Annotated[GameService, Depends(games)]
CurrentUser = Annotated[User, Depends(current_user)]


def _refused(error: GameError) -> HTTPException:
    return HTTPException(error.status, error.message)


@router.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.post("/api/register", response_model=TokenOut)
def register(body: Credentials, service: Service) -> TokenOut:
    with service.sessions.begin() as session:
        try:
            return TokenOut(token=auth.register(session, body.username, body.password))
        except auth.AuthError as error:
            raise HTTPException(422, str(error)) from None


@router.post("/api/login", response_model=TokenOut)
def login(body: Credentials, service: Service) -> TokenOut:
    with service.sessions.begin() as session:
        try:
            return TokenOut(token=auth.login(session, body.username, body.password))
        except auth.AuthError as error:
            raise HTTPException(401, str(error)) from None


@router.post("/api/session")
def open_session(body: Credentials, request: Request, service: Service) -> JSONResponse:
    """Log a browser in: sets the HttpOnly session cookie and the CSRF cookie, whose value
    the page sends back in ``X-CSRF-Token`` with every state-changing request."""
    with service.sessions.begin() as session:
        try:
            token = auth.login(session, body.username, body.password)
        except auth.AuthError as error:
            raise HTTPException(401, str(error)) from None
    csrf = secrets.token_urlsafe(24)
    response = JSONResponse({"username": body.username, "csrf": csrf})
    secure = request.url.scheme == "https"
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict", secure=secure,
                        max_age=SESSION_SECONDS)  # fmt: skip
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure,
                        max_age=SESSION_SECONDS)  # fmt: skip
    return response


@router.delete("/api/session")
def close_session(request: Request, user: CurrentUser, service: Service) -> JSONResponse:
    """Log out: the token of this session stops working, and the cookies are cleared."""
    token = request.cookies.get(SESSION_COOKIE)
    if token is not None:
        service.revoke(token)
    response = JSONResponse({"username": user.username, "logged_out": True})
    response.delete_cookie(SESSION_COOKIE)
    response.delete_cookie(CSRF_COOKIE)
    return response


@router.get("/api/me")
def me(user: CurrentUser) -> dict[str, Any]:
    return {"id": user.id, "username": user.username}


@router.post("/api/games", status_code=201)
def create_game(body: NewGame, user: CurrentUser, service: Service) -> dict[str, Any]:
    try:
        view = service.create(
            user, body.seats, body.seed, body.lang, game=body.game, variants=body.variants
        )
    except GameError as error:
        raise _refused(error) from None
    return view


@router.get("/api/games")
def list_games(user: CurrentUser, service: Service) -> list[dict[str, Any]]:
    return service.games_of(user)


@router.post("/api/games/{game_id}/join")
def join_game(game_id: str, user: CurrentUser, service: Service) -> dict[str, Any]:
    try:
        view = service.join(user, game_id)
    except GameError as error:
        raise _refused(error) from None
    return view


@router.get("/api/games/{game_id}")
def game_view(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    """The caller's view of the game: ``status``, ``seq``, ``seat``, ``seats``,
    ``legal_actions`` and ``view`` (the engine's per-seat view, CG-9)."""
    try:
        return FastJSONResponse(service.view(user, game_id))
    except GameError as error:
        raise _refused(error) from None


@router.post("/api/games/{game_id}/actions")
def act(game_id: str, body: ActionIn, user: CurrentUser, service: Service) -> JSONResponse:
    """Apply an action (one of ``legal_actions``) at ``seq``; answers the new view."""
    try:
        view = service.act(user, game_id, body.seq, body.action)
    except GameError as error:
        raise _refused(error) from None
    return FastJSONResponse(view)


@router.get("/api/games/{game_id}/record")
def game_record(game_id: str, user: CurrentUser, service: Service) -> JSONResponse:
    try:
        return JSONResponse(service.record(user, game_id))
    except GameError as error:
        raise _refused(error) from None


@router.get("/api/games/{game_id}/events")
def game_events(
    game_id: str,
    user: CurrentUser,
    service: Service,
    since: Annotated[
        str | None,
        Query(description="a seq: the events of the moves after it (omitted: from the setup on)"),
    ] = None,
    limit: Annotated[
        str | None, Query(description=f"most moves in the page (1–{MAX_PAGE_MOVES})")
    ] = None,
) -> JSONResponse:
    """The events the caller's seat may see, oldest first, each with its ``seq`` (the move
    that made it; 0: the game's setup, e.g. the deal) and its ``seats`` (``null``: public).
    A page covers the moves up to ``until``; with ``more``, ``next`` is the next page's URL."""
    try:
        after = _whole_number("since", since, 0)
        moves = _whole_number("limit", limit, 1, MAX_PAGE_MOVES)
        page = service.events_page(user, game_id, after, moves or DEFAULT_PAGE_MOVES)
    except GameError as error:
        raise _refused(error) from None
    body = page.to_json()
    if page.more:
        more = f"&limit={moves}" if moves else ""
        body["next"] = f"/api/games/{game_id}/events?since={page.until}{more}"
    return JSONResponse(body)


def _whole_number(name: str, raw: str | None, low: int, high: int | None = None) -> int | None:
    """A query parameter that must be a whole number in [low, high], or absent."""
    if raw is None:
        return None
    try:
        number = int(raw)
    except ValueError:
        number = low - 1
    if number < low or (high is not None and number > high):
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise Unprocessable(f"{name} must be a whole number {bounds}; got {raw!r}")
    return number


async def stream_start(
    game_id: str,
    user: CurrentUser,
    service: Service,
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
) -> StreamStart:
    """Everything a stream checks before it starts: a refused caller gets a plain error."""
    woken = service.notifier.version(game_id)  # read before looking: no move slips by
    try:
        view = await run_in_threadpool(service.view, user, game_id)
        told = stream.last_event_id(last_event_id, view["seq"])
    except GameError as error:
        raise _refused(error) from None
    return StreamStart(user, game_id, view, woken, told)


@router.get("/api/games/{game_id}/stream", response_class=EventSourceResponse)
async def live(
    start: Annotated[StreamStart, Depends(stream_start)], service: Service
) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events: the caller's view now, then after every accepted move (from any
    server process) a ``move`` message per move with the events the seat may see, then the
    view again. Each message has ``id: <seq>``; a client reconnecting with ``Last-Event-ID``
    is sent the moves it missed first."""
    async for message in stream.messages(service, start):
        yield message
