"""The route of a move (``POST /api/games/{game_id}/actions``), the server's hottest: its
common case answered without FastAPI's per-request machinery (issue 22).

A move from an API client — a bearer token, a JSON body that is an
:class:`~carson.server.models.ActionIn` — is read, counted against the account's rate and
played here: no dependency graph solved, no body parsed twice, and for the move either no
hop at all (the common case, played on the event loop: :mod:`carson.server.loop_moves`) or
one hop to a thread for the token's check (when this process has not checked it lately), the
rate limit's count (counted on the loop when its counts are this process's) and the move.
Anything else (a cookie, a token the database does not know, a body that is not plain
JSON or not valid) goes to FastAPI's own handler of the same endpoint, untouched, which
answers it as every route does; the fast path only ever takes requests that handler would
accept, with the same checks, so both give the same answers.
Refusals of the move itself (409, 422, 429, 503) are raised here as there, to the
application's exception handlers. The route is an ordinary :class:`APIRoute` of the same
endpoint: the OpenAPI document describes it as before.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import Accounts
from carson.server.db import User
from carson.server.games import GameService
from carson.server.jsonio import FastJSONResponse
from carson.server.models import ActionIn

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class MoveRoute(APIRoute):
    """An :class:`APIRoute` whose handler first tries :func:`plain_move`."""

    def get_route_handler(self) -> Handler:
        generic = super().get_route_handler()

        async def handle(request: Request) -> Response:
            answer = await plain_move(request)
            return answer if answer is not None else await generic(request)

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


async def plain_move(request: Request) -> Response | None:
    """The answer to a plain move, or ``None`` for the generic handler to answer. Nothing is
    counted or changed before the request is known to be plain."""
    token = bearer_token(request)
    if token is None or not json_content(request):
        return None
    service = request.app.state.games
    accounts = request.app.state.accounts
    assert isinstance(service, GameService) and isinstance(accounts, Accounts)
    body = await request.body()  # kept by the request: the generic handler reads it again
    try:
        # orjson refuses what the standard library's parser (the generic handler's) does,
        # and more (NaN, numbers past 64 bits): those go to the generic handler's answer.
        move = ActionIn.model_validate(orjson.loads(body))
    except (orjson.JSONDecodeError, ValidationError):
        return None
    game_id = request.path_params["game_id"]
    threads = request.app.state.threads  # None before the lifespan has started them
    hop = run_in_threadpool if threads is None else threads.run
    user = service.remembered_user(token)
    on_loop = request.app.state.loop_moves  # None before the lifespan has started it
    if user is None:  # not checked lately: asked of the database in the move's thread hop
        view = await hop(_check_and_act, service, accounts, token, game_id, move)
    elif on_loop is not None and accounts.limiter.in_process:
        accounts.moving(user.id)  # 429 beyond the account's rate of moves, counted once
        view = await on_loop.play(user, game_id, move.seq, move.action)
        if view is None:  # not a move the loop plays (carson.server.loop_moves)
            view = await hop(service.act, user, game_id, move.seq, move.action)
    else:
        view = await hop(_act, service, accounts, user, game_id, move)
    # A token the database does not know: the generic handler refuses it (401).
    return None if view is None else FastJSONResponse(view)


def _act(
    service: GameService, accounts: Accounts, user: User, game_id: str, move: ActionIn
) -> dict[str, Any]:
    """In a request thread: the rate limit's count (its store may be a server) and the move."""
    accounts.moving(user.id)  # 429 beyond the account's rate of moves
    return service.act(user, game_id, move.seq, move.action)


def _check_and_act(
    service: GameService, accounts: Accounts, token: str, game_id: str, move: ActionIn
) -> dict[str, Any] | None:
    """In a request thread: the token's user (``None`` if it has none: nothing is counted
    or changed), then the move."""
    user = service.user_for_token(token)
    return None if user is None else _act(service, accounts, user, game_id, move)
