"""The public JSON API (its OpenAPI schema is served at ``/docs``).

Every route declares its answer's model and each error status it may send; every error is
an :class:`~carson.server.kernel.errors.ErrorBody`, ``{"detail": str, "code": str}`` (401 without a
valid token, 403 no seat or no CSRF token, 404 unknown game, 409 stale seq, 422 bad input or
an action the game refuses; 413 and 429 come from the request limits).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts.deps import (
    AUTH,
    CHANGE,
    OPTIONAL_AUTH,
    CurrentUser,
    Viewer,
    accounts_of,
    caller_of,
)
from carson.server.kernel.errors import (
    declared,
)
from carson.server.kernel.jsonio import FastJSONResponse
from carson.server.kernel.ratelimit import client_address
from carson.server.kernel.stream_slots import StreamSlots
from carson.server.play import stream
from carson.server.play.action_body import action_in
from carson.server.play.event_log import MAX_PAGE_MOVES
from carson.server.play.games import GameService
from carson.server.play.live import watching
from carson.server.play.models import (
    ACTION_BODY,
    EventsPage,
    GameRecord,
    GameSummary,
    GameView,
    NewGame,
)
from carson.server.play.moving import MovePath
from carson.server.play.stream import StreamStart

#: The last page of one's games an answer goes to (``offset`` stays bounded).
MAX_GAMES_PAGE = 10_000

router = APIRouter()
#: The route of a move alone, matched first of all (the server's hottest request).
moves = APIRouter()
#: The fields of a new game's body that are its table's settings.
TABLE_FIELDS = {"public", "rated", "time_control", "on_timeout", "timeout_level",
                "rating_min", "rating_max"}  # fmt: skip
#: Moves in a page of events when the caller names no ``limit``.
DEFAULT_PAGE_MOVES = 100


def service_of(request: Request) -> GameService:
    """The server's game service (:class:`~carson.server.play.games.GameService`)."""
    service = request.app.state.games
    assert isinstance(service, GameService)
    return service


# The dependencies are coroutines so that they run on the event loop: a plain function would
# cost every request a hop to the thread pool and back.
async def games(request: Request) -> GameService:
    return service_of(request)


Service = Annotated[GameService, Depends(games)]


def move_path_of(request: Request) -> MovePath:
    """The server's one path of a person's move (:class:`~carson.server.play.moving.MovePath`)."""
    path = request.app.state.moves
    assert isinstance(path, MovePath)
    return path


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


def _game_answer(status: int, description: str) -> dict[int | str, JSON]:
    return {status: {"model": GameView, "description": description, "links": GAME_LINKS}}


#: For the routes of other modules that answer a game's view.
game_answer = _game_answer


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
async def game_view(game_id: str, user: Viewer, request: Request) -> JSONResponse:
    """The caller's view of the game: ``status``, ``seq``, ``seat``, ``seats``,
    ``legal_actions`` and ``view`` (the engine's per-seat view, CG-9). Anyone not seated,
    signed in or not, gets a spectator's view (``seat``: ``null``, no hidden fact)."""
    # A polling client's look follows every move: from memory on the event loop when the
    # database holds nothing newer, else in the moves' request threads.
    return FastJSONResponse(
        await move_path_of(request).look(user, game_id, client_address(request))
    )


@moves.post(
    "/api/games/{game_id}/actions", operation_id="act", response_model=GameView,
    responses={**declared(*CHANGE, 400, 404, 409, 413, 422, 429),
               **_game_answer(200, "The caller's view after the action")},
    openapi_extra=ACTION_BODY,
)  # fmt: skip
async def act(game_id: str, request: Request) -> JSONResponse:
    """Apply an action (one of ``legal_actions``) at ``seq``; answers the new view."""
    # The caller and the body are read here, as the dependencies and the body model of the
    # other routes would (the same checks, errors and order), rather than by FastAPI's
    # solver: on the server's hottest request it cost a fifth of the CPU.
    user = (await caller_of(request)).user
    seq, action = action_in(await request.body(), request.headers.get("content-type"))
    return FastJSONResponse(await move_path_of(request).play(user, game_id, seq, action))


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
    with watching.counted(accounts_of(request), client_address(request), user):
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
    with slots.held(holder):
        with watching.counted(accounts_of(request), address, user):
            woken = service.notifier.version(game_id)  # read before looking: no move slips by
            view = await run_in_threadpool(service.view, user, game_id, True)
        told = stream.last_event_id(last_event_id, view["seq"])
        watcher = None if view["seat"] is not None else service.watchers.key(user, address)
        yield StreamStart(user, game_id, view, woken, told, watcher, tell_watchers)


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
