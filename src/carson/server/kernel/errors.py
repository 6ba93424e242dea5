"""The API's one error body, the refusals of the game service, and the database failures
that are outages rather than bugs.

Every error the server answers — its own refusals, FastAPI's request validation, an unknown
route (404), a wrong method (405) — is an :class:`ErrorBody`: ``{"detail": str, "code": str}``,
``detail`` in words for people, ``code`` a stable machine-readable name for programs.
:func:`declared` gives a route's ``responses=`` for the error statuses it may answer, so the
OpenAPI document says what a client may get; :func:`install` makes the application answer
them all in that one shape.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from carson.core.game import JSON

#: The errors that mean "the database cannot serve now", not a bug: disk full, locked,
#: read-only, the connection lost or refused, no pooled connection free in time.
DATABASE_DOWN: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeout)

#: The code of each error status when nothing more precise is known, and what it means.
STATUS_CODES: dict[int, tuple[str, str]] = {
    400: ("bad_request", "The request cannot be read."),
    401: ("unauthorized", "No valid token: log in and send `Authorization: Bearer <token>`."),
    403: ("forbidden", "Not allowed to the caller (no seat in the game, a missing CSRF token)."),
    404: ("not_found", "No such game (or no such route)."),
    405: ("method_not_allowed", "The route does not take this method."),
    409: ("conflict", "The game is not in the state the request expects (stale seq, full)."),
    413: ("too_large", "The request body is larger than the server accepts."),
    422: ("validation_error", "The request is malformed, or the game refuses it."),
    429: ("rate_limited", "Too many requests: wait `Retry-After` seconds before trying again."),
    503: (
        "unavailable",
        "The server cannot serve now (its database, or busy): retry after `Retry-After` seconds.",
    ),
}


class ErrorBody(BaseModel):
    """What every error answer holds."""

    detail: str = Field(description="what is wrong, in words")
    code: str = Field(
        description="a stable machine-readable code: not_found, forbidden, unauthorized, "
        "validation_error, illegal_action, stale_seq, …"
    )


def declared(*statuses: int) -> dict[int | str, JSON]:
    """The ``responses=`` of a route that may answer these error statuses."""
    return {
        status: {"model": ErrorBody, "description": STATUS_CODES[status][1]} for status in statuses
    }


def error_response(
    status: int, detail: str, code: str | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """An error answer in the one shape (``code`` defaults to the status's)."""
    default = STATUS_CODES.get(status, ("error", ""))[0]
    body = ErrorBody(detail=detail, code=code or default)
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


class BadSetting(Exception):
    """A server setting (an environment variable) with a value it cannot take."""


def database_failure(error: BaseException) -> str:
    """A database failure in one line without the SQL statement or its parameters (which may
    hold a token's digest or a password's hash): the driver's own class and first line."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    return f"{type(original).__name__}: {lines[0] if lines else ''}"


class GameError(Exception):
    """A refused request: an HTTP status, a message naming the problem and a stable code
    (the class's own unless a more precise one is given)."""

    status = 400
    default_code = "bad_request"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code


class Unauthorized(GameError):
    status = 401
    default_code = "unauthorized"


class NotFound(GameError):
    status = 404
    default_code = "not_found"


class Forbidden(GameError):
    status = 403
    default_code = "forbidden"


class Conflict(GameError):
    status = 409
    default_code = "conflict"


class Unprocessable(GameError):
    """Well-formed, but refused: a bad account, a game its rules refuse, an illegal action."""

    status = 422
    default_code = "refused"


def _validation_detail(error: RequestValidationError) -> str:
    """FastAPI's list of problems as one sentence: where each is, and what it is."""
    parts = []
    for problem in error.errors():
        if problem.get("type") == "json_invalid":  # its place is a character's, not a field's
            _, at = problem.get("loc", ("body", 0))
            why = str(problem.get("ctx", {}).get("error", "invalid")).lower()
            parts.append(f"the body is not valid JSON: {why} at character {at}")
            continue
        where = ".".join(str(step) for step in problem.get("loc", ()))
        parts.append(f"{where}: {problem.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is malformed"


async def _game_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, GameError)
    return error_response(error.status, error.message, error.code)


#: The methods an ``Allow`` header may name.
_METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


def _allowed_methods(request: Request) -> str:
    """Every method some route takes at this path: Starlette's own ``Allow`` names only
    those of the first route that matched the path."""
    allowed = [
        method
        for method in _METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] is Match.FULL
            for route in request.app.router.routes
        )
    ]
    return ", ".join(allowed)


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StarletteHTTPException)
    headers = dict(error.headers or {})
    if error.status_code == 405:
        headers["Allow"] = _allowed_methods(request)
    return error_response(error.status_code, str(error.detail), headers=headers or None)


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    return error_response(422, _validation_detail(error), "validation_error")


def install(app: FastAPI) -> None:
    """Answer every refusal, validation error, unknown route and wrong method as an
    :class:`ErrorBody`."""
    app.add_exception_handler(GameError, _game_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
