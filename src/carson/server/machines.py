"""The machine seats of the server's games (AI levels and bots) move through jobs.

Whenever a move leaves a machine seat to act — a person's move, a machine's, a game that
starts — the ``machine_move`` job for that seq is queued in the same transaction as the
move (:func:`queue_next`): a crash cannot lose it, and its key (game, seq) queues it once.
A worker runs it (:func:`move_machine`): it asks the thinker for the seat's action and
writes the move, the job for the seat after, and the job's end, in one transaction. A move
is (game, seq), the primary key: should two workers think at once (one's lease ran out),
only one move is stored and the other's job ends with nothing to do.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.registry import HUMAN
from carson.server.db import Game, Job
from carson.server.errors import Conflict, NotFound
from carson.server.job_kinds import JobKind, WorkerContext, register
from carson.server.jobs import ClaimedJob, JobQueue
from carson.server.store import GameStore, Table
from carson.server.thinking import ThinkRequest

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MachineMove:
    """The payload of a ``machine_move`` job: the game and the seq it was queued at."""

    game: str
    seq: int

    @classmethod
    def read(cls, payload: dict[str, Any]) -> MachineMove:
        game, seq = payload.get("game"), payload.get("seq")
        if not isinstance(game, str) or not isinstance(seq, int) or isinstance(seq, bool):
            raise ValueError(f"a machine_move payload needs a game and a seq, not {payload!r}")
        return cls(game, seq)

    def key(self) -> str:
        return f"machine_move:{self.game}:{self.seq}"


def machine_seat(table: Table, state: Any) -> int | None:
    """The machine seat (AI or bot, played by a player object) that must act now, if any."""
    if table.waiting or state.is_over:
        return None
    for seat in state.seats_to_act:
        kind = table.seat_kinds[seat]
        if kind != HUMAN and kind not in table.kind.engine_kinds:
            return int(seat)
    return None


def queue_next(queue: JobQueue, session: Session, table: Table, state: Any) -> None:
    """In the transaction of the move that led to ``state``: the job for the machine seat
    that acts next, if one does."""
    if machine_seat(table, state) is not None:
        payload = MachineMove(table.id, len(state.actions))
        queue.enqueue(session, MACHINE_MOVE.name, {"game": payload.game, "seq": payload.seq},
                      key=payload.key())  # fmt: skip


def move_machine(context: WorkerContext, job: ClaimedJob, payload: MachineMove) -> None:
    """Make the machine seat's move at ``payload.seq`` (or nothing, if the game moved on)."""
    store = context.store
    with store.lock(payload.game), store.sessions() as session:
        try:
            table = store.table(session, payload.game)
        except NotFound:
            log.warning("machine_move job %d: game %s is gone", job.id, payload.game)
            context.queue.complete(job)
            return
        state = store.state(session, table)
        seat = machine_seat(table, state)
        if seat is None or len(state.actions) != payload.seq:
            context.queue.complete(job)  # moved on meanwhile (or over): nothing to do
            return
        request = ThinkRequest(
            game=table.game,
            config=table.config,
            seed=table.seed,
            actions=[(acting, action.to_json()) for acting, action in state.actions],
            seat=seat,
            seat_kind=table.seat_kinds[seat],
            budget_ms=context.budget_ms,
        )
    chosen = context.think(request)  # seconds, maybe: no lock, no session held meanwhile
    with store.lock(payload.game), store.sessions() as session:
        state = store.state(session, table)
        if len(state.actions) != payload.seq:  # someone moved while it thought
            context.queue.complete(job)  # (that move queued the next job, if one is due)
            return
        action = table.kind.action_from_json(state, chosen)
        if action not in state.legal_actions(seat):
            raise ValueError(f"seat {seat} chose {chosen!r}, not a legal action")

        def then(within: Session, after: Any) -> None:
            queue_next(context.queue, within, table, after)
            if not context.queue.finish(within, job):
                raise Conflict("this job's lease ran out: another worker holds it")

        try:
            store.record_move(session, table, state, seat, action, before_commit=then)
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
