"""Caps on the live streams one server process keeps open: each holds a connection and wakes
on every move of its game, so without a cap a few clients can open enough of them to slow
every other request. Beyond the cap of one account: 429; beyond the process's: 503."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import HTTPException

from carson.server.kernel import metrics
from carson.server.kernel.errors import GameError

#: Seconds a refused client is told to wait (a stream closes when its page does).
RETRY_SECONDS = 5


class TooManyStreams(GameError):
    """This account has as many streams open as it may."""

    status = 429
    default_code = "too_many_streams"


class StreamsFull(GameError):
    """The process has as many streams open as it may."""

    status = 503
    default_code = "streams_full"


class StreamSlots:
    """Open streams, counted per holder — an account's id, or an anonymous spectator's
    address as a string (use on the event loop only: no lock needed). ``kind`` names them
    in the metrics (``carson_live_streams``)."""

    def __init__(self, per_user: int, total: int, kind: str = "game") -> None:
        self.per_user = per_user
        self.total = total
        self.kind = kind
        self._open: Counter[int | str] = Counter()

    @property
    def open(self) -> int:
        return self._open.total()

    def of(self, user_id: int | str) -> int:
        return self._open[user_id]

    def take(self, user_id: int | str) -> None:
        if self._open[user_id] >= self.per_user:
            raise TooManyStreams(
                f"you have {self.per_user} live streams open, the most one account may: "
                "close one first"
            )
        if self.open >= self.total:
            raise StreamsFull("the server has as many live streams open as it can: try later")
        self._open[user_id] += 1
        metrics.stream_opened(self.kind)

    def give_back(self, user_id: int | str) -> None:
        self._open[user_id] -= 1
        metrics.stream_closed(self.kind)
        if self._open[user_id] <= 0:
            del self._open[user_id]

    @contextmanager
    def held(self, holder: int | str) -> Iterator[None]:
        """One slot of ``holder``'s while inside: a stream route's start. Refused as a plain
        error (429 or 503, ``Retry-After``: :data:`RETRY_SECONDS`), not an event stream."""
        try:
            self.take(holder)
        except GameError as error:
            headers = {"Retry-After": str(RETRY_SECONDS)}
            raise HTTPException(error.status, error.message, headers=headers) from None
        try:
            yield
        finally:
            self.give_back(holder)
