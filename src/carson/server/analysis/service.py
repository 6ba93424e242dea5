"""Post-game analysis: a person's decisions in a game that is over, each weighed by the AI
against its best, computed by a worker.

**Who may ask.** Any player of the game, and anyone signed in for a public game, about any
human seat (the game is over: its record is no secret any more to those who may see it).

The ``analysis`` job replays the stored game (configuration, seed, actions) and, for each
decision of the seat with more than one legal action, evaluates it from the seat's
observation at that moment (:mod:`carson.ai.evaluation`) with the person's choice included
(up to the move at which the person left the game, if they did: a machine played on).
Each decision is stored as it is done, so the page shows progress and a retried job goes on
where the last one stopped. Computed once per game and seat.

**Verdicts**, by the loss (the AI's best value less the choice's, in points of final
margin): below :data:`INACCURACY` a good move; from 1 point an *inaccuracy*, from 3 a
*mistake*, from 6 a *blunder*. A game's winner usually leads by a few points to a dozen: a
blunder costs about a close game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.ai.evaluation import NotAnalysable, analyst_of
from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.analysis.tables import AnalysisRow
from carson.server.analysis.waiting import check_room
from carson.server.jobs.kinds import ANALYSIS as ANALYSIS_LANE
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, whole_number
from carson.server.kernel.db import GameSeat, User
from carson.server.kernel.errors import Conflict, Forbidden, NotFound
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.play.evaluating import (
    ANALYSIS_ITERATIONS,
    ANALYSIS_SETTING,
    EvaluateRequest,
    iterations,
    search_seed,
)
from carson.server.play.store import GameStore
from carson.server.play.table import Table
from carson.server.play.worker_context import WorkerContext

#: Losses (points of final margin) from which a choice is an inaccuracy, a mistake, a blunder.
INACCURACY, MISTAKE, BLUNDER = 1.0, 3.0, 6.0


def verdict(evaluation: JSON) -> str:
    """``forced`` (one legal action), ``best``, ``good``, ``inaccuracy``, ``mistake`` or
    ``blunder``; ``unknown`` if the search never tried the choice."""
    if evaluation["forced"]:
        return "forced"
    loss = evaluation["loss"]
    if evaluation["choice"] == evaluation["best"]:
        return "best"
    if loss is None:
        return "unknown"
    for threshold, name in ((BLUNDER, "blunder"), (MISTAKE, "mistake"), (INACCURACY, "inaccuracy")):
        if loss >= threshold:
            return name
    return "good"


@dataclass(frozen=True)
class AnalysisJob:
    """The payload of an ``analysis`` job: the game and the seat whose decisions it weighs."""

    game: str
    seat: int

    @classmethod
    def read(cls, payload: JSON) -> AnalysisJob:
        game, seat = payload.get("game"), payload.get("seat")
        if not isinstance(game, str) or not whole_number(seat):
            raise ValueError(f"an analysis payload needs a game and a seat, not {payload!r}")
        assert isinstance(seat, int)
        return cls(game, seat)

    def key(self) -> str:
        return f"analysis:{self.game}:{self.seat}"

    def payload(self) -> JSON:
        return {"game": self.game, "seat": self.seat}


def analysis_answer(row: AnalysisRow | None, seat: int) -> JSON:
    """A seat's analysis as the API answers it: ``none`` (never asked), ``pending``,
    ``running`` (``done`` of ``total`` decisions so far) or ``done``."""
    if row is None:
        return {"status": "none", "seat": seat, "total": None, "done": 0, "decisions": []}
    return {
        "status": row.state,
        "seat": seat,
        "total": row.total,
        "done": len(row.decisions),
        "decisions": row.decisions,
    }


class Analyses:
    """Asking for a seat's analysis and reading it (the API's and the pages' side)."""

    def __init__(self, store: GameStore, limiter: RateLimiter | None = None) -> None:
        self.store = store
        self.limiter = limiter
        #: Hints and analyses one account may have waiting (``None``: no bound).
        self.most_waiting = None if limiter is None else limiter.limits.analyses_waiting_per_user

    def _table(
        self, session: Session, user: User | None, game_id: str, seat: int | None
    ) -> tuple[Table, int]:
        """The game and the seat asked about, if the caller may see its analysis."""
        table = self.store.table(session, game_id)
        players = table.holders.values()
        if not table.settings.public and (user is None or user.id not in players):
            raise Forbidden("only the game's players may see its analysis (it is private)")
        if seat is None:
            if user is None:
                raise NotFound("name the seat to analyse", "no_seat")
            seat = table.seat_of(user)
        if not 0 <= seat < len(table.seat_kinds) or table.seat_kinds[seat] != HUMAN:
            raise NotFound(f"the game has no person at seat {seat}", "not_a_person")
        if not table.over(self.store.state(session, table)):
            raise Conflict("a game is analysed once it is over", "not_over")
        return table, seat

    def ask(self, user: User, game_id: str, seat: int | None) -> JSON:
        """Queue the analysis of the seat's decisions (nothing new if it was asked for)."""
        with self.store.sessions() as session:
            table, seat = self._table(session, user, game_id, seat)
            try:
                analyst_of(table.kind)
            except NotAnalysable as error:
                raise Conflict(str(error), "not_analysable") from None
            row = session.get(AnalysisRow, (game_id, seat))
            if row is not None:
                return analysis_answer(row, seat)
            check_room(session, user.id, self.most_waiting)
            if self.limiter is not None:
                self.limiter.take(Rule.ANALYSIS_USER, str(user.id))
            job = AnalysisJob(game_id, seat)
            with self.store.write_turn:
                row = AnalysisRow(game_id=game_id, seat=seat, state="pending", decisions=[])
                row.asked_by = user.id
                row.asked_at = self.store.jobs.clock()
                session.add(row)
                self.store.jobs.enqueue(session, ANALYSIS.name, job.payload(), key=job.key())
                session.commit()
            return analysis_answer(row, seat)

    def read(self, user: User | None, game_id: str, seat: int | None) -> JSON:
        with self.store.sessions() as session:
            _, seat = self._table(session, user, game_id, seat)
            return analysis_answer(session.get(AnalysisRow, (game_id, seat)), seat)


def decision_steps(table: Table, actions: list[tuple[int, Any]], seat: int) -> list[int]:
    """The steps (actions before) at which the seat chose among more than one action."""
    state = table.kind.new_state(table.config, table.seed)
    steps = []
    for step, (acting, action) in enumerate(actions):
        if acting == seat and len(state.legal_actions(seat)) > 1:
            steps.append(step)
        state.apply(acting, action)
    return steps


def run_analysis(context: WorkerContext, job: ClaimedJob, payload: AnalysisJob) -> None:
    """Weigh each of the seat's decisions not weighed yet, storing each as it is done."""
    store = context.store
    with store.sessions() as session:
        row = session.get(AnalysisRow, (payload.game, payload.seat))
        if row is None or row.state == "done":
            return
        try:
            table = store.table(session, payload.game)
        except NotFound:
            return
        actions = list(store.state(session, table).actions)
        done = len(row.decisions)
        left_at = session.scalar(
            select(GameSeat.left_seq).where(
                GameSeat.game_id == payload.game, GameSeat.seat == payload.seat
            )
        )
    # A seat its person left was played by a machine from then on: not the person's.
    steps = [step for step in decision_steps(table, actions, payload.seat)
             if left_at is None or step < left_at]  # fmt: skip
    as_json = [(acting, action.to_json()) for acting, action in actions]
    _store(context, payload, partial(_running, total=len(steps)))
    budget = iterations(ANALYSIS_SETTING, ANALYSIS_ITERATIONS)
    for step in steps[done:]:
        request = EvaluateRequest(
            game=table.game,
            config=table.config,
            seed=table.seed,
            actions=as_json[:step],
            seat=payload.seat,
            choice=as_json[step][1],
            iterations=budget,
            search_seed=search_seed(table.seed, "analysis", payload.seat, step),
        )
        evaluation = context.think.evaluate(request)
        decision = {"step": step, "evaluation": evaluation, "verdict": verdict(evaluation)}
        _store(context, payload, partial(_add, decision=decision))
    _store(context, payload, partial(_done, context=context))


def _running(row: AnalysisRow, total: int) -> None:
    row.state, row.total = "running", total


def _add(row: AnalysisRow, decision: JSON) -> None:
    row.decisions = [*row.decisions, decision]  # a new list: the JSON column sees the change


def _done(row: AnalysisRow, context: WorkerContext) -> None:
    row.state, row.done_at = "done", context.queue.clock()


def _store(
    context: WorkerContext, payload: AnalysisJob, change: Callable[[AnalysisRow], None]
) -> None:
    store = context.store
    with store.write_turn, store.sessions.begin() as session:
        row = session.get(AnalysisRow, (payload.game, payload.seat))
        if row is not None:
            change(row)


ANALYSIS = register(JobKind("analysis", AnalysisJob.read, run_analysis, ANALYSIS_LANE))
