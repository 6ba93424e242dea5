"""The notifications' jobs: a correspondence player's time running out soon (queued by
:mod:`carson.server.play.clocks` before each deadline; queued again for later when the
player's vacation moved the deadline on); web push and e-mail delivery are
:mod:`carson.server.notify.push` and :mod:`carson.server.notify.mail`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob
from carson.server.kernel.errors import Conflict, NotFound
from carson.server.notify import notices
from carson.server.play.clocks import TIMEOUT_SOON, StoredClocks, Timeout, warning_time
from carson.server.play.table import Table
from carson.server.play.worker_context import WorkerContext


def still_asked(table: Table, state: Any, stored: StoredClocks | None, due: Timeout) -> bool:
    """Whether the person of ``due.seat`` is still asked at the seq the warning was queued
    for, their clock running (not moved meanwhile, the game not over, the seat not left)."""
    if stored is None or table.over(state) or stored.seq != due.seq:
        return False
    if due.seat not in table.people or due.seat in stored.closed:
        return False
    return len(state.actions) == due.seq and due.seat in state.seats_to_act


def run_timeout_soon(context: WorkerContext, job: ClaimedJob, due: Timeout) -> None:
    store = context.store
    with store.sessions() as session:
        try:
            table = store.table(session, due.game, fresh=True)
        except NotFound:
            context.queue.complete(job)
            return
        state = store.state(session, table)
        stored = store.clocks.stored(session, table.id)
        if stored is None or not still_asked(table, state, stored, due):
            context.queue.complete(job)  # moved in time: nothing to tell
            return
        deadline = stored.clocks.deadline(due.seat) or 0.0
        warning = warning_time(stored.clocks.control, deadline)
        if warning is not None and warning.timestamp() > store.clocks.now():
            with store.write_turn:  # a vacation moved the deadline on: warned later
                store.clocks.queue_again(session, due, deadline, TIMEOUT_SOON, warning.timestamp())
                _finish(context, job, session)
            return
        payload = {"seat": due.seat, "seq": due.seq,
                   "deadline": datetime.fromtimestamp(deadline, UTC).isoformat()}  # fmt: skip
        with store.write_turn:
            people = [table.people[due.seat]]
            notices.notify(session, context.queue, people, notices.TIMEOUT_SOON, table.id, payload)
            _finish(context, job, session)


def _finish(context: WorkerContext, job: ClaimedJob, session: Session) -> None:
    """End the job with what the session wrote, in one transaction."""
    if not context.queue.finish(session, job):
        raise Conflict("this job's lease ran out: another worker holds it")
    session.commit()


TIMEOUT_SOON_JOB = register(JobKind(TIMEOUT_SOON, Timeout.read, run_timeout_soon))
