"""The lobby: public tables waiting for players, for every game.

A table is a game still ``waiting`` for people. A *public* one is listed in the lobby
(filtered by game, time control and language) for anyone to join; a private one is reached
only by its link. Whoever joins must be inside the table's rating range, if it has one
(their rating in that game, :mod:`carson.server.ratings.player_ratings`). While it waits, its
creator may cancel it; and it expires on its own after :func:`waiting_time` — 30 minutes for
a live time control, 7 days otherwise (correspondence, no clock: friends answer a link
later). Cancelled and expired tables are over (``games.ended``: ``cancelled``,
``expired``), kept but never listed nor joined.

Expiry is a durable job (kind ``expire_table``, one per table, its key the game's id) queued
with the table itself and due when the table expires; it ends the table only if it still
waits, in one conditional UPDATE, so it fires once whichever worker runs it, and a table
that started meanwhile is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, or_, select, update
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, as_utc
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import Conflict, Forbidden
from carson.server.play.listeners import Joining, Listeners, TableOpened
from carson.server.play.table_settings import TableSettings
from carson.server.play.worker_context import WorkerContext
from carson.server.ratings.player_ratings import rating_of

if TYPE_CHECKING:
    from carson.server.play.games import GameService

#: How long a table waits for players before it expires, by its time control.
LIVE_WAIT = timedelta(minutes=30)
LONG_WAIT = timedelta(days=7)
#: The most tables one lobby answer lists (the newest first).
LOBBY_SIZE = 100
#: The time-control filters besides an exact control (``10+5``, ``3d``).
CONTROL_KINDS = ("live", "correspondence", "none")


def waiting_time(settings: TableSettings) -> timedelta:
    """How long a table with these settings waits for its players."""
    control = settings.time_control
    return LIVE_WAIT if control is not None and control.kind == "live" else LONG_WAIT


def expire_key(game_id: str) -> str:
    return f"expire_table:{game_id}"


def on_created(queue: JobQueue, session: Session, game: Game, settings: TableSettings) -> None:
    """In the transaction that creates ``game``: if it waits for players, when it expires,
    and the job that ends it then."""
    if game.status != "waiting":
        return
    game.expires_at = queue.clock() + waiting_time(settings)
    schedule_expiry(queue, session, game)


def schedule_expiry(queue: JobQueue, session: Session, game: Game) -> None:
    """The job that ends the waiting table ``game`` at its ``expires_at`` (in the
    transaction that creates it): lobby tables and rematch offers alike."""
    assert game.expires_at is not None
    queue.enqueue(
        session,
        EXPIRE_TABLE.name,
        {"game": game.id},
        key=expire_key(game.id),
        run_at=game.expires_at,
    )


def check_joinable(session: Session, game: Game, user: User, now: datetime) -> None:
    """Refuse to seat ``user`` at a table that is closed or whose rating range excludes
    them (nothing changes)."""
    expired = game.expires_at is not None and as_utc(game.expires_at) <= now
    if game.ended is not None or (game.status == "waiting" and expired):
        raise Conflict("this table is closed: its creator cancelled it or it expired",
                       "table_closed")  # fmt: skip
    if game.rating_min is None and game.rating_max is None:
        return
    shown = rating_of(session, user.id, game.game).shown
    low = game.rating_min if game.rating_min is not None else shown
    high = game.rating_max if game.rating_max is not None else shown
    if not low <= shown <= high:
        raise Forbidden(
            f"your rating ({shown}) is outside this table's range "
            f"({game.rating_min or '…'}–{game.rating_max or '…'})",
            "rating_out_of_range",
        )


def cancel(service: GameService, user: User, game_id: str) -> None:
    """The creator takes their table off before it starts: it is over, ``cancelled``."""
    now = service.jobs.clock()
    with service.store.write_turn, service.sessions.begin() as session:
        game = service.store.game(session, game_id)
        if game.creator_id != user.id:
            raise Forbidden("only the table's creator may cancel it", "not_creator")
        ended = session.execute(
            update(Game)
            .where(Game.id == game_id, Game.status == "waiting", Game.ended.is_(None))
            .values(status="over", ended="cancelled", ended_at=now)
        )
        if getattr(ended, "rowcount", 0) != 1:
            raise Conflict("the table is no longer waiting: it started or ended", "not_waiting")
        service.store.announce(session, game_id)  # its seated players' pages hear of it
    service.notifier.publish(game_id)


def _control_filter(control: str) -> ColumnElement[bool]:
    if control == "live":
        return Game.time_control.like("%+%")
    if control == "correspondence":
        return Game.time_control.like("%d")
    if control == "none":
        return Game.time_control.is_(None)
    return Game.time_control == control


def tables(
    service: GameService,
    game: str | None = None,
    control: str | None = None,
    lang: str | None = None,
    limit: int = LOBBY_SIZE,
) -> list[JSON]:
    """The public tables waiting for players, newest first, as the lobby lists them."""
    now = service.jobs.clock()
    query = (
        select(Game)
        .where(Game.public.is_(True), Game.status == "waiting", Game.ended.is_(None))
        .where(or_(Game.expires_at.is_(None), Game.expires_at > now))
        .order_by(Game.created_at.desc(), Game.id)
        .limit(limit)
    )
    if game is not None:
        query = query.where(Game.game == game)
    if control is not None:
        query = query.where(_control_filter(control))
    if lang is not None:
        query = query.where(Game.lang == lang)
    with service.sessions() as session:
        found = list(session.scalars(query))
        seated = _seated(session, [table.id for table in found])
        hosts = _people(session, {table.creator_id for table in found})
        return [_listed(table, seated.get(table.id, {}), hosts) for table in found]


@dataclass(frozen=True)
class Person:
    """Who holds a seat (or hosts a table); ``rating`` their shown rating in that game, where
    the listing shows ratings."""

    name: str
    bot: bool
    rating: int | None = None


def seat_rows(
    seat_kinds: list[str], people: dict[int, Person], *, ratings: bool = False
) -> list[JSON]:
    """A game's seats as its listings show them: each seat's kind and who holds it, if anyone
    (with their rating when ``ratings``): the lobby's tables and its games in progress."""
    rows = []
    for index, kind in enumerate(seat_kinds):
        person = people.get(index)
        row: JSON = {
            "seat": index,
            "kind": kind,
            "user": None if person is None else person.name,
            "bot": person is not None and person.bot,
        }
        if ratings:
            row["rating"] = None if person is None else person.rating
        rows.append(row)
    return rows


def _people(session: Session, ids: set[int]) -> dict[int, Person]:
    rows = session.execute(
        select(User.id, User.username, User.is_bot).where(User.id.in_(ids or {-1}))
    ).all()
    return {user_id: Person(name, bool(bot)) for user_id, name, bot in rows}


def _seated(session: Session, game_ids: list[str]) -> dict[str, dict[int, Person]]:
    """Who holds each seat taken at these tables."""
    rows = session.execute(
        select(GameSeat.game_id, GameSeat.seat, User.username, User.is_bot)
        .join(User, User.id == GameSeat.user_id)
        .where(GameSeat.game_id.in_(game_ids or ["-"]))
    ).all()
    seated: dict[str, dict[int, Person]] = {}
    for game_id, seat, name, bot in rows:
        seated.setdefault(game_id, {})[seat] = Person(name, bool(bot))
    return seated


def _listed(game: Game, seated: dict[int, Person], hosts: dict[int, Person]) -> JSON:
    host = hosts.get(game.creator_id, Person("", False))
    listed = game.config.get("variants") if isinstance(game.config, dict) else None
    seats = seat_rows(game.seat_kinds, seated)
    return {
        "id": game.id,
        "game": game.game,
        "variants": [str(v) for v in listed] if isinstance(listed, list) else [],
        "host": host.name,
        "host_bot": host.bot,
        "seats": seats,
        "free": sum(seat["kind"] == "human" and seat["user"] is None for seat in seats),
        "lang": game.lang,
        "rated": game.rated,
        "time_control": game.time_control,
        "rating_min": game.rating_min,
        "rating_max": game.rating_max,
        "created_at": as_utc(game.created_at),
        "expires_at": None if game.expires_at is None else as_utc(game.expires_at),
    }


# ------------------------------------------------------------------ expiry


@dataclass(frozen=True)
class ExpireTable:
    """The payload of an ``expire_table`` job: the table's game id."""

    game: str

    @classmethod
    def read(cls, payload: JSON) -> ExpireTable:
        game = payload.get("game")
        if not isinstance(game, str):
            raise ValueError(f"an expire_table payload needs a game, not {payload!r}")
        return cls(game)


def expire_table(context: WorkerContext, job: ClaimedJob, payload: ExpireTable) -> None:
    """End the table if it still waits and its time is up (else nothing: it started, was
    cancelled, or is not due — a job run early by an operator)."""
    store = context.store
    now = context.queue.clock()
    with store.write_turn, store.sessions.begin() as session:
        ended = session.execute(
            update(Game)
            .where(Game.id == payload.game, Game.status == "waiting", Game.ended.is_(None))
            .where(Game.expires_at <= now)
            .values(status="over", ended="expired", ended_at=now)
        )
        if getattr(ended, "rowcount", 0) == 1:
            store.announce(session, payload.game)
        context.queue.finish(session, job)
    store.notifier.publish(payload.game)


EXPIRE_TABLE = register(JobKind("expire_table", ExpireTable.read, expire_table))


def _opened(event: TableOpened) -> None:
    on_created(event.queue, event.session, event.game, event.settings)


def _joining(event: Joining) -> None:
    check_joinable(event.session, event.game, event.user, event.now)


def listen(listeners: Listeners) -> None:
    """A waiting table expires; a table's rating range refuses whoever is outside it (the
    composition root calls this)."""
    listeners.on(TableOpened, _opened)
    listeners.on(Joining, _joining)
