"""Guests removed once their last session has ended (issue 48).

A guest has no password: its sessions are the only way back to it, and a session ends after
30 days without use (:data:`carson.server.accounts.tokens.IDLE`) or when logged out. Once
the last one has ended, nobody can ever use the account again, so it is removed as a deleted
account is (:mod:`carson.server.your_data.deletion`): a machine plays on its games in
progress, its waiting seats are freed, its rows are erased and the account renamed.

Each guest has one durable job, queued when the guest is made, due when its sessions would
all have ended; run, it looks again: a session used since has moved the end on, so the job
queues itself for then (in the same transaction that finishes it: exactly one remains).
A guest who signed up is a guest no more, and the job ends with nothing to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.accounts.service import GuestHook
from carson.server.accounts.tokens import IDLE
from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, as_utc
from carson.server.kernel.db import Token, User
from carson.server.play.worker_context import WorkerContext
from carson.server.your_data.deletion import remove_account


@dataclass(frozen=True)
class GuestDue:
    """The payload of an ``expire_guest`` job."""

    user: int

    @classmethod
    def read(cls, payload: JSON) -> GuestDue:
        user = payload.get("user")
        if not isinstance(user, int) or isinstance(user, bool):
            raise ValueError(f"an expire_guest payload needs a user, not {payload!r}")
        return cls(user)


def schedule(queue: JobQueue, session: Session, user: User, at: datetime) -> None:
    """Queue ``user``'s check for ``at`` in ``session``'s transaction."""
    queue.enqueue(session, EXPIRE_GUEST.name, {"user": user.id},
                  key=f"expire_guest:{user.id}", run_at=at)  # fmt: skip


def guest_made(queue: JobQueue) -> GuestHook:
    """The hook the accounts call for each new guest (:attr:`Accounts.guest_made`)."""

    def made(session: Session, user: User) -> None:
        schedule(queue, session, user, queue.clock() + IDLE)

    return made


def _last_session_ends(session: Session, user_id: int) -> datetime | None:
    latest = session.scalar(select(func.max(Token.expires_at)).where(Token.user_id == user_id))
    return None if latest is None else as_utc(latest)


def expire_guest(context: WorkerContext, job: ClaimedJob, payload: GuestDue) -> None:
    """Remove the guest if none of its sessions is left; else look again when the last ends."""
    store = context.store
    now = context.queue.clock()
    with store.sessions() as session:
        user = session.get(User, payload.user)
        ends = _last_session_ends(session, payload.user)
    if user is None or not user.is_guest or (ends is not None and ends > now):
        with store.write_turn, store.sessions.begin() as session:
            if context.queue.finish(session, job) and user is not None and user.is_guest:
                assert ends is not None
                schedule(context.queue, session, user, ends)
        return
    remove_account(context, job, user, now)


EXPIRE_GUEST = register(JobKind("expire_guest", GuestDue.read, expire_guest, DELIVERY))
