"""The machine seats of the server's games (AI levels and bots) move through jobs.

Whenever a move leaves a machine seat to act — a person's move, a machine's, a game that
starts — the ``machine_move`` job for that seq is queued in the same transaction as the
move (:func:`queue_next`): a crash cannot lose it, and its key (game, seq) queues it once.
A worker runs it (:func:`move_machine`): it asks the thinker for the seat's action and
writes the move, the job for the seat after, and the job's end, in one transaction. A move
is (game, seq), the primary key: should two workers think at once (one's lease ran out),
only one move is stored and the other's job ends with nothing to do.

In a game's secret step of several moves (:mod:`carson.server.play.drafts`), a machine seat's
moves go to its draft, each in a job of its own: the job after a draft move is keyed by the
number of draft moves so far, so it is queued once too. People's draft moves queue nothing
(the machines draft on their own); the step's resolution is a move like any other.

A seat whose person left (resigned, or timed out under the ``takeover`` rule) is a machine
seat from then on, played at the table's timeout level. A ``move`` timeout queues one
*forced* job: the timeout level moves once for that seat (a whole secret step, if the seat
was in one), and the person may come back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, whole_number
from carson.server.kernel.db import Game, Job
from carson.server.kernel.errors import Conflict, NotFound
from carson.server.play.drafts import DraftBook, Drafts
from carson.server.play.left_seats import left_among
from carson.server.play.store import GameStore
from carson.server.play.table import State, Table
from carson.server.play.thinking import ThinkRequest
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MachineMove:
    """The payload of a ``machine_move`` job: the game and the seq it was queued at."""

    game: str
    seq: int
    drafted: int = 0  # draft moves made at this seq when queued (a secret step's)
    #: A forced move (a ``move`` timeout): this seat, played once by the ``level`` machine.
    seat: int | None = None
    level: str | None = None

    @classmethod
    def read(cls, payload: JSON) -> MachineMove:
        game, seq = payload.get("game"), payload.get("seq")
        drafted, seat, level = payload.get("drafted", 0), payload.get("seat"), payload.get("level")
        if not isinstance(game, str) or not whole_number(seq) or not whole_number(drafted):
            raise ValueError(f"a machine_move payload needs a game and a seq, not {payload!r}")
        if (seat is None) != (level is None) or not (seat is None or whole_number(seat)):
            raise ValueError(f"a forced machine_move names a seat and a level, not {payload!r}")
        assert isinstance(seq, int) and isinstance(drafted, int)
        return cls(game, seq, drafted, seat, None if level is None else str(level))

    def key(self) -> str:
        suffix = f":{self.drafted}" if self.drafted else ""
        forced = "" if self.seat is None else f":timeout{self.seat}"
        return f"machine_move:{self.game}:{self.seq}{suffix}{forced}"

    def payload(self) -> JSON:
        drafted = {"drafted": self.drafted} if self.drafted else {}
        forced = {} if self.seat is None else {"seat": self.seat, "level": self.level}
        return {"game": self.game, "seq": self.seq, **drafted, **forced}


def machine_kind(table: Table, seat: int) -> str | None:
    """The machine kind that plays ``seat`` (its own, or the timeout level for a seat its
    person left), or ``None``: a person plays it, or the engine itself (virtual players)."""
    if seat in table.left:
        return table.settings.timeout_level
    kind = table.seat_kinds[seat]
    return kind if kind != HUMAN and kind not in table.kind.engine_kinds else None


def _machine_seats(table: Table, state: State) -> Iterator[int]:
    """The machine seats (AI or bot, played by a player object) asked to act now."""
    if table.waiting or table.over(state):
        return
    for seat in state.seats_to_act:
        if machine_kind(table, seat) is not None:
            yield int(seat)


def machine_seat(table: Table, state: State) -> int | None:
    """The machine seat (AI or bot, played by a player object) that must act now, if any."""
    return next(_machine_seats(table, state), None)


def no_machine_next(table: Table) -> Callable[[State], bool]:
    """Whether no machine seat acts in a state: then :func:`queue_next` adds nothing to the
    move that led to it, unless a person asked next has left (the store asks as it writes)."""
    return lambda state: machine_seat(table, state) is None


def queue_next(
    queue: JobQueue, session: Session, table: Table, state: State, drafted: int = 0
) -> None:
    """In the transaction of the move that led to ``state`` (or of a machine's draft move,
    the ``drafted``-th at that seq): the job for the machine seat that acts next, if one
    does."""
    if machine_seat(table, state) is not None or left_among(session, table, state):
        payload = MachineMove(table.id, len(state.actions), drafted)
        queue.enqueue(session, MACHINE_MOVE.name, payload.payload(), key=payload.key())


def drafting_machine(book: DraftBook, table: Table, state: State, drafts: Drafts) -> int | None:
    """The machine seat that must act now as it knows the game (with its own draft), if any:
    a machine whose secret step is done waits for the others, so it does not count."""
    for seat in _machine_seats(table, state):
        if seat in book.seat_state(state, drafts, seat).seats_to_act:
            return seat
    return None


def move_machine(context: WorkerContext, job: ClaimedJob, payload: MachineMove) -> None:
    """Make the machine seat's move at ``payload.seq`` (or nothing, if the game moved on)."""
    store, book = context.store, DraftBook(context.store)
    with store.lock(payload.game), store.sessions() as session:
        try:  # fresh: a seat may have been left in another process
            table = store.table(session, payload.game, fresh=True)
        except NotFound:
            log.warning("machine_move job %d: game %s is gone", job.id, payload.game)
            context.queue.complete(job)
            return
        game = store.state(session, table)
        drafts = book.of(session, table, game)
        if payload.seat is None:
            seat = drafting_machine(book, table, game, drafts)
        else:  # a timeout's one move, unless the seat moved or a machine plays it now
            asked = payload.seat in book.seat_state(game, drafts, payload.seat).seats_to_act
            seat = payload.seat if asked and machine_kind(table, payload.seat) is None else None
        if seat is None or len(game.actions) != payload.seq:
            context.queue.complete(job)  # moved on meanwhile (or over): nothing to do
            return
        known = book.seat_state(game, drafts, seat)  # the game as the seat knows it
        request = ThinkRequest(
            game=table.game,
            config=table.config,
            seed=table.seed,
            actions=[(acting, action.to_json()) for acting, action in known.actions],
            seat=seat,
            seat_kind=payload.level or machine_kind(table, seat) or "",
            budget_ms=context.budget_ms,
        )
    chosen = context.think(request)  # seconds, maybe: no lock, no session held meanwhile
    with store.lock(payload.game), store.sessions() as session:
        _make_move(context, job, session, book, table, seat, request, chosen, payload)


def _make_move(
    context: WorkerContext,
    job: ClaimedJob,
    session: Session,
    book: DraftBook,
    table: Table,
    seat: int,
    request: ThinkRequest,
    chosen: Any,
    payload: MachineMove,
) -> None:
    """Write the chosen move (to the seat's draft in a secret step), the next job and this
    job's end in one transaction — unless the game moved on while the seat thought."""
    game = context.store.state(session, table)
    drafts = book.of(session, table, game)
    known = book.seat_state(game, drafts, seat)
    if len(known.actions) != len(request.actions):  # someone moved while it thought
        context.queue.complete(job)  # (that move queued the next job, if one is due)
        return
    action = table.kind.action_from_json(known, chosen)
    if action not in known.legal_actions(seat):
        raise ValueError(f"seat {seat} chose {chosen!r}, not a legal action")
    drafted = sum(len(moves) for moves in drafts.values()) + 1

    def then(within: Session, after: State) -> None:
        if len(after.actions) > len(game.actions):  # stored as moves: the game went on
            queue_next(context.queue, within, table, after)
        elif payload.seat is not None:  # a timeout's secret step: played to its end
            forced = MachineMove(table.id, payload.seq, drafted, seat, payload.level)
            context.queue.enqueue(within, MACHINE_MOVE.name, forced.payload(), key=forced.key())
        else:  # a draft move: the next machine's (or this one's next) draft move
            queue_next(context.queue, within, table, game, drafted)
        if not context.queue.finish(within, job):
            raise Conflict("this job's lease ran out: another worker holds it")

    try:
        if table.kind.drafts(known, seat):
            book.submit(session, table, game, drafts, seat, action, before_commit=then)
        else:
            context.store.record_move(session, table, game, seat, action, before_commit=then)
    except Conflict as lost:
        log.info("machine_move job %d: %s", job.id, lost.message)
        context.queue.complete(job)


MACHINE_MOVE = register(JobKind("machine_move", MachineMove.read, move_machine))


def queue_waiting_games(store: GameStore) -> int:
    """At start: queue the machine seats' moves of games that wait for one and have no job
    (games from before moves queued their machines' jobs). Answers how many were queued."""
    with store.sessions() as session:
        playing = session.scalars(select(Game.id).where(Game.status == "playing")).all()
        queued = set(session.scalars(select(Job.key).where(Job.kind == MACHINE_MOVE.name)))
    count = 0
    for game_id in playing:
        with store.lock(game_id), store.sessions() as session:
            table = store.table(session, game_id)
            state = store.state(session, table)
            if machine_seat(table, state) is None:
                continue
            if MachineMove(game_id, len(state.actions)).key() in queued:
                continue
            with store.write_turn:
                queue_next(store.jobs, session, table, state)
                session.commit()
            count += 1
    return count
