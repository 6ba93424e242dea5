"""Vacations: a person pauses the clocks of their correspondence games for a few days, within a
yearly allowance (docs/clocks.md, *Vacation*).

A vacation starts on a day (today: at once; a later day: at 00:00 UTC) and lasts whole days;
every day of it counts against the allowance of the calendar year (UTC) it starts in, at most
:data:`ALLOWANCE_DAYS` a year. A person has one vacation at a time, current or planned. Ending
it early gives back the days not begun (a day begun counts whole); cancelling a planned one
gives back all of them. While it lasts, the clocks of the person's correspondence games stand
still (:mod:`carson.server.play.vacations`); live games go on as ever.

Nothing is written to the games when a vacation is declared: a timeout job that comes at
its old deadline finds the clock paused and queues itself again for the new one. A vacation
that ends early (or a planned one cancelled) moves deadlines back, so its end queues the
person's timeouts again at once, in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from carson.server.accounts.guests import require_member
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import Conflict, NotFound, Unprocessable
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.play.clocks import Timeout
from carson.server.play.store import GameStore
from carson.server.play.vacations import Vacation

#: Days of vacation a person may take in a calendar year.
ALLOWANCE_DAYS = 30
#: How far ahead a vacation may be planned (days from today).
AHEAD_DAYS = 90
DAY = timedelta(days=1)


@dataclass(frozen=True)
class Holiday:
    """A vacation as its person sees it."""

    starts_at: datetime
    ends_at: datetime
    days: int  # as declared
    current: bool  # begun already (else planned)


@dataclass(frozen=True)
class Allowance:
    """A person's vacation: the allowance of ``year`` (this one), the days used of it, and
    the vacation current or planned, if any."""

    year: int
    allowance: int
    used: int
    vacation: Holiday | None

    @property
    def left(self) -> int:
        return max(0, self.allowance - self.used)


def charged(starts_at: datetime, ends_at: datetime) -> int:
    """The days a vacation counts for: each day begun counts whole (none if never begun)."""
    length = as_utc(ends_at) - as_utc(starts_at)
    return 0 if length <= timedelta(0) else -(-length // DAY)


def used_in(session: Session, user_id: int, year: int) -> int:
    """The days of ``year``'s allowance the person's vacations (begun in it) count for."""
    begins, after = datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    rows = session.execute(
        select(Vacation.starts_at, Vacation.ends_at).where(
            Vacation.user_id == user_id, Vacation.starts_at >= begins, Vacation.starts_at < after
        )
    ).all()
    return sum(charged(starts_at, ends_at) for starts_at, ends_at in rows)


class Vacations:
    """Declaring, reading and ending vacations, over the game store's database and clocks."""

    def __init__(self, store: GameStore, limiter: RateLimiter) -> None:
        self.store, self.limiter = store, limiter

    def now(self) -> datetime:
        return self.store.clocks.clock()

    def today(self) -> date:
        """The day it is (UTC): a vacation starts on it or later."""
        return self.now().astimezone(UTC).date()

    def status(self, user: User) -> Allowance:
        with self.store.sessions() as session:
            return self._status(session, user, self.now())

    def declare(self, user: User, days: int, start: date | None = None) -> Allowance:
        """``user`` goes on vacation from ``start`` (default today) for ``days`` days."""
        require_member(user, "take a vacation")
        now = self.now()
        starts_at = self._start(now, start)
        if not 1 <= days <= ALLOWANCE_DAYS:
            raise Unprocessable(f"a vacation lasts 1 to {ALLOWANCE_DAYS} days", "vacation_days")
        self.limiter.take(Rule.VACATION_USER, str(user.id))
        with self.store.write_turn, self.store.sessions.begin() as session:
            _lock(session, user)
            if self._upcoming(session, user, now) is not None:
                raise Conflict("you have a vacation already: end it first", "on_vacation")
            left = ALLOWANCE_DAYS - used_in(session, user.id, starts_at.year)
            if days > left:
                raise Unprocessable(f"{max(0, left)} days of vacation are left for "
                                    f"{starts_at.year}", "vacation_allowance")  # fmt: skip
            session.add(Vacation(user_id=user.id, starts_at=starts_at, ends_at=starts_at +
                                 days * DAY, days=days, created_at=now))  # fmt: skip
            session.flush()
            return self._status(session, user, now)

    def end(self, user: User) -> Allowance:
        """``user`` comes back: the current vacation ends now (the days not begun return to
        the allowance), a planned one is cancelled; their games' timeouts queued again."""
        now = self.now()
        with self.store.write_turn, self.store.sessions.begin() as session:
            _lock(session, user)
            vacation = self._upcoming(session, user, now)
            if vacation is None:
                raise NotFound("you are not on vacation, nor is one planned", "no_vacation")
            if as_utc(vacation.starts_at) >= now:
                session.execute(delete(Vacation).where(Vacation.id == vacation.id))
            else:
                vacation.ends_at = now
            session.flush()
            self._queue_timeouts(session, user)
            return self._status(session, user, now)

    # ------------------------------------------------------------------ inside

    @staticmethod
    def _start(now: datetime, start: date | None) -> datetime:
        """When a vacation from ``start`` begins: now for today, else that day's 00:00 UTC."""
        today = now.astimezone(UTC).date()
        if start is None or start == today:
            return now
        if start < today or start > today + timedelta(days=AHEAD_DAYS):
            raise Unprocessable(f"a vacation starts today or within {AHEAD_DAYS} days",
                                "vacation_start")  # fmt: skip
        return datetime.combine(start, time(), UTC)

    @staticmethod
    def _upcoming(session: Session, user: User, now: datetime) -> Vacation | None:
        """The person's vacation not over at ``now`` (current or planned)."""
        return session.scalars(
            select(Vacation).where(Vacation.user_id == user.id, Vacation.ends_at > now)
            .order_by(Vacation.starts_at).limit(1)
        ).first()  # fmt: skip

    def _status(self, session: Session, user: User, now: datetime) -> Allowance:
        vacation = self._upcoming(session, user, now)
        year = now.astimezone(UTC).year
        shown = None
        if vacation is not None:
            starts_at, ends_at = as_utc(vacation.starts_at), as_utc(vacation.ends_at)
            shown = Holiday(starts_at, ends_at, vacation.days, starts_at <= now)
        return Allowance(year, ALLOWANCE_DAYS, used_in(session, user.id, year), shown)

    def _queue_timeouts(self, session: Session, user: User) -> None:
        """Queue again the timeout of each correspondence game where the person is asked,
        for its deadline as it is now (earlier than when the vacation was longer)."""
        seats = session.execute(
            select(GameSeat.game_id, GameSeat.seat).join(Game, Game.id == GameSeat.game_id)
            .where(GameSeat.user_id == user.id, GameSeat.left.is_(None),
                   Game.status == "playing", Game.clock.is_not(None))
        ).all()  # fmt: skip
        clocks = self.store.clocks
        for game_id, seat in seats:
            stored = clocks.stored(session, game_id)
            if stored is None or stored.clocks.control.kind != "correspondence":
                continue
            deadline = stored.clocks.deadline(seat)
            if deadline is not None and seat not in stored.closed:
                clocks.queue_again(session, Timeout(game_id, stored.seq, seat), deadline)


def _lock(session: Session, user: User) -> None:
    """Hold the person's row until the transaction ends: their vacations change one at a
    time (PostgreSQL; SQLite's writers take turns already)."""
    session.execute(select(User.id).where(User.id == user.id).with_for_update())
