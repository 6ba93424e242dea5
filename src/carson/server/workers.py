"""The job worker as the server composes it: every feature's job kinds registered, and the
context their handlers run in (:class:`~carson.server.play.worker_context.WorkerContext`).

The queue and its worker (:mod:`carson.server.jobs`) know no feature; importing a feature's
module registers its kinds. This is the one place that imports them all:
machine_move, timeout (play); expire_table, pair_seeks (lobby); send_mail, account_mail
(mail); timeout_soon, notify_push, notify_mail (notify); hint, analysis (analysis);
delete_account, expire_guest (your_data); tournament rounds (tournaments).
"""

from __future__ import annotations

from dataclasses import replace

from carson.server.analysis import hints, service
from carson.server.jobs.kinds import ANALYSIS, DELIVERY, PLAY
from carson.server.jobs.worker import LEASE, Worker
from carson.server.kernel.db import libpq_conninfo
from carson.server.lobby import quickmatch, tables
from carson.server.mail import account_mail, jobs
from carson.server.notify import jobs as notice_jobs
from carson.server.notify import mail as notice_mail
from carson.server.notify import push
from carson.server.play import machines, timeouts
from carson.server.play.store import GameStore
from carson.server.play.thinking import Thinker
from carson.server.play.worker_context import WorkerContext
from carson.server.tournaments import rounds
from carson.server.your_data import deletion, guest_expiry

#: The modules whose import registered the kinds (kept, so that no linter drops them).
REGISTERING = (
    machines, timeouts, tables, quickmatch, jobs, account_mail, notice_jobs, push, notice_mail,
    hints, service, deletion, rounds, guest_expiry,
)  # fmt: skip


#: The server's worker: its jobs' handlers receive a :class:`WorkerContext`.
GameWorker = Worker[WorkerContext]


def game_worker(
    store: GameStore,
    think: Thinker,
    budget_ms: int | None = None,
    lease: float = LEASE,
    poll: float | None = None,
    analysis_think: Thinker | None = None,
) -> GameWorker:
    """A worker of the server's queue, its machines thinking with ``think`` (for
    ``budget_ms`` each, ``None``: as each level defines it), hints and analyses with
    ``analysis_think`` (default: ``think``), each lane in a loop of its own."""
    context = WorkerContext(store, store.jobs, think, budget_ms)
    analysing = context if analysis_think is None else replace(context, think=analysis_think)
    lanes = {PLAY: context, DELIVERY: context, ANALYSIS: analysing}

    def close() -> None:
        context.close()
        if analysing is not context:
            analysing.close()

    conninfo = libpq_conninfo(store.engine) if store.postgres else None
    return Worker(
        store.jobs, context, conninfo=conninfo, close=close, lease=lease, poll=poll, lanes=lanes
    )
