"""E-mail notifications: the ``notify_mail`` job turns a notification into a mail to its
person's verified address, in their language, with one-click unsubscribe links, queued as a
``send_mail`` job (:mod:`carson.server.mail.jobs`) in the transaction that marks it mailed.

A turn is mailed only in a game without a live clock (the player of a live game is at the
table), :data:`notices.TURN_MAIL_DELAY` after it came (queued so), if the player has not
moved meanwhile and the game goes on, and at most once per game every
:data:`TURN_MAIL_EVERY`. Links start with ``CARSON_PUBLIC_URL``: without it no mail is sent
(a mail without working links is no use), which the log says.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob
from carson.server.kernel.db import Game, GameSeat, Move
from carson.server.kernel.errors import Conflict
from carson.server.mail import addresses
from carson.server.mail.account_mail import configured_base_url
from carson.server.mail.jobs import queue_mail
from carson.server.mail.sending import MailMessage
from carson.server.notify import notices
from carson.server.notify.push import NoticeJob
from carson.server.notify.tables import Notification
from carson.server.notify.texts import gettext, notice_line
from carson.server.notify.unsubscribe import ALL, token_for
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)

#: At most one your-turn mail per person and game in this time.
TURN_MAIL_EVERY = timedelta(hours=3)


def turn_still_waits(session: Session, notice: Notification) -> bool:
    """Whether the turn a your-turn notification told of is still the player's: the game
    goes on without a live clock and their seat made no move since."""
    game = session.get(Game, notice.game_id)
    if game is None or game.status != "playing":
        return False
    if game.time_control is not None and "+" in game.time_control:  # live: at the table
        return False
    seat, seq = notice.payload.get("seat"), notice.payload.get("seq")
    moved = session.scalar(
        select(Move.seq).where(Move.game_id == game.id, Move.seq > seq, Move.seat == seat)
    )
    seated = session.scalar(
        select(GameSeat.user_id).where(GameSeat.game_id == game.id, GameSeat.seat == seat)
    )
    return moved is None and seated == notice.user_id


def mailed_lately(session: Session, notice: Notification) -> bool:
    """Whether this game's turn was mailed to the person within :data:`TURN_MAIL_EVERY`."""
    assert notice.created_at is not None
    since = notice.created_at - TURN_MAIL_EVERY
    return (
        session.scalar(
            select(Notification.id).where(
                Notification.user_id == notice.user_id,
                Notification.game_id == notice.game_id,
                Notification.kind == notices.YOUR_TURN,
                Notification.emailed_at.is_not(None),
                Notification.emailed_at > since,
            )
        )
        is not None
    )


def message(session: Session, notice: Notification, to: str, lang: str, base: str) -> MailMessage:
    """The mail of ``notice``: its sentence naming the game, the link to the game, the
    unsubscribe links."""
    game = notices.notice_games(session, notice.user_id, [notice.game_id])
    said = notice_line(lang, notice.kind, notice.payload, game.get(notice.game_id or ""))
    where = f"{base}/games/{notice.game_id}" if notice.game_id else f"{base}/notifications"
    one = f"{base}/unsubscribe/{token_for(session, notice.user_id, notice.kind)}"
    every = f"{base}/unsubscribe/{token_for(session, notice.user_id, ALL)}"
    lines = [
        said,
        "",
        f"{gettext(lang, 'Open the game:')} {where}",
        "",
        "-- ",
        f"{gettext(lang, 'No more e-mails like this one:')} {one}",
        f"{gettext(lang, 'No notification e-mails at all:')} {every}",
        f"{gettext(lang, 'Your notification settings:')} {base}/notifications/settings",
    ]
    subject = f"carson: {said}"
    return MailMessage(to, subject, "\n".join(lines) + "\n", language=lang, unsubscribe=one)


def _worth_mailing(session: Session, notice: Notification) -> str | None:
    """The verified address to mail ``notice`` to, or ``None`` (with why, in the log)."""
    wants = notices.settings_of(session, [notice.user_id])[notice.user_id]
    if not wants[(notice.kind, notices.EMAIL)]:
        return None  # switched off since it was queued
    address = addresses.deliverable(session, notice.user_id)
    if address is None:
        return None
    if notice.kind == notices.YOUR_TURN and (
        not turn_still_waits(session, notice) or mailed_lately(session, notice)
    ):
        return None
    return address


def run_notify_mail(context: WorkerContext, job: ClaimedJob, due: NoticeJob) -> None:
    store = context.store
    with store.sessions() as session:
        notice = session.get(Notification, due.notice)
        address = None if notice is None else _worth_mailing(session, notice)
        base = configured_base_url()
        if notice is None or address is None or base is None:
            if base is None and address is not None:
                log.warning("notification %d not mailed: no CARSON_PUBLIC_URL", due.notice)
            context.queue.complete(job)
            return
        lang = addresses.language_of(session, notice.user_id)
        mail = message(session, notice, address, lang, base)
        with store.write_turn:
            queue_mail(context.queue, session, mail, key=f"notice:{notice.id}")
            notice.emailed_at = context.queue.clock()
            if not context.queue.finish(session, job):
                raise Conflict("this job's lease ran out: another worker holds it")
            session.commit()


NOTIFY_MAIL = register(JobKind(notices.MAIL_JOB, NoticeJob.read, run_notify_mail, DELIVERY))
