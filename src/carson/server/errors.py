"""The refusals of the game service: each an HTTP status and a message naming the problem."""

from __future__ import annotations


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
