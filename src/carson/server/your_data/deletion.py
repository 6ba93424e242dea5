"""Deleting one's account: asked with the password, done after a grace period by a durable
job (exactly once, across processes), cancelled by the person until then.

When it is done, the person leaves every game: a machine plays on the seats of games in
progress (they resign), the tables they opened and that still wait are cancelled, their seats
at others' waiting tables are freed. Then every feature's rows are erased as its
``personal.py`` says (:mod:`carson.server.kernel.personal_data`): chat messages keep their
place without their words, the seats of played games stay as a "deleted player", ratings are
withdrawn, sessions, address, notifications, follows and blocks go. The account's row stays,
renamed, so that the games' records still name a seat.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.accounts.tokens import announce_forgotten, digests_of
from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, as_utc
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import GameError
from carson.server.kernel.personal_data import erase_rows
from carson.server.play.leaving import Leaving
from carson.server.play.store import GameStore
from carson.server.play.worker_context import WorkerContext
from carson.server.your_data.sections import SECTIONS
from carson.server.your_data.tables import AccountDeletion

#: Days between asking and the deletion: time to change one's mind (log in and cancel).
GRACE = timedelta(days=7)
#: What a deleted account is called in the games' records (no one can sign up so: a space).
DELETED_NAME = "deleted player {id}"


def ask(session: Session, user: User, now: datetime, queue_job: JobQueue) -> datetime:
    """Ask for ``user``'s deletion (again: the first request stands); answers when it is due."""
    asked = session.get(AccountDeletion, user.id)
    if asked is None:
        asked = AccountDeletion(user_id=user.id, asked_at=now, due_at=now + GRACE)
        session.add(asked)
        queue_job.enqueue(session, DELETE_ACCOUNT.name, {"user": user.id},
                          key=f"delete_account:{user.id}", run_at=asked.due_at)  # fmt: skip
    return as_utc(asked.due_at)


def due(session: Session, user: User) -> datetime | None:
    asked = session.get(AccountDeletion, user.id)
    return None if asked is None else as_utc(asked.due_at)


def cancel(session: Session, user: User) -> bool:
    """Keep the account: the job, when it runs, finds nothing to do. Whether one was asked."""
    asked = session.get(AccountDeletion, user.id)
    if asked is not None:
        session.delete(asked)
    return asked is not None


@dataclass(frozen=True)
class AccountDue:
    """The payload of a ``delete_account`` job."""

    user: int

    @classmethod
    def read(cls, payload: JSON) -> AccountDue:
        user = payload.get("user")
        if not isinstance(user, int):
            raise ValueError(f"a delete_account payload needs a user, not {payload!r}")
        return cls(user)


def delete_account(context: WorkerContext, job: ClaimedJob, payload: AccountDue) -> None:
    """Delete the account if its deletion is still asked and due (else nothing: cancelled)."""
    store = context.store
    now = context.queue.clock()
    with store.sessions() as session:
        asked = session.get(AccountDeletion, payload.user)
        user = session.get(User, payload.user)
        if asked is None or user is None or as_utc(asked.due_at) > now:
            with store.write_turn, store.sessions.begin() as done:
                context.queue.finish(done, job)
            return
    remove_account(context, job, user, now)


def remove_account(context: WorkerContext, job: ClaimedJob, user: User, now: datetime) -> None:
    """The person leaves every game, their rows are erased and the job finished with them."""
    store = context.store
    leave_every_game(store, user, now)
    with store.write_turn, store.sessions.begin() as session:
        digests = erase(session, user.id)
        context.queue.finish(session, job)
    if store.notifier.forget_tokens is not None:  # this process's memory of its sessions
        store.notifier.forget_tokens(digests)


def leave_every_game(store: GameStore, user: User, now: datetime) -> None:
    """Resign the games in progress, cancel one's waiting tables, free one's waiting seats."""
    with store.sessions() as session:
        rows = session.execute(
            select(Game.id, Game.status, Game.creator_id)
            .join(GameSeat, GameSeat.game_id == Game.id)
            .where(GameSeat.user_id == user.id, GameSeat.left.is_(None), Game.status != "over")
        ).all()
    leaving = Leaving(store)
    for game_id, status, creator in rows:
        if status == "playing":
            with suppress(GameError):  # it ended, or the seat was left, a moment ago
                leaving.resign(game_id, lambda table: table.seat_of(user))
            continue
        with store.write_turn, store.sessions.begin() as session:
            _leave_waiting(session, game_id, user.id, creator == user.id, now)
            store.announce(session, game_id)
        store.forget_table(game_id)
        store.notifier.publish(game_id)


def _leave_waiting(session: Session, game_id: str, user_id: int, opened: bool,
                   now: datetime) -> None:  # fmt: skip
    """One's own waiting table cancelled, or one's seat at another's freed."""
    if opened:
        cancelled = {"status": "over", "ended": "cancelled", "ended_at": now}
        waiting = (Game.id == game_id) & (Game.status == "waiting")
        session.execute(update(Game).where(waiting).values(**cancelled))
    else:
        seat = (GameSeat.game_id == game_id) & (GameSeat.user_id == user_id)
        session.execute(delete(GameSeat).where(seat))


def erase(session: Session, user_id: int) -> list[str]:
    """Every feature's rows of the person erased, the account renamed and locked; answers
    the digests of the sessions it ended (other processes are told to drop them)."""
    digests = digests_of(session, user_id)
    announce_forgotten(session, digests)
    for held in SECTIONS:
        erase_rows(session, user_id, held)
    session.execute(
        update(User).where(User.id == user_id)
        .values(username=DELETED_NAME.format(id=user_id), password_hash="-", is_bot=False)
    )  # fmt: skip
    session.execute(delete(AccountDeletion).where(AccountDeletion.user_id == user_id))
    return digests


DELETE_ACCOUNT = register(JobKind("delete_account", AccountDue.read, delete_account, DELIVERY))
