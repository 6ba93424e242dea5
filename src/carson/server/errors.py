"""The refusals of the game service (each an HTTP status and a message naming the problem),
and the database failures that are outages rather than bugs."""

from __future__ import annotations

from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

#: The errors that mean "the database cannot serve now", not a bug: disk full, locked,
#: read-only, the connection lost or refused, no pooled connection free in time.
DATABASE_DOWN: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeout)


class BadSetting(Exception):
    """A server setting (an environment variable) with a value it cannot take."""


class GameError(Exception):
    """A refused request: an HTTP status and a message naming the problem."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(GameError):
    status = 404


class Forbidden(GameError):
    status = 403


class Conflict(GameError):
    status = 409


class Unprocessable(GameError):
    status = 422


def database_failure(error: BaseException) -> str:
    """A database failure in one line without the SQL statement or its parameters (which may
    hold a token's digest or a password's hash): the driver's own class and first line."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    return f"{type(original).__name__}: {lines[0] if lines else ''}"
