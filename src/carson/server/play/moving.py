"""The one path of a move (issue 43): every move — a person's from the API or a page, a
machine seat's, one a timeout forces — is checked once, applied once (:func:`apply_moves`),
stored once (:meth:`~carson.server.play.store.GameStore.write_moved`, or alone on the event
loop by :mod:`.loop_moves`) and published once
(:meth:`~carson.server.play.store.GameStore.published`), with the events it built.

A person's move enters as any request does (FastAPI's route, the page's form) and goes on to
:meth:`MovePath.play`: on the event loop when the game is in memory and its lock is free
(checked and applied there; written there when it writes its row alone, else handed,
applied, to a request thread that writes it with all it brings), else in a request thread
that reads the game first (:meth:`carson.server.play.games.GameService.act`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON, Action, IllegalActionError
from carson.server.kernel.errors import Unprocessable
from carson.server.play.events import encode_events
from carson.server.play.live import watching
from carson.server.play.table import State

if TYPE_CHECKING:
    from carson.server.accounts.service import Accounts
    from carson.server.kernel.db import User
    from carson.server.kernel.threads import RequestThreads
    from carson.server.play.games import GameService
    from carson.server.play.loop_moves import LoopMoves
    from carson.server.play.table import Table

T = TypeVar("T")


class Hop(Protocol):
    """Runs ``func(*args)`` in one of the server's request threads."""

    def __call__(self, func: Callable[..., T], /, *args: object) -> Awaitable[T]: ...


@dataclass(frozen=True)
class Moved:
    """Moves checked and applied, as they are written and published: the game before and
    after them, and their rows as stored (``game_id``, ``seq``, ``seat``, ``action``,
    ``events``: every event, tagged with its audience)."""

    table: Table
    before: State  # the game's state before the moves (an engine's GameState)
    after: State  # … and after them (a copy: ``before`` is unchanged)
    rows: list[JSON]

    @property
    def seat(self) -> int:
        """The seat of the last move (a person's move is one)."""
        seat: int = self.rows[-1]["seat"]
        return seat


def apply_moves(table: Table, state: State, moves: list[tuple[int, Action]]) -> Moved:
    """``(seat, action)`` moves, already checked, played on a copy of ``state``, with their
    rows as stored: the only place the server applies a move."""
    seq = len(state.actions)
    after = state.clone()
    rows = []
    for seat, action in moves:
        seq += 1
        try:
            events = after.apply(seat, action)
        except IllegalActionError as error:  # pragma: no cover - checked by the callers
            raise Unprocessable(str(error)) from None
        rows.append({"game_id": table.id, "seq": seq, "seat": seat,
                     "action": action.to_json(), "events": encode_events(events)})  # fmt: skip
    return Moved(table, state, after, rows)


class MovePath:
    """A person's move, from the API or a page: counted against the account's rate of
    moves, then played on the event loop (:class:`~.loop_moves.LoopMoves`) when it can be,
    else in a request thread. Holds what the running server lends it (its request threads,
    the loop's writes): without them (before the server starts) every move takes a thread."""

    def __init__(self, service: GameService, accounts: Accounts) -> None:
        self.service = service
        self.accounts = accounts
        self.threads: RequestThreads | None = None
        self.loop: LoopMoves | None = None

    async def play(self, user: User, game_id: str, seq: int, data: Any) -> JSON:
        """The player's view after their move ``data`` sent at ``seq`` (409, 422, 429 …)."""
        loop, hop = self.loop, self.hop
        if loop is None or not self.accounts.limiter.in_process:
            return await hop(self._count_and_act, user, game_id, seq, data)
        self.accounts.moving(user.id)  # 429 beyond the account's rate, counted on the loop
        view = await loop.play(user, game_id, seq, data, hop)
        if view is None:  # not in memory, its lock held, refused by the cache: read it
            view = await hop(self.service.act, user, game_id, seq, data)
        return view

    async def look(self, user: User | None, game_id: str, address: str) -> JSON:
        """The caller's view of the game (``GET /api/games/{id}``; a spectator's, if not
        seated), its look counted (:mod:`.live.watching`): from memory on the event loop
        when the database holds nothing newer (:meth:`.LoopMoves.look`), else read in a
        request thread."""
        loop = self.loop
        if loop is None or not self.accounts.limiter.in_process:
            return await self.hop(self._viewed, user, game_id, address)
        with watching.counted(self.accounts, address, user):  # on the loop: its counts
            view = await loop.look(user, game_id)
            if view is None:
                view = await self.hop(self.service.view, user, game_id, True)
        return view

    def _viewed(self, user: User | None, game_id: str, address: str) -> JSON:
        """In a request thread: the look counted (a spectator's), then the view."""
        with watching.counted(self.accounts, address, user):
            return self.service.view(user, game_id, watch=True)

    def hop(self, func: Callable[..., T], *args: object) -> Awaitable[T]:
        """``func(*args)`` in one of the server's request threads."""
        threads = self.threads
        return run_in_threadpool(func, *args) if threads is None else threads.run(func, *args)

    def _count_and_act(self, user: User, game_id: str, seq: int, data: Any) -> JSON:
        """In a request thread: the rate's count (its store may be a server), then the move."""
        self.accounts.moving(user.id)
        return self.service.act(user, game_id, seq, data)
