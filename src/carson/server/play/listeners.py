"""What play tells the features above it, in the transaction of what happened.

Play knows no feature above it: it publishes what happened — moves written, a game
finished, people invited to a table, a game aborted, a table opened, a person about to
join, a seat taken over on a timeout — and the features that care listen (notifications,
ratings, the lobby, tournaments). A listener runs inside the transaction that caused it,
so what it writes (a notification and its delivery job, a rating change) is stored exactly
once with it, or not at all.

The composition root (:mod:`carson.server.listening`) registers every feature's listeners;
a store made without them (a test of play alone) tells nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.ratings import Standing
from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import Game, User
from carson.server.play.table import State

if TYPE_CHECKING:
    from carson.server.play.table import Table
    from carson.server.play.table_settings import TableSettings


@dataclass(frozen=True)
class MovesWritten:
    """Moves just written, leading from ``before`` to ``after`` (``before`` is ``None`` when
    the game has just started: nobody moved yet)."""

    session: Session
    queue: JobQueue
    table: Table
    before: State | None
    after: State


@dataclass(frozen=True)
class GameFinished:
    """A game played to its end, marked ``finished``: each human seat's standing (score, win,
    whether its player left) and who holds it (seat → user id); ``queue``: where what it
    causes later is queued."""

    session: Session
    queue: JobQueue
    game_id: str
    game: str
    rated: bool
    standings: Sequence[Standing]
    people: dict[int, int]
    at: datetime


@dataclass(frozen=True)
class Invited:
    """People given a seat at a table they did not open: paired by quick match, or offered
    a rematch (``offer``: who offers it, and of which game)."""

    session: Session
    queue: JobQueue
    game_id: str
    people: Collection[int]
    offer: JSON | None = None


@dataclass(frozen=True)
class GameAborted:
    """A game ended by one player's abort before it really began; ``told``: the others."""

    session: Session
    queue: JobQueue
    game_id: str
    told: Collection[int]


@dataclass(frozen=True)
class SeatTimedOut:
    """A person's clock ran out and a machine plays their seat to the end (a ``takeover``
    timeout): ``user_id`` held the seat."""

    session: Session
    queue: JobQueue
    game_id: str
    user_id: int


@dataclass(frozen=True)
class TableOpened:
    """A new table, started or still waiting for players."""

    session: Session
    queue: JobQueue
    game: Game
    settings: TableSettings


@dataclass(frozen=True)
class Joining:
    """``user`` is about to take a free seat of ``game``: a listener may refuse (raise)."""

    session: Session
    game: Game
    user: User
    now: datetime


class MovesListener(Protocol):
    """A listener of written moves. ``writes`` tells, before the moves are written, whether
    it would write anything for them: a move nobody writes for may go alone, without a
    transaction (:mod:`carson.server.play.storage.alone_moves`)."""

    def writes(self, table: Table, after: State) -> bool: ...

    def written(self, moves: MovesWritten) -> None: ...


EventT = TypeVar("EventT")


class Listeners:
    """Who listens to what play publishes: registered once, when the server is composed."""

    def __init__(self) -> None:
        self._moves: list[MovesListener] = []
        self._handlers: dict[type, list[Callable[[Any], None]]] = {}  # each its event's type

    def on_moves(self, listener: MovesListener) -> None:
        self._moves.append(listener)

    def on(self, kind: type[EventT], handler: Callable[[EventT], None]) -> None:
        self._handlers.setdefault(kind, []).append(handler)

    def publish(self, event: object) -> None:
        """Tell ``event`` to its listeners (a :class:`MovesWritten` to the moves' ones)."""
        if isinstance(event, MovesWritten):
            for listener in self._moves:
                listener.written(event)
        for handler in self._handlers.get(type(event), ()):
            handler(event)

    def write_for(self, table: Table, after: State) -> bool:
        """Whether any listener writes for moves leading to ``after``."""
        return any(listener.writes(table, after) for listener in self._moves)
