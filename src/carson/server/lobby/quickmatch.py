"""Quick match: "play a person now", for every game.

A person opens a *seek* (table ``seeks``): a game, its number of seats, a time control,
rated or not, the machine kind that fills the seats no person takes, and optionally the
widest rating gap they accept. Pairing (:func:`carson.core.seeks.pair`) runs when a seek is
opened and when a seek's wait is over (a durable ``pair_seeks`` job, due
:data:`~carson.core.seeks.FILL_AFTER` seconds after it was opened): a full table of people
starts at once, the closest ratings first; after the wait the oldest seek starts with the
people there are (at least two) and machines in the other seats. A person alone keeps
waiting; a seek nobody answered is dropped after :data:`SEEK_LIFETIME`.

Pairing takes every open seek's row for update (PostgreSQL: other pairers wait, then see
those seeks taken), so a seek is paired once whichever process pairs; a paired seek keeps
the id of its table, which its page follows.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.core.clock import TimeControl, TimeControlError
from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.core.registry import HUMAN, GameSetupError, game_kind
from carson.core.seeks import FILL_AFTER, Seek, pair
from carson.server.accounts.guests import check_guest_games, require_member
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, as_utc
from carson.server.kernel.db import SeekRow, User
from carson.server.kernel.errors import Conflict, NotFound, Unprocessable
from carson.server.people.relations import kept_apart
from carson.server.play.games import GameService
from carson.server.play.integrity import secret_seed
from carson.server.play.opening import open_table
from carson.server.play.store import GameStore
from carson.server.play.table_settings import RATING_BOUNDS, checked_settings, default_timeout_level
from carson.server.play.worker_context import WorkerContext
from carson.server.ratings.player_ratings import ratings_of

#: How long a seek nobody answers stays open.
SEEK_LIFETIME = timedelta(minutes=10)


@dataclass(frozen=True)
class SeekRequest:
    """What a person asks for (checked by :func:`open_seek`)."""

    game: str
    seats: int
    time_control: str
    rated: bool = False
    fill_with: str | None = None  # None: ai-medium, else the game's first machine kind
    max_gap: int | None = None
    lang: str = "en"


def _checked(request: SeekRequest) -> SeekRequest:
    """The request with its defaults filled in, or 422 saying what is wrong."""
    try:
        which = game_kind(request.game)
        fill = request.fill_with or default_timeout_level(which)
        # A table of two people and machines must be one the game can set up.
        which.config([HUMAN, HUMAN] + [fill] * (request.seats - 2))
    except GameSetupError as error:
        raise Unprocessable(str(error), "invalid_setup") from None
    if fill not in which.machine_kinds:
        raise Unprocessable(f"unknown machine kind {fill!r} to fill the seats; choose from "
                            f"{', '.join(which.machine_kinds)}", "invalid_setup")  # fmt: skip
    try:
        TimeControl.parse(request.time_control)
    except TimeControlError as error:
        raise Unprocessable(str(error), "invalid_time_control") from None
    if request.max_gap is not None and not 0 <= request.max_gap <= RATING_BOUNDS[1]:
        raise Unprocessable(f"max_gap is 0–{RATING_BOUNDS[1]}", "invalid_setup")
    if request.lang not in LANGUAGES:
        raise Unprocessable(f"unknown language {request.lang!r}", "invalid_setup")
    return SeekRequest(request.game, request.seats, request.time_control, request.rated,
                       fill, request.max_gap, request.lang)  # fmt: skip


def open_seek(service: GameService, user: User, request: SeekRequest) -> JSON:
    """Open the caller's seek (one at a time: 409 while another is open) and pair at once."""
    request = _checked(request)
    if request.rated:
        require_member(user, "play rated games")
    queue = service.jobs
    now = queue.clock()
    with service.store.write_turn, service.sessions.begin() as session:
        _drop_stale(session, now)
        check_guest_games(session, user)
        if _open_seek_of(session, user.id) is not None:
            raise Conflict("you already have an open seek: cancel it first", "seek_open")
        row = SeekRow(
            id=secrets.token_hex(6),
            user_id=user.id,
            game=request.game,
            seats=request.seats,
            time_control=request.time_control,
            rated=request.rated,
            fill_with=request.fill_with,
            max_gap=request.max_gap,
            lang=request.lang,
            created_at=now,
        )
        session.add(row)
        try:
            session.flush()
        except IntegrityError:  # another request of the caller's opened one meanwhile
            raise Conflict("you already have an open seek: cancel it first", "seek_open") from None
        queue.enqueue(session, PAIR_SEEKS.name, {"seek": row.id}, key=f"pair_seeks:{row.id}",
                      run_at=now + timedelta(seconds=FILL_AFTER))  # fmt: skip
    pair_now(service.store)
    return seek_of(service, user, row.id)


def _open_seek_of(session: Session, user_id: int) -> SeekRow | None:
    return session.scalars(
        select(SeekRow).where(SeekRow.user_id == user_id, SeekRow.game_id.is_(None))
    ).first()


def _drop_stale(session: Session, now: datetime) -> None:
    session.execute(
        delete(SeekRow).where(SeekRow.game_id.is_(None), SeekRow.created_at < now - SEEK_LIFETIME)
    )


def seek_of(service: GameService, user: User, seek_id: str) -> JSON:
    """The caller's seek: still open (with when machines may fill it) or its table."""
    with service.sessions() as session:
        row = session.get(SeekRow, seek_id)
        if row is None or row.user_id != user.id:
            raise NotFound(f"you have no seek {seek_id!r}", "no_such_seek")
        return seek_json(row)


def seek_json(row: SeekRow) -> JSON:
    created = as_utc(row.created_at)
    return {
        "id": row.id,
        "game": row.game,
        "seats": row.seats,
        "time_control": row.time_control,
        "rated": row.rated,
        "fill_with": row.fill_with,
        "max_gap": row.max_gap,
        "lang": row.lang,
        "created_at": created,
        "fill_at": created + timedelta(seconds=FILL_AFTER),
        "expires_at": created + SEEK_LIFETIME,
        "state": "open" if row.game_id is None else "matched",
        "game_id": row.game_id,
    }


def cancel_seek(service: GameService, user: User, seek_id: str) -> JSON:
    """Withdraw the caller's open seek (409 once it is paired: the table exists)."""
    with service.store.write_turn, service.sessions.begin() as session:
        row = session.get(SeekRow, seek_id, with_for_update=True)
        if row is None or row.user_id != user.id:
            raise NotFound(f"you have no seek {seek_id!r}", "no_such_seek")
        if row.game_id is not None:
            raise Conflict("this seek is paired already: its game has started", "seek_matched")
        shown = {**seek_json(row), "state": "cancelled"}
        session.delete(row)
    return shown


def pair_now(store: GameStore) -> list[str]:
    """Start the tables the open seeks make now; answers their game ids."""
    now = store.jobs.clock()
    started = []
    with store.write_turn, store.sessions.begin() as session:
        _drop_stale(session, now)
        rows = session.scalars(
            select(SeekRow).where(SeekRow.game_id.is_(None)).with_for_update()
        ).all()
        by_id = {row.id: row for row in rows}
        for pairing in pair(_seeks(session, rows), now.timestamp()):
            first = by_id[pairing.seeks[0].id]
            game_id = _start(store, session, first, pairing.seeks, pairing.machines)
            taken = [seek.id for seek in pairing.seeks]
            session.execute(update(SeekRow).where(SeekRow.id.in_(taken)).values(game_id=game_id))
            started.append(game_id)
    return started


def _seeks(session: Session, rows: Sequence[SeekRow]) -> list[Seek]:
    """The rows as the pairing reads them, each with its person's rating in its game and
    the people a block keeps it apart from."""
    avoided = kept_apart(session, {row.user_id for row in rows})
    ratings = {
        game: ratings_of(session, [row.user_id for row in rows if row.game == game], game)
        for game in {row.game for row in rows}
    }
    return [
        Seek(
            id=row.id,
            user_id=row.user_id,
            game=row.game,
            seats=row.seats,
            control=row.time_control,
            rated=row.rated,
            rating=ratings[row.game][row.user_id].mu,
            created_at=as_utc(row.created_at).timestamp(),
            fill_with=row.fill_with,
            max_gap=None if row.max_gap is None else float(row.max_gap),
            avoids=avoided[row.user_id],
        )
        for row in rows
    ]


def _start(
    store: GameStore,
    session: Session,
    first: SeekRow,
    seeks: tuple[Seek, ...],
    machines: tuple[str, ...],
) -> str:
    """A new game for the paired people (the oldest seek's person first), started."""
    which = game_kind(first.game)
    kinds = [HUMAN] * len(seeks) + list(machines)
    settings = checked_settings(which, kinds, rated=first.rated, time_control=first.time_control)
    config = which.config(kinds, [])
    people = [seek.user_id for seek in seeks]
    game, _ = open_table(
        store, session, people, which.name, config, kinds, secret_seed(), first.lang, settings
    )
    return game.id


# ------------------------------------------------------------------ the job


@dataclass(frozen=True)
class PairSeeks:
    """The payload of a ``pair_seeks`` job: the seek whose wait is over."""

    seek: str

    @classmethod
    def read(cls, payload: JSON) -> PairSeeks:
        seek = payload.get("seek")
        if not isinstance(seek, str):
            raise ValueError(f"a pair_seeks payload needs a seek, not {payload!r}")
        return cls(seek)


def run_pairing(context: WorkerContext, job: ClaimedJob, payload: PairSeeks) -> None:
    pair_now(context.store)


PAIR_SEEKS = register(JobKind("pair_seeks", PairSeeks.read, run_pairing))
