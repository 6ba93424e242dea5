"""Live updates: wake the streams of a game when one of its moves is stored.

In one process a stored move wakes that game's waiting streams directly. With several server
processes on one PostgreSQL database, each move also sends ``NOTIFY carson_moves, '<game>'``
in its own transaction (so it is delivered exactly when the move is committed; it carries
the moves too: :mod:`carson.server.play.live.move_notices`), and every process listens on that
channel with one connection of its own: a stream is woken whichever process stored the move.
No extra service is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable

from sqlalchemy.engine import Engine

from carson.server.kernel.db import libpq_conninfo
from carson.server.kernel.libpq_calls import hear

CHANNEL = "carson_moves"
#: The prefix of a notice whose game's table changed (a seat left, the game ended early):
#: every process forgets its cached table of that game.
SEATS_CHANGED = "seats:"
#: The prefix of a notice naming tokens (their digests, comma-separated) that every process
#: forgets if it remembers them: their sessions ended, or their account changed.
FORGET_TOKENS = "tokens:"
#: The prefix of a notice naming an account (its id) that was renamed (deleted, or a guest
#: who signed up): every process forgets its cached tables where the account holds a seat.
RENAMED = "renamed:"
#: The prefix of a notice that a viewer watches a game: ``watch:<game> <viewer>``
#: (:mod:`carson.server.play.live.watchers`).
WATCHED = "watch:"
log = logging.getLogger("carson.server.kernel.live")


class Versions:
    """The number of each recently woken game's latest wake-up, least recently woken out.
    Numbers come from one clock for all games, and a game not in the table answers the
    largest number ever dropped: so a game's number never goes down, even once dropped,
    and a stream that read it misses no wake-up (at worst it wakes once for nothing).
    Set on every move a process stores or hears of: a plain ordered dictionary, a third of
    the CPU of ``cachetools.LRUCache``'s layers. Not thread-safe: the caller guards it."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.floor = 0
        self._numbers: OrderedDict[str, int] = OrderedDict()

    def __setitem__(self, game_id: str, number: int) -> None:
        self._numbers[game_id] = number
        self._numbers.move_to_end(game_id)
        if len(self._numbers) > self.maxsize:
            _, dropped = self._numbers.popitem(last=False)
            self.floor = max(self.floor, dropped)

    def get(self, game_id: str) -> int:
        """The game's number: the floor if it is not in the table."""
        return self._numbers.get(game_id, self.floor)

    def __len__(self) -> int:
        return len(self._numbers)


class Notifier:
    def __init__(self, games: int) -> None:
        """``games``: how many games' wake-up numbers to keep (the rest share one)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        #: The streams waiting, by game: one entry per open stream, at most.
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}
        #: The games' wake-up numbers: a stream that read one before it looked at the game
        #: misses no move made while it was looking.
        self._versions = Versions(games)
        self._clock = 0
        #: Guards the numbers and the waiters: a move is published from a request thread or
        #: the event loop (a move played there, a notice heard), and wakes the loop's
        #: streams only for a game one of them awaits.
        self._guard = threading.Lock()
        #: Listening for other processes' moves (PostgreSQL): a task of the event loop.
        self._listening: asyncio.Task[None] | None = None
        #: Told the game whose table another process changed (set by the game store).
        self.seats_changed: Callable[[str], None] | None = None
        #: Told the tokens to forget, and (with ``None``) to forget every token when the
        #: listening comes back after an outage: notices were missed (set by the games).
        self.forget_tokens: Callable[[list[str] | None], None] | None = None
        #: Told the id of an account renamed in another process (set by the game store).
        self.renamed: Callable[[int], None] | None = None
        #: Given a move's notice (set by the game store: its cache keeps the moves it carries,
        #: :mod:`carson.server.play.live.move_notices`); answers whether the game's streams wake.
        self.moves_heard: Callable[[str], bool] | None = None
        #: Given another process's notice of a viewer (set by the games' watchers); answers
        #: the game whose streams should wake (a new watcher), else ``None``.
        self.watched: Callable[[str], str | None] | None = None

    # ------------------------------------------------------------------ life cycle

    def start(self, engine: Engine) -> None:
        """Bind to the running event loop; on PostgreSQL, start listening for other
        processes' moves."""
        self._loop = asyncio.get_running_loop()
        if engine.dialect.name == "postgresql":
            conninfo = libpq_conninfo(engine)
            self._listening = self._loop.create_task(self._listen(conninfo), name="carson-listen")

    async def stop(self) -> None:
        """Stop listening (on the loop it was started on)."""
        listening, self._listening = self._listening, None
        if listening is not None:
            listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listening

    async def _listen(self, conninfo: str) -> None:
        """On the event loop, not in a thread of its own: each notice (every process hears
        every move) then costs no thread wake-up and no hand-over of the GIL, which were
        0.45 ms of CPU per move on a small machine; read through libpq directly, not
        psycopg's ``notifies()``, at 2.6 times less CPU a notice (issue 22)."""
        import psycopg

        failing = False  # log an outage once, and its end, not every second of it
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if failing:
                        log.warning("listening for other processes' moves again")
                        failing = False
                        if self.forget_tokens is not None:  # an ended session's notice missed
                            self.forget_tokens(None)
                    await hear(connection.pgconn, self._notice)  # until the connection fails
            except psycopg.Error as error:
                if not failing:
                    # The driver's class only: its message may name the server and user.
                    log.warning("lost the database's notifications (%s); live views of "
                                "other processes' moves wait until it is back",
                                type(error).__name__)  # fmt: skip
                    failing = True
                await asyncio.sleep(1.0)  # the database went away: try again shortly

    def _notice(self, payload: str) -> None:
        if payload.startswith(WATCHED):
            woken = None if self.watched is None else self.watched(payload.removeprefix(WATCHED))
            if woken is not None:
                self.publish(woken)
            return
        if payload.startswith(RENAMED):
            user_id = payload.removeprefix(RENAMED)
            if self.renamed is not None and user_id.isdecimal():
                self.renamed(int(user_id))
            return
        if payload.startswith(FORGET_TOKENS):
            if self.forget_tokens is not None:
                self.forget_tokens(payload.removeprefix(FORGET_TOKENS).split(","))
            return
        game_id = payload.removeprefix(SEATS_CHANGED)
        if game_id != payload:
            if self.seats_changed is not None:
                self.seats_changed(game_id)
        else:
            game_id = payload.partition(" ")[0]  # a move's notice carries the moves after it
            if self.moves_heard is not None:
                try:  # before the streams wake: they find the move cached
                    if not self.moves_heard(payload):
                        return  # this process's own move: its streams were woken
                except Exception:  # a hint only: the listening goes on whatever happened
                    log.exception("a move notice of game %s was not played", game_id)
        self.publish(game_id)

    # ------------------------------------------------------------------ waking

    def publish(self, game_id: str) -> None:
        """A move of ``game_id`` was stored (callable from any thread). Its number goes up
        here; the event loop is woken only if a stream awaits the game: most moves (every
        other process's, on PostgreSQL) have none here, and a wake-up cost the loop more
        than the number."""
        with self._guard:
            self._clock += 1
            self._versions[game_id] = self._clock
            awaited = game_id in self._waiters
        loop = self._loop
        if awaited and loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is shutting down
                loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        with self._guard:
            waiters = self._waiters.pop(game_id, set())
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def version(self, game_id: str) -> int:
        """The number of ``game_id``'s latest wake-up; larger after each."""
        with self._guard:
            return self._versions.get(game_id)

    async def wait(self, game_id: str, timeout: float, seen: int | None = None) -> None:
        """Until the next move of ``game_id`` (or ``timeout`` seconds: a safety net); at
        once if it was woken after ``seen``. The waiter is in place before the number is
        compared (both under the guard): a move published meanwhile either finds the waiter
        or raised the number."""
        waiter = asyncio.get_running_loop().create_future()
        with self._guard:
            self._waiters.setdefault(game_id, set()).add(waiter)
            moved = seen is not None and self._versions.get(game_id) > seen
        try:
            if not moved:
                await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            pass
        finally:
            with self._guard:
                waiting = self._waiters.get(game_id)
                if waiting is not None:
                    waiting.discard(waiter)
                    if not waiting:
                        del self._waiters[game_id]
