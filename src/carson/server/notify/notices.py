"""Notifications as data: written in the transaction of what causes them (a move, a rematch
offer, a paired table), delivered later by jobs so no request waits for a push service or a
mail server.

A notification is a row of ``notifications`` (:mod:`carson.server.notify.tables`) per person;
it shows in the person's bell if they keep the in-app channel of its kind. For each other
channel they keep (web push, e-mail), a job is queued with it: ``notify_push`` at once,
``notify_mail`` at once or, for a turn, after :data:`TURN_MAIL_DELAY` (the player may be on
the page and move first). Those jobs are :mod:`carson.server.notify.jobs`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    and_,
    bindparam,
    exists,
    func,
    insert,
    literal,
    null,
    select,
    union_all,
    update,
)
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.sql.selectable import CompoundSelect

from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.mail.tables import MailAddress
from carson.server.notify.tables import Notification, NotificationSetting, PushSubscription

YOUR_TURN = "your_turn"
INVITATION = "invitation"
GAME_OVER = "game_over"
TIMEOUT_SOON = "timeout_soon"
MENTION = "mention"
MESSAGE = "message"  # a private message (carson.server.messages)
KINDS = (YOUR_TURN, INVITATION, GAME_OVER, TIMEOUT_SOON, MENTION, MESSAGE)

APP = "app"
EMAIL = "email"
PUSH = "push"
CHANNELS = (APP, EMAIL, PUSH)

#: Each channel's default per kind, for a person who chose nothing. Push reaches only the
#: browsers one subscribed, so it is on; mail is on for what waits for one, not chat.
DEFAULTS: Mapping[tuple[str, str], bool] = {
    **{(kind, APP): True for kind in KINDS},
    **{(kind, PUSH): True for kind in KINDS},
    **{(kind, EMAIL): kind != MENTION for kind in KINDS},
}

#: Job kinds of the delivery (see :mod:`carson.server.notify.jobs`).
PUSH_JOB = "notify_push"
MAIL_JOB = "notify_mail"
#: A turn's mail waits this long: a player still on the page moves first, and none is sent.
TURN_MAIL_DELAY = timedelta(minutes=5)
#: The most a notification's payload may hold (bounded memory: a chat mention's text).
PAYLOAD_CHARS = 200
#: The longest list a person is served at once.
PAGE_SIZE = 50


#: A person's choices: (kind, channel) → on.
Choices = dict[tuple[str, str], bool]


# The statements of the move path, built once and run on the session's connection (Core:
# a move's notifications cost a fraction of what the ORM's would).
_PEOPLE: BindParameter[list[int]] = bindparam("people", expanding=True)
#: Each person's choices, push subscriptions and verified addresses, in one statement: a
#: row per choice (``what`` 0: kind, channel, enabled), per subscription (1) and per
#: verified address (2) — one round trip of the move's transaction, not three.
REACHABLE: CompoundSelect[int, int, str, str, bool] = union_all(
    select(
        NotificationSetting.user_id,
        literal(0).label("what"),
        NotificationSetting.kind,
        NotificationSetting.channel,
        NotificationSetting.enabled,
    ).where(NotificationSetting.user_id.in_(_PEOPLE)),
    select(PushSubscription.user_id, literal(1), null(), null(), null()).where(
        PushSubscription.user_id.in_(_PEOPLE)
    ),
    select(MailAddress.user_id, literal(2), null(), null(), null()).where(
        MailAddress.user_id.in_(_PEOPLE), MailAddress.verified.is_not(None)
    ),
)
INSERT = insert(Notification).returning(Notification.id)
SETTLE = (
    update(Notification)
    .where(
        Notification.game_id == bindparam("game"),
        Notification.kind == YOUR_TURN,
        Notification.read_at.is_(None),
        Notification.user_id.in_(_PEOPLE),
    )
    .values(read_at=bindparam("at"))
)


#: A turn already played with a newer turn of the same person and game (see :func:`listing`).
_NEWER = aliased(Notification)
_SUPERSEDED_TURN = and_(
    Notification.kind == YOUR_TURN,
    Notification.read_at.is_not(None),
    exists().where(
        _NEWER.user_id == Notification.user_id,
        _NEWER.game_id == Notification.game_id,
        _NEWER.kind == YOUR_TURN,
        _NEWER.in_app.is_(True),
        _NEWER.id > Notification.id,
    ),
)


def settings_of(session: Session, user_ids: Iterable[int]) -> dict[int, Choices]:
    """Every person's choices, defaults filled in (one query for them all)."""
    return _reachable(session, user_ids)[0]


def _reachable(
    session: Session, user_ids: Iterable[int]
) -> tuple[dict[int, Choices], set[int], set[int]]:
    """Every person's choices (defaults filled in), those with a push subscription, and
    those with a verified mail address: one query for them all."""
    people = sorted(set(user_ids))
    chosen: dict[int, Choices] = {user: dict(DEFAULTS) for user in people}
    subscribed: set[int] = set()
    mailable: set[int] = set()
    if not people:
        return chosen, subscribed, mailable
    rows = session.connection().execute(REACHABLE, {"people": people}).all()
    for user_id, what, kind, channel, enabled in rows:
        if what == 1:
            subscribed.add(user_id)
        elif what == 2:
            mailable.add(user_id)
        elif (kind, channel) in DEFAULTS:
            chosen[user_id][(kind, channel)] = bool(enabled)
    return chosen, subscribed, mailable


def notify(
    session: Session,
    jobs: JobQueue,
    user_ids: Iterable[int],
    kind: str,
    game_id: str | None,
    payload: JSON | None = None,
) -> list[int]:
    """In ``session``'s transaction: ``kind`` for each person (ids of the rows written),
    with its delivery jobs for the channels each keeps. Nobody who keeps no channel of the
    kind gets a row."""
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    data = dict(payload or {})
    if len(repr(data)) > PAYLOAD_CHARS:
        raise ValueError(f"a notification's payload is at most {PAYLOAD_CHARS} characters")
    chosen, subscribed, mailable = _reachable(session, user_ids)
    connection = session.connection()
    now = jobs.clock()
    written = []
    for user_id, wants in chosen.items():
        if not any(wants[(kind, channel)] for channel in CHANNELS):
            continue
        row = {"user_id": user_id, "kind": kind, "game_id": game_id, "payload": data,
               "created_at": now, "in_app": wants[(kind, APP)]}  # fmt: skip
        notice = connection.execute(INSERT, row).scalar_one()
        if wants[(kind, PUSH)] and user_id in subscribed:
            jobs.enqueue(session, PUSH_JOB, {"notice": notice}, key=f"{PUSH_JOB}:{notice}")
        if wants[(kind, EMAIL)] and user_id in mailable:
            delay = TURN_MAIL_DELAY if kind == YOUR_TURN else timedelta(0)
            jobs.enqueue(session, MAIL_JOB, {"notice": notice}, key=f"{MAIL_JOB}:{notice}",
                         run_at=now + delay)  # fmt: skip
        written.append(notice)
    return written


def notify_mention(
    session: Session, jobs: JobQueue, user_ids: Iterable[int], game_id: str, by: str
) -> list[int]:
    """Chat: ``by`` named these people in the game's chat (the chat calls this in the
    transaction that stores the message); the author is never told of their own line."""
    return notify(session, jobs, user_ids, MENTION, game_id, {"by": by[:32]})


def after_moves(
    session: Session,
    jobs: JobQueue,
    game_id: str,
    people: Mapping[int, int],
    before: Any,
    after: Any,
) -> None:
    """In the moves' transaction: each person (``people``: seat → user id, the seats a
    person plays) newly asked to act is told it is their turn (not one asked again right
    after their own move: they are at the table), and the turn notifications
    of those no longer asked are marked read; at the end, all are told the game is over."""
    asked = set() if after.is_over else set(after.seats_to_act)
    asked_before = set() if before is None or before.is_over else set(before.seats_to_act)
    # Those whose turn just ended (the others' was settled when theirs did): old news now.
    settled = [user for seat, user in people.items() if seat in asked_before - asked]
    if settled:
        values = {"game": game_id, "people": settled, "at": jobs.clock()}
        session.connection().execute(SETTLE, values)
    if after.is_over:
        notify(session, jobs, people.values(), GAME_OVER, game_id)
        return
    for seat in sorted(asked - asked_before):
        if seat in people:
            payload = {"seat": seat, "seq": len(after.actions)}
            notify(session, jobs, [people[seat]], YOUR_TURN, game_id, payload)


# ---------------------------------------------------------------------- reading


def listing(session: Session, user_id: int, before: int | None = None,
            limit: int = PAGE_SIZE) -> list[Notification]:  # fmt: skip
    """The person's in-app notifications, newest first (``before``: older than that id). A
    turn already played is left out once a newer turn of the same game is listed: one live
    game would otherwise fill the list with alike lines, one per turn."""
    query = (
        select(Notification)
        .where(Notification.user_id == user_id, Notification.in_app.is_(True))
        .where(~_SUPERSEDED_TURN)
        .order_by(Notification.id.desc())
        .limit(min(limit, PAGE_SIZE))
    )
    if before is not None:
        query = query.where(Notification.id < before)
    return list(session.scalars(query))


@dataclass(frozen=True)
class NoticeGame:
    """The game a notification is about, as its person knows it: which game it is (its
    name), the others seated (by seat) and how many machines play."""

    game: str
    others: tuple[str, ...]
    machines: int


def notice_games(
    session: Session, user_id: int, game_ids: Iterable[str | None]
) -> dict[str, NoticeGame]:
    """The games of these notifications of ``user_id``'s (two queries for them all)."""
    ids = sorted({game_id for game_id in game_ids if game_id})
    if not ids:
        return {}
    found = session.execute(
        select(Game.id, Game.game, Game.seat_kinds).where(Game.id.in_(ids))
    ).all()
    seated = session.execute(
        select(GameSeat.game_id, GameSeat.seat, GameSeat.user_id, User.username)
        .join(User, User.id == GameSeat.user_id)
        .where(GameSeat.game_id.in_(ids))
        .order_by(GameSeat.game_id, GameSeat.seat)
    ).all()
    named: dict[str, NoticeGame] = {}
    for game_id, game, seat_kinds in found:
        held = {seat: (user, name) for gid, seat, user, name in seated if gid == game_id}
        others = tuple(name for _, (user, name) in sorted(held.items()) if user != user_id)
        machines = sum(kind != HUMAN and seat not in held for seat, kind in enumerate(seat_kinds))
        named[game_id] = NoticeGame(game, others, machines)
    return named


def unread_count(session: Session, user_id: int) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(Notification)
            .where(
                Notification.user_id == user_id,
                Notification.in_app.is_(True),
                Notification.read_at.is_(None),
            )
        )
        or 0
    )


def mark_read(session: Session, user_id: int, ids: list[int] | None, at: datetime) -> int:
    """Mark the person's notifications ``ids`` (``None``: all) read; how many changed.
    Another person's ids change nothing."""
    query = update(Notification).where(
        Notification.user_id == user_id, Notification.read_at.is_(None)
    )
    if ids is not None:
        query = query.where(Notification.id.in_(ids))
    result = session.execute(query.values(read_at=at))
    return int(getattr(result, "rowcount", 0) or 0)


def choose(session: Session, user_id: int, choices: Mapping[tuple[str, str], bool]) -> None:
    """Store the person's choices (only known kinds and channels: the callers check)."""
    for (kind, channel), enabled in choices.items():
        if (kind, channel) not in DEFAULTS:
            raise ValueError(f"no notification setting {kind}/{channel}")
        row = session.get(NotificationSetting, (user_id, kind, channel))
        if row is None:
            session.add(NotificationSetting(user_id=user_id, kind=kind, channel=channel,
                                            enabled=enabled))  # fmt: skip
        else:
            row.enabled = enabled
