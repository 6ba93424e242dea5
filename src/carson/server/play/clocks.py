"""The clocks of the server's games: started with the game, moved on with every move in the
move's own transaction, and a durable ``timeout`` job at each running clock's deadline.

A game with a time control keeps every seat's clock (:class:`carson.core.clock.Clocks`) in
``games.clock``, with the seq it belongs to. The server's clock is the authority: times come
from the store's injected clock (seconds since the epoch), so tests move time instead of
sleeping, and a restarted server finds the clocks as they were.

Whenever a seat's clock runs after a move, a ``timeout`` job is queued for its deadline with
the key ``timeout:<game>:<seq>:<seat>``: queued once, and when it runs it acts only if the
seat is still asked and its time is up (:mod:`carson.server.play.timeouts`).

A secret step of several moves (:mod:`carson.server.play.drafts`) moves no clock while a seat
drafts: a seat's clock stops only when the step resolves, so the others cannot count its
items by its increments. The moment a seat closed its own part of the step is kept, unseen,
under ``closed``, and its clock is charged up to then when the step resolves.

A correspondence game's clocks are read with their players' vacations
(:mod:`carson.server.play.vacations`) as pauses: a seat's clock stands still while its player
is on vacation, and its deadline moves on by the paused time. A timeout job that finds its
deadline moved on queues itself again for the new one (key ``…@<deadline>``); a vacation
ended early queues its player's timeouts again at once (:meth:`ClockKeeper.queue_again`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cachetools import LRUCache
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from carson.core.clock import Clocks, TimeControl
from carson.core.game import JSON
from carson.server.jobs.queue import JobQueue, whole_number
from carson.server.kernel.db import Game
from carson.server.play.table import State
from carson.server.play.vacations import earliest, game_pauses

Clock = Callable[[], datetime]
TIMEOUT = "timeout"
#: The job that tells a correspondence player their time runs out soon.
TIMEOUT_SOON = "timeout_soon"
#: How long before a correspondence deadline the player is told (at most half the move's).
WARN_BEFORE = timedelta(days=1)


def warning_time(control: TimeControl, deadline: float) -> datetime | None:
    """When to warn of ``deadline``: a correspondence move's, a day before (half its time
    for a one-day move); a live game's player is at the table, never warned."""
    if control.kind != "correspondence":
        return None
    ahead = min(WARN_BEFORE, timedelta(days=control.days) / 2)
    return datetime.fromtimestamp(deadline, UTC) - ahead


@dataclass(frozen=True)
class Timeout:
    """The payload of a ``timeout`` job: the game, the seq it was queued at, the seat."""

    game: str
    seq: int
    seat: int

    @classmethod
    def read(cls, payload: JSON) -> Timeout:
        game, seq, seat = payload.get("game"), payload.get("seq"), payload.get("seat")
        if not isinstance(game, str) or not all(whole_number(value) for value in (seq, seat)):
            raise ValueError(f"a timeout payload needs a game, a seq and a seat, not {payload!r}")
        assert isinstance(seq, int) and isinstance(seat, int)
        return cls(game, seq, seat)

    def key(self) -> str:
        return f"{TIMEOUT}:{self.game}:{self.seq}:{self.seat}"

    def payload(self) -> JSON:
        return {"game": self.game, "seq": self.seq, "seat": self.seat}


@dataclass(frozen=True)
class StoredClocks:
    """A game's clocks as stored: at ``seq``, with the private closing times of a secret
    step (seat → epoch seconds)."""

    clocks: Clocks
    seq: int
    closed: dict[int, float]

    @classmethod
    def read(cls, data: JSON) -> StoredClocks:
        closed = {int(seat): float(at) for seat, at in data.get("closed", {}).items()}
        return cls(Clocks.from_json(data), int(data.get("seq", 0)), closed)

    def to_json(self) -> JSON:
        closed = {str(seat): at for seat, at in self.closed.items()}
        return {**self.clocks.to_json(), "seq": self.seq, "closed": closed}


class ClockKeeper:
    """Every game's clocks, for one server process: written in the moves' transactions,
    read for the views (the last read of each game kept in memory, by seq)."""

    def __init__(self, jobs: JobQueue, clock: Clock, games_in_memory: int) -> None:
        self.jobs = jobs
        self.clock = clock
        self._seen: LRUCache[str, StoredClocks] = LRUCache(games_in_memory)
        self._guard = threading.Lock()

    def now(self) -> float:
        return self.clock().timestamp()

    # ------------------------------------------------------------------ writing

    def start(
        self, session: Session, game_id: str, control: TimeControl | None, seats: int, state: State
    ) -> None:
        """In the transaction that starts the game: every clock, the first asked running."""
        if control is None:
            return
        clocks = Clocks.start(control, seats, state.seats_to_act, self.now())
        self._write(session, game_id, StoredClocks(clocks, len(state.actions), {}))

    def after_moves(self, session: Session, game_id: str, after: State, mover: int) -> None:
        """In the transaction of the moves that led to ``after``, the last by ``mover``: the
        clocks moved on (the seats that closed a secret step earlier charged up to then),
        stopped if the game is over."""
        stored = self.stored(session, game_id)
        if stored is None:  # no time control (or a game older than clocks)
            return
        now = self.now()
        clocks = stored.clocks
        running = {seat for seat, since in enumerate(clocks.running_since) if since is not None}
        for seat, at in sorted(stored.closed.items(), key=lambda item: item[1]):
            if seat != mover:
                running.discard(seat)
                clocks = clocks.after_move(seat, min(at, now), running)
        clocks = clocks.after_move(mover, now, () if after.is_over else after.seats_to_act)
        if after.is_over:
            clocks = clocks.stopped(now)
        self._write(session, game_id, StoredClocks(clocks, len(after.actions), {}))

    def close_step(self, session: Session, game_id: str, seat: int) -> None:
        """``seat`` closed its part of a secret step now (its clock stops at the reveal)."""
        stored = self.stored(session, game_id)
        if stored is None or seat in stored.closed:
            return
        closed = {**stored.closed, seat: self.now()}
        data = StoredClocks(stored.clocks, stored.seq, closed).to_json()
        session.execute(update(Game).where(Game.id == game_id).values(clock=data))

    def stop(self, session: Session, game_id: str, seq: int) -> None:
        """Every clock stopped now (the game ended otherwise than by a move: an abort)."""
        stored = self.stored(session, game_id)
        if stored is not None:
            clocks = stored.clocks.stopped(self.now())
            self._write(session, game_id, StoredClocks(clocks, seq, {}))

    def _write(self, session: Session, game_id: str, stored: StoredClocks) -> None:
        session.execute(update(Game).where(Game.id == game_id).values(clock=stored.to_json()))
        for seat in range(len(stored.clocks.remaining)):
            deadline = stored.clocks.deadline(seat)
            if deadline is not None:
                due = Timeout(game_id, stored.seq, seat)
                self.jobs.enqueue(
                    session, TIMEOUT, due.payload(), key=due.key(),
                    run_at=datetime.fromtimestamp(deadline, UTC),
                )  # fmt: skip
                warning = warning_time(stored.clocks.control, deadline)
                if warning is not None:  # the player is told before (a notification)
                    key = f"{TIMEOUT_SOON}:{due.key()}"
                    self.jobs.enqueue(session, TIMEOUT_SOON, due.payload(), key=key, run_at=warning)

    def queue_again(self, session: Session, due: Timeout, deadline: float, kind: str = TIMEOUT,
                    run_at: float | None = None) -> None:  # fmt: skip
        """Queue ``due``'s job (a timeout, or its warning: ``kind``) again, for the
        ``deadline`` a vacation moved it to (at ``run_at``, default the deadline). Keyed by
        the deadline: queued once for each; the jobs left for other deadlines find nothing
        due when they run."""
        key = f"{due.key()}@{int(deadline)}"
        key = key if kind == TIMEOUT else f"{kind}:{key}"
        at = datetime.fromtimestamp(deadline if run_at is None else run_at, UTC)
        self.jobs.enqueue(session, kind, due.payload(), key=key, run_at=at)

    # ------------------------------------------------------------------ reading

    def stored(self, session: Session, game_id: str) -> StoredClocks | None:
        """The game's clocks as the database holds them now (``None``: no clock), a
        correspondence game's with its players' vacations as pauses."""
        data = session.scalar(select(Game.clock).where(Game.id == game_id))
        return None if data is None else self._paused(session, game_id, StoredClocks.read(data))

    def _paused(self, session: Session, game_id: str, stored: StoredClocks) -> StoredClocks:
        """A correspondence game's clocks with their pauses (a live game's never pause)."""
        clocks = stored.clocks
        if clocks.control.kind != "correspondence":
            return stored
        since = earliest(clocks.running_since, self.now())
        paused = clocks.paused(game_pauses(session, game_id, since))
        return StoredClocks(paused, stored.seq, stored.closed)

    def at(self, session: Session, game_id: str, seq: int) -> StoredClocks | None:
        """The game's clocks at ``seq`` for a view: from memory if this process read them at
        that seq, else from the database."""
        with self._guard:
            known = self._seen.get(game_id)
        if known is not None and known.seq == seq:
            return self._paused(session, game_id, known)  # vacations change without a move
        stored = self.stored(session, game_id)
        if stored is not None and stored.seq == seq:
            with self._guard:
                self._seen[game_id] = stored
        return stored

    def left_of(self, session: Session, game: Game, seat: int) -> float | None:
        """Seconds ``seat`` has left in a timed game still played (its pauses counted)."""
        if game.clock is None or game.status != "playing":
            return None
        stored = self._paused(session, game.id, StoredClocks.read(game.clock))
        return stored.clocks.left(seat, self.now())

    def forget(self, game_id: str) -> None:
        """Read the game's clocks afresh next time (they changed without a move: an abort)."""
        with self._guard:
            self._seen.pop(game_id, None)

    def view(self, stored: StoredClocks | None, now: float | None = None) -> JSON | None:
        """Every seat's clock as a view shows it at ``now`` (default: the server's now)."""
        if stored is None:
            return None
        moment = self.now() if now is None else now
        return {**stored.clocks.view(moment), "now": moment}

    def timed_view(self, session: Session, game_id: str, seq: int, view: JSON) -> JSON:
        """A timed game's ``view`` (not changed) with every clock as it is now at ``seq``,
        and each seat whose player's clock is paused by a vacation marked until when."""
        clock = self.view(self.at(session, game_id, seq))
        paused = [] if clock is None else clock["paused_until"]
        if not any(until is not None for until in paused):
            return {**view, "clock": clock}
        seats = [{**seat, "vacation_until": until} if until is not None else seat
                 for seat, until in zip(view["seats"], paused, strict=True)]  # fmt: skip
        return {**view, "clock": clock, "seats": seats}
