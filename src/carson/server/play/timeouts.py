"""A clock's timeout, as a durable job (kind ``timeout``, queued by
:mod:`carson.server.play.clocks` at the deadline, keyed by game, seq and seat).

When it runs, it acts only if the timeout is still due — the game goes on, the seat is
still asked (with its own draft, in a secret step), a person still plays it and its clock
has run out — and then applies the table's rule in one transaction with the job's end:

- ``move``: a forced machine move for the seat (the table's timeout level plays that one
  move, or the seat's whole secret step), queued once by its key; the player may come back;
- ``takeover``: the seat is left (``timeout``): a machine plays it to the end and the
  player ranks last (:mod:`carson.server.play.leaving`).

A job that finds nothing due (the seat moved in time) ends with nothing done; the keys of
moves, of jobs and the seat's ``left`` make sure a timeout acts once, whichever worker of
whichever process runs it, however often it is tried. A job that finds the seat still asked
but its deadline moved on (its player's vacation paused the clock) queues the timeout again
for the new deadline, in the transaction that ends it.
"""

from __future__ import annotations

import logging
from functools import partial

from sqlalchemy.orm import Session

from carson.core.registry import HUMAN
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob
from carson.server.kernel.errors import Conflict, NotFound
from carson.server.play import table_news
from carson.server.play.clocks import TIMEOUT, StoredClocks, Timeout
from carson.server.play.drafts import DraftBook
from carson.server.play.leaving import Leaving
from carson.server.play.machines import MACHINE_MOVE, MachineMove
from carson.server.play.table import State, Table
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)


def asked(table: Table, state: State, known: State, stored: StoredClocks | None,
          seat: int) -> bool:  # fmt: skip
    """Whether a person still plays ``seat``, asked at the seq of the clocks (``known``: the
    game as the seat knows it), in a game that goes on."""
    if stored is None or table.waiting or table.over(state):
        return False
    if table.seat_kinds[seat] != HUMAN or seat in table.left or seat in stored.closed:
        return False
    return stored.seq == len(state.actions) and seat in known.seats_to_act


def due(table: Table, state: State, known: State, stored: StoredClocks | None, seat: int,
        now: float) -> bool:  # fmt: skip
    """Whether ``seat``'s timeout applies now (``known``: the game as the seat knows it)."""
    if not asked(table, state, known, stored, seat):
        return False
    return stored is not None and seat in stored.clocks.flagged(now)


def postponed(table: Table, state: State, known: State, stored: StoredClocks | None,
              seat: int, now: float) -> float | None:  # fmt: skip
    """The deadline ``seat``'s timeout moved on to (a vacation paused its clock), when the
    seat is still asked and its time not up yet; else ``None``."""
    if stored is None or not asked(table, state, known, stored, seat):
        return None
    deadline = stored.clocks.deadline(seat)
    return deadline if deadline is not None and deadline > now else None


def run_timeout(context: WorkerContext, job: ClaimedJob, payload: Timeout) -> None:
    store = context.store
    book = DraftBook(store)
    with store.lock(payload.game), store.sessions() as session:
        try:
            table = store.table(session, payload.game, fresh=True)
        except NotFound:
            context.queue.complete(job)
            return
        state = store.state(session, table)
        drafts = book.of(session, table, state)
        known = book.seat_state(state, drafts, payload.seat)
        stored = store.clocks.stored(session, table.id)
        now = store.clocks.now()
        if not due(table, state, known, stored, payload.seat, now):
            later = postponed(table, state, known, stored, payload.seat, now)
            if later is None:
                context.queue.complete(job)  # moved in time, or the game went on: nothing due
                return
            with store.write_turn:  # a vacation moved the deadline on: due then
                again = Timeout(payload.game, len(state.actions), payload.seat)  # one a seq
                store.clocks.queue_again(session, again, later)
                _finish_with(context, job, session)
                session.commit()
            return
        log.info("game %s: seat %d ran out of time (%s)", table.id, payload.seat,
                 table.settings.on_timeout)  # fmt: skip
        if table.settings.on_timeout == "takeover":
            finish = partial(_finish_with, context, job)
            try:
                Leaving(store).leave(session, table, state, payload.seat, "timeout", finish)
            except Conflict as lost:  # another worker applied it first: nothing more to do
                log.info("timeout job %d: %s", job.id, lost.message)
                context.queue.complete(job)
                return
        else:
            drafted = sum(len(moves) for moves in drafts.values())
            level = table.settings.timeout_level
            forced = MachineMove(table.id, len(state.actions), drafted, payload.seat, level)
            with store.write_turn:
                context.queue.enqueue(
                    session, MACHINE_MOVE.name, forced.payload(), key=forced.key()
                )
                seq = len(state.actions)
                table_news.tell(session, table.id, seq, payload.seat, table_news.TIMEOUT_MOVE)
                _finish_with(context, job, session)
                session.commit()
    store.notifier.publish(payload.game)


def _finish_with(context: WorkerContext, job: ClaimedJob, session: Session) -> None:
    """End the job in the session's transaction (with what the timeout writes)."""
    if not context.queue.finish(session, job):
        raise Conflict("this job's lease ran out: another worker holds it")


TIMEOUT_JOB = register(JobKind(TIMEOUT, Timeout.read, run_timeout))
