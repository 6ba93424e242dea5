"""The route of a move (``POST /api/games/{game_id}/actions``), the server's hottest: its
common case answered in front of FastAPI and the application's middlewares (issue 22).

A move from an API client — a bearer token, a JSON body that is an
:class:`~carson.server.play.models.ActionIn`, of a declared size within the body limit — is
read, counted against the account's rate and played by :class:`MoveShortcut`, the
application's front door: no middleware passed (its answer gets the request id and the
security headers they would give it), no route matched among the others, no dependency
graph solved, no body parsed twice, and for the move either no hop at all (the common
case, played on the event loop: :mod:`carson.server.play.loop_moves`) or one hop to a thread for
the token's check (when this process has not checked it lately), the rate limit's count
(counted on the loop when its counts are this process's) and the move.
Anything else (a cookie, a token the database does not know, a body that is not plain
JSON, not valid, chunked or too large) goes on to the application, untouched, and to
FastAPI's own handler of the same endpoint, which answers it as every route does; the
shortcut only ever takes requests that handler would accept, with the same checks, so both
give the same answers (tests compare statuses, bodies and every header).
A refusal of the move itself (409, 422, 429, 503) is raised again inside the route
(:class:`MoveRoute`), where the application's exception handlers answer it as any other.
The route is an ordinary :class:`APIRoute` of the same endpoint: the OpenAPI document
describes it as before."""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from carson.server.accounts.service import Accounts
from carson.server.kernel.bodylimit import content_length, replaying
from carson.server.kernel.db import User
from carson.server.kernel.headers import security_headers
from carson.server.kernel.jsonio import OPTIONS
from carson.server.kernel.logs import REQUEST_ID, request_id_from
from carson.server.play.games import GameService

Handler = Callable[[Request], Coroutine[Any, Any, Response]]

#: The path of a move, relative to the application's root (``{game_id}`` as Starlette
#: matches it: any characters but ``/``).
MOVE_PATH = re.compile(r"/api/games/([^/]+)/actions")
#: The scope's key of a refusal the shortcut met: :class:`MoveRoute` raises it again.
REFUSAL = "carson.move_refusal"
JSON_TYPE = b"application/json"
#: The security headers of a JSON answer (:mod:`.headers`: the same on every path).
JSON_SECURITY = security_headers("/api/games", JSON_TYPE)


class MoveShortcut:
    """The application's front door (outside all its middlewares): a plain move answered
    here (:func:`plain_move`), with the body limit, the request id and the security headers
    its middlewares would give it; every other request, and a plain move's refusal, goes on
    to the application (``app``: FastAPI's own entry) untouched, or with its body replayed."""

    def __init__(self, owner: Any, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.owner = owner  # the application (``request.app``)
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        game_id = _move_of(scope)
        if game_id is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        token = bearer_token(request)
        declared = content_length(scope)
        if (
            token is None
            or not json_content(request)
            or declared is None  # a chunked body: counted by the body limit
            or declared > self.limit_for(scope["path"])  # refused by it (413)
        ):
            await self.app(scope, receive, send)  # a page's cookie, a form, …: untouched
            return
        body = await _whole_body(receive)
        if body is None:  # the client left: nothing to answer
            return
        request_id = request_id_from(scope)
        scope["app"] = self.owner
        seen = REQUEST_ID.set(request_id)  # the move's log records carry it
        try:
            view = await plain_move(request, token, game_id, body)
        except Exception as refusal:  # answered inside, by the application's handlers
            scope[REFUSAL] = refusal
            view = None
        finally:
            REQUEST_ID.reset(seen)
        if view is None:
            # The application's request ids give the answer the id its records had.
            own_id = (b"x-request-id", request_id.encode("latin-1"))
            scope["headers"] = [*scope["headers"], own_id]
            await self.app(scope, replaying(body, receive), send)
        else:
            await send_view(send, view, request_id)


async def send_view(send: Send, view: dict[str, Any], request_id: str) -> None:
    """``view`` answered 200 with the bytes and headers its :class:`FastJSONResponse` gets
    through the application's middlewares (its request id, the security headers of JSON),
    without building one nor passing those layers (with the Response, about a tenth of a
    move's CPU when the caches are cold, as they are under load: docs/deploy.md)."""
    body = orjson.dumps(view, option=OPTIONS)
    headers = [
        (b"content-length", str(len(body)).encode()),
        (b"content-type", JSON_TYPE),
        (b"x-request-id", request_id.encode("latin-1")),
        *JSON_SECURITY,
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _move_of(scope: Scope) -> str | None:
    """The game of a request that is a move (``POST`` to its path), else ``None``."""
    if scope["type"] != "http" or scope["method"] != "POST":
        return None
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root + "/"):
        path = path[len(root) :]
    matched = MOVE_PATH.fullmatch(path)
    return None if matched is None else matched[1]


async def _whole_body(receive: Receive) -> bytes | None:
    """The request's body (of the size it declared, within the body limit: the HTTP server
    reads no more), ``None`` if the client left first."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


class MoveRoute(APIRoute):
    """An :class:`APIRoute` that answers a refusal :class:`MoveShortcut` met (raised again
    here, for the application's exception handlers), else as FastAPI does."""

    def get_route_handler(self) -> Handler:
        generic = super().get_route_handler()

        async def handle(request: Request) -> Response:
            refusal = request.scope.pop(REFUSAL, None)
            if refusal is not None:
                raise refusal
            return await generic(request)

        return handle


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, as FastAPI's ``HTTPBearer`` reads
    it (the scheme in any case, the token stripped), else ``None``."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def json_content(request: Request) -> bool:
    """Whether the body is declared plain JSON (what the generic handler parses as JSON)."""
    declared = request.headers.get("content-type", "")
    return declared.split(";", 1)[0].strip().lower() == "application/json"


async def plain_move(
    request: Request, token: str, game_id: str, body: bytes
) -> dict[str, Any] | None:
    """The player's view after a plain move of ``game_id`` (sent with the bearer ``token``
    and a JSON ``body``), or ``None`` for the generic handler to answer. Nothing is counted
    or changed before the request is known to be plain."""
    state = request.app.state
    service, accounts = state.games, state.accounts
    assert isinstance(service, GameService) and isinstance(accounts, Accounts)
    try:
        # orjson refuses what the standard library's parser (the generic handler's) does,
        # and more (NaN, numbers past 64 bits): those go to the generic handler's answer.
        seq, action = plain_action(orjson.loads(body))
    except (orjson.JSONDecodeError, NotPlain):
        return None
    threads = state.threads  # None before the lifespan has started them
    hop = run_in_threadpool if threads is None else threads.run
    user = service.remembered_user(token)
    on_loop = state.loop_moves  # None before the lifespan has started it
    if user is None:  # not checked lately: asked of the database in the move's thread hop
        view = await hop(_check_and_act, service, accounts, token, game_id, seq, action)
    elif on_loop is not None and accounts.limiter.in_process:
        accounts.moving(user.id)  # 429 beyond the account's rate of moves, counted once
        view = await on_loop.play(user, game_id, seq, action)
        if view is None:  # not a move the loop plays (carson.server.play.loop_moves)
            view = await hop(service.act, user, game_id, seq, action)
    else:
        view = await hop(_act, service, accounts, user, game_id, seq, action)
    return view  # None: a token the database does not know, which the generic handler refuses (401)


class NotPlain(ValueError):
    """A body :class:`~carson.server.play.models.ActionIn` would refuse."""


def plain_action(data: Any) -> tuple[int, dict[str, Any]]:
    """The seq and action of a parsed JSON body that :class:`~carson.server.play.models.ActionIn`
    accepts as it is — an object with an integer ``seq`` (strictly: not ``true``, not
    ``1.0``) and an object ``action``; other keys ignored — else :class:`NotPlain`. Checked
    here rather than by the model: its validation was a tenth of the route's own CPU."""
    if type(data) is dict:
        seq, action = data.get("seq"), data.get("action")
        if type(seq) is int and type(action) is dict:
            return seq, action
    raise NotPlain


def _act(
    service: GameService, accounts: Accounts, user: User, game_id: str, seq: int, action: Any
) -> dict[str, Any]:
    """In a request thread: the rate limit's count (its store may be a server) and the move."""
    accounts.moving(user.id)  # 429 beyond the account's rate of moves
    return service.act(user, game_id, seq, action)


def _check_and_act(
    service: GameService, accounts: Accounts, token: str, game_id: str, seq: int, action: Any
) -> dict[str, Any] | None:
    """In a request thread: the token's user (``None`` if it has none: nothing is counted
    or changed), then the move."""
    user = service.user_for_token(token)
    return None if user is None else _act(service, accounts, user, game_id, seq, action)
