"""Hints: what the machine would do at a person's decision, computed by a worker.

**Where hints are allowed.** Only in *practice* games — one person against machines, not
rated (:func:`carson.server.play.integrity.is_practice`). A rated game refuses them (as lichess
has none in rated play); so does an unrated game of several people: nobody agreed at the
table's creation that the others may be helped, and a hint there would be an edge the other
people cannot see (403, ``hints_not_allowed``).

A request (:meth:`Hints.ask`) stores the seat's hint as ``pending`` at its decision (the
number of actions the seat knows, its own draft included) and queues a ``hint`` job in the
same transaction; the worker evaluates the decision from the seat's observation only
(:mod:`carson.ai.evaluation`) and stores it. One hint per seat at a time: asking again at
the same decision costs nothing, a new decision's request takes the row over, and a hint
read after the game moved on is ``stale``. New requests are rate-limited per account.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from carson.ai.evaluation import NotAnalysable, analyst_of
from carson.core.game import JSON
from carson.server.analysis.tables import HintRow
from carson.server.analysis.waiting import check_room
from carson.server.jobs.kinds import ANALYSIS, JobKind, register
from carson.server.jobs.queue import ClaimedJob, whole_number
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Forbidden, NotFound
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.play.drafts import DraftBook
from carson.server.play.evaluating import (
    HINT_ITERATIONS,
    HINT_SETTING,
    EvaluateRequest,
    iterations,
    search_seed,
)
from carson.server.play.integrity import is_practice
from carson.server.play.store import GameStore
from carson.server.play.table import Table
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class HintJob:
    """The payload of a ``hint`` job: the game, the seat and its decision (seq)."""

    game: str
    seat: int
    seq: int

    @classmethod
    def read(cls, payload: JSON) -> HintJob:
        game, seat, seq = payload.get("game"), payload.get("seat"), payload.get("seq")
        if not isinstance(game, str) or not whole_number(seat) or not whole_number(seq):
            raise ValueError(f"a hint payload needs a game, a seat and a seq, not {payload!r}")
        assert isinstance(seat, int) and isinstance(seq, int)
        return cls(game, seat, seq)

    def key(self) -> str:
        return f"hint:{self.game}:{self.seat}:{self.seq}"

    def payload(self) -> JSON:
        return {"game": self.game, "seat": self.seat, "seq": self.seq}


def check_hints_allowed(table: Table) -> None:
    """403 unless the game is practice: one person against machines, unrated."""
    if table.settings.rated:
        raise Forbidden("hints are not allowed in rated games", "hints_not_allowed")
    if not is_practice(table.seat_kinds, table.settings.rated):
        raise Forbidden(
            "hints are allowed only in games of one person against machines",
            "hints_not_allowed",
        )


def hint_answer(row: HintRow | None, seq: int, decision: bool) -> JSON:
    """A seat's hint as the API answers it: ``none`` (never asked), ``pending``, ``done``
    (with the evaluation) or ``stale`` (asked at an earlier decision); ``decision``: whether
    the seat has a decision to make now (a hint may be asked)."""
    if row is None:
        return {"status": "none", "seq": seq, "decision": decision, "hint": None}
    if row.seq != seq:
        return {"status": "stale", "seq": seq, "decision": decision, "hint": None}
    return {"status": row.state, "seq": seq, "decision": decision, "hint": row.result}


class Hints:
    """Asking for a hint and reading it (the API's and the pages' side)."""

    def __init__(self, store: GameStore, limiter: RateLimiter | None = None) -> None:
        self.store = store
        self.book = DraftBook(store)
        self.limiter = limiter
        #: Hints and analyses one account may have waiting (``None``: no bound).
        self.most_waiting = None if limiter is None else limiter.limits.analyses_waiting_per_user

    def _decision(self, session: Session, user: User, game_id: str) -> tuple[Table, int, Any]:
        """The caller's game, seat and the game as the seat knows it."""
        table = self.store.table(session, game_id)
        seat = table.seat_of(user)
        state = self.store.state(session, table)
        return table, seat, self.book.seat_state(state, self.book.of(session, table, state), seat)

    def ask(self, user: User, game_id: str) -> JSON:
        """Queue a hint for the caller's current decision (nothing new if it has one)."""
        with self.store.lock(game_id), self.store.sessions() as session:
            table, seat, state = self._decision(session, user, game_id)
            check_hints_allowed(table)
            try:
                analyst_of(table.kind)
            except NotAnalysable as error:
                raise Conflict(str(error), "not_analysable") from None
            if not _deciding(table, seat, state):
                raise Conflict("you have no decision to make now", "no_decision")
            seq = len(state.actions)
            row = session.get(HintRow, (game_id, seat))
            if row is not None and row.seq == seq:
                return hint_answer(row, seq, True)
            check_room(session, user.id, self.most_waiting, besides=(game_id, seat))
            if self.limiter is not None:
                self.limiter.take(Rule.ANALYSIS_USER, str(user.id))
            job = HintJob(game_id, seat, seq)
            with self.store.write_turn:
                if row is None:
                    row = HintRow(game_id=game_id, seat=seat, seq=seq, state="pending")
                    session.add(row)
                row.seq, row.state, row.result = seq, "pending", None
                row.asked_by = user.id
                row.asked_at = self.store.jobs.clock()
                self.store.jobs.enqueue(session, HINT.name, job.payload(), key=job.key())
                session.commit()
            return hint_answer(row, seq, True)

    def read(self, user: User, game_id: str) -> JSON:
        """The caller's hint for its current decision."""
        with self.store.sessions() as session:
            table, seat, state = self._decision(session, user, game_id)
            check_hints_allowed(table)
            row = session.get(HintRow, (game_id, seat))
            return hint_answer(row, len(state.actions), _deciding(table, seat, state))


def _deciding(table: Table, seat: int, state: Any) -> bool:
    """Whether the seat's person has a decision to make now."""
    playing = not table.waiting and not table.over(state) and seat not in table.left
    return playing and seat in state.seats_to_act


def run_hint(context: WorkerContext, job: ClaimedJob, payload: HintJob) -> None:
    """Evaluate the seat's decision, unless the game moved on or the hint was replaced."""
    store, book = context.store, DraftBook(context.store)
    with store.sessions() as session:
        row = session.get(HintRow, (payload.game, payload.seat))
        if row is None or row.seq != payload.seq or row.state != "pending":
            return  # replaced by a later decision's hint
        try:
            table = store.table(session, payload.game)
        except NotFound:
            return
        state = store.state(session, table)
        known = book.seat_state(state, book.of(session, table, state), payload.seat)
        if len(known.actions) != payload.seq or payload.seat not in known.seats_to_act:
            return  # the game moved on: the hint is stale, nobody will read it
        request = EvaluateRequest(
            game=table.game,
            config=table.config,
            seed=table.seed,
            actions=[(seat, action.to_json()) for seat, action in known.actions],
            seat=payload.seat,
            choice=None,
            iterations=iterations(HINT_SETTING, HINT_ITERATIONS),
            search_seed=search_seed(table.seed, "hint", payload.seat, payload.seq),
        )
    result = context.think.evaluate(request)  # no session held meanwhile
    with store.write_turn, store.sessions.begin() as session:
        row = session.get(HintRow, (payload.game, payload.seat))
        if row is not None and row.seq == payload.seq:
            row.state, row.result = "done", result


HINT = register(JobKind("hint", HintJob.read, run_hint, ANALYSIS))
