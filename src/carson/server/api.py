"""The public JSON API (its OpenAPI schema is served at ``/docs``).

Every error is ``{"detail": "<what is wrong>"}`` with the status of :mod:`carson.server.games`
(401 without a valid token, 403 no seat, 404 unknown game, 409 stale seq, 422 bad action).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field, field_validator
from starlette.concurrency import run_in_threadpool

from carson.server import auth, cookies, stream, tokens
from carson.server.accounts import Accounts
from carson.server.cookies import CSRF_COOKIE, CSRF_HEADER, SAFE_METHODS, SESSION_COOKIE
from carson.server.db import User
from carson.server.errors import GameError, Unprocessable
from carson.server.event_log import MAX_PAGE_MOVES
from carson.server.games import GameService
from carson.server.passwords import PasswordTooLong, check_length
from carson.server.ratelimit import client_address
from carson.server.stream import StreamStart
from carson.server.stream_slots import RETRY_SECONDS, StreamSlots

router = APIRouter()
bearer = HTTPBearer(auto_error=False)
#: Moves in a page of events when the caller names no ``limit``.
DEFAULT_PAGE_MOVES = 100


class Credentials(BaseModel):
    username: str = Field(max_length=256)
    password: str

    @field_validator("password")
    @classmethod
    def bounded(cls, password: str) -> str:
        try:
            check_length(password)
        except PasswordTooLong as error:
            raise ValueError(str(error)) from None
        return password


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
    seed: int | None = Field(
        default=None,
        description="practice games only (one human seat): the seed of the deal, to replay "
        "a game; otherwise the server draws one in secret (422 if given)",
    )
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
    come from this site (:func:`carson.server.cookies.same_origin`)."""
    if credentials is not None and credentials.scheme.lower() == "bearer":
        token = credentials.credentials
    elif SESSION_COOKIE in request.cookies:
        token = request.cookies[SESSION_COOKIE]
        if request.method not in SAFE_METHODS:
            expected = request.cookies.get(CSRF_COOKIE, "")
            sent = request.headers.get(CSRF_HEADER, "")
            if not expected or not auth.same_secret(expected, sent):
                raise HTTPException(403, f"missing or wrong CSRF token (send {CSRF_HEADER})")
            if not cookies.same_origin(request):
                raise HTTPException(403, "a request from another site (Origin) is refused")
    else:
        raise HTTPException(401, "log in: send Authorization: Bearer <token>")
    service = _service(request)
    user = service.remembered_user(token)
    if user is None:  # not seen lately: ask the database, off the event loop
        user = await run_in_threadpool(service.user_for_token, token)
    if user is None:
        raise HTTPException(401, "the token is not valid (unknown, expired or logged out)")
    return Caller(user, token)


async def current_user(caller: Annotated[Caller, Depends(current_caller)]) -> User:
    return caller.user


Service = Annotated[GameService, Depends(games)]
CurrentCaller = Annotated[Caller, Depends(current_caller)]
CurrentUser = Annotated[User, Depends(current_user)]


def client_label(request: Request) -> str:
    """Which client opens a session, as its user will see it in the session list."""
    return tokens.agent_label(request.headers.get("user-agent"))


def _refused(error: GameError) -> HTTPException:
    return HTTPException(error.status, error.message)


def _accounts(request: Request) -> Accounts:
    accounts = request.app.state.accounts
    assert isinstance(accounts, Accounts)
    return accounts


def _logged_in(request: Request, body: Credentials, create: bool = False) -> str:
    """A new session's token for the credentials (rate-limited: 429 after too many
    failures); with ``create``, for a new account."""
    address, label = client_address(request), client_label(request)
    try:
        return _accounts(request).log_in(address, body.username, body.password, label, create)
    except auth.BadPassword as error:
        raise HTTPException(422, str(error)) from None
    except auth.AuthError as error:
        raise HTTPException(422 if create else 401, str(error)) from None


@router.post("/api/register", response_model=TokenOut)
def register(body: Credentials, request: Request) -> TokenOut:
    return TokenOut(token=_logged_in(request, body, create=True))


@router.post("/api/login", response_model=TokenOut)
def login(body: Credentials, request: Request) -> TokenOut:
    """A new session's bearer token; it expires once left unused for 30 days."""
    return TokenOut(token=_logged_in(request, body))


@router.post("/api/session")
def open_session(body: Credentials, request: Request) -> JSONResponse:
    """Log a browser in: sets the HttpOnly session cookie and the CSRF cookie, whose value
    the page sends back in ``X-CSRF-Token`` with every state-changing request."""
    if not cookies.same_origin(request):
        raise HTTPException(403, "a request from another site (Origin) is refused")
    token = _logged_in(request, body)
    csrf = cookies.new_csrf()
    response = JSONResponse({"username": auth.normal_username(body.username), "csrf": csrf})
    cookies.set_session(response, request, token, csrf)
    return response


@router.delete("/api/session")
def close_session(request: Request, caller: CurrentCaller, service: Service) -> JSONResponse:
    """Log out: the token this request was sent with (bearer or cookie) stops working, and
    the cookies are cleared."""
    service.revoke(caller.token)
    response = JSONResponse({"username": caller.user.username, "logged_out": True})
    cookies.clear_session(response, request)
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
        return JSONResponse(service.view(user, game_id))
    except GameError as error:
        raise _refused(error) from None


@router.post("/api/games/{game_id}/actions")
def act(
    game_id: str, body: ActionIn, user: CurrentUser, service: Service, request: Request
) -> JSONResponse:
    """Apply an action (one of ``legal_actions``) at ``seq``; answers the new view."""
    _accounts(request).moving(user.id)  # 429 beyond the account's rate of moves
    try:
        view = service.act(user, game_id, body.seq, body.action)
    except GameError as error:
        raise _refused(error) from None
    return JSONResponse(view)


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
    request: Request,
    last_event_id: Annotated[str | None, Header(description="the last id a stream sent")] = None,
) -> AsyncIterator[StreamStart]:
    """Everything a stream checks before it starts: a refused caller gets a plain error.
    The stream holds one of the capped slots (429 per account, 503 in all) while open."""
    slots: StreamSlots = request.app.state.streams
    try:
        slots.take(user.id)
    except GameError as error:
        headers = {"Retry-After": str(RETRY_SECONDS)}
        raise HTTPException(error.status, error.message, headers=headers) from None
    try:
        woken = service.notifier.version(game_id)  # read before looking: no move slips by
        try:
            view = await run_in_threadpool(service.view, user, game_id)
            told = stream.last_event_id(last_event_id, view["seq"])
        except GameError as error:
            raise _refused(error) from None
        yield StreamStart(user, game_id, view, woken, told)
    finally:
        slots.give_back(user.id)


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
