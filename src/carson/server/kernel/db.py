"""The server's database: tables (SQLAlchemy 2), engines, and migrations applied at start.

A game is event-sourced: the ``games`` row holds its configuration, seed and status, and the
``moves`` table every accepted action with its per-game sequence number. The primary key
(game, seq) is what makes two racing submissions for the same number end with one winner.

Each move also keeps the events the engine returned for it, each with its audience (see
:mod:`carson.server.play.events`); the events of a game's setup (the card game's first deal) are
kept on the ``games`` row and count as seq 0. Rows written before events were kept hold
``NULL`` there until the server derives them once by replay.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    text,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from carson.core.paths import data_dir
from carson.server.kernel import settings
from carson.server.kernel.errors import database_failure
from carson.server.kernel.jsonio import dumps

MIGRATIONS = Path(__file__).parent.parent / "migrations"
#: A list of stored events; ``None`` is SQL NULL ("not derived yet"), never JSON ``null``.
StoredEvents = JSON(none_as_null=True)


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: A bot account (played by a program through the API), shown as such to everyone.
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    #: A guest: played without signing up, never rated, limited (accounts.guests); it
    #: becomes an account of its own when the guest signs up from it.
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)

    #: Names are unique whatever their case, in the database too (two racing sign-ups).
    __table_args__ = (Index("users_username_lower", func.lower(username), unique=True),)


class Token(Base):
    """An API token (a session), stored as its SHA-256 (a leaked table gives no usable
    token); ``public_id`` names it to its user. See :mod:`carson.server.accounts.tokens`."""

    __tablename__ = "tokens"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    label: Mapped[str] = mapped_column(String(60), default="")


class Game(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))  # "card" (the board game later)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat_kinds: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    lang: Mapped[str] = mapped_column(String(2))
    status: Mapped[str] = mapped_column(String(8))  # waiting, playing, over
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: The setup's events (seq 0) as stored events; NULL until written (older games).
    opening_events: Mapped[list[dict[str, Any]] | None] = mapped_column(StoredEvents)
    # The table's settings (:mod:`carson.server.play.table_settings`), chosen at creation.
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    time_control: Mapped[str | None] = mapped_column(String(8))  # "10+5", "3d"; NULL: none
    on_timeout: Mapped[str] = mapped_column(String(10), default="move")  # move, takeover
    timeout_level: Mapped[str] = mapped_column(String(16), default="ai-medium")
    rating_min: Mapped[int | None] = mapped_column(Integer)
    rating_max: Mapped[int | None] = mapped_column(Integer)
    #: Every seat's clock (:meth:`carson.core.clock.Clocks.to_json`); NULL: no time control
    #: or not started.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    #: When a table still waiting for players is taken off the lobby.
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: How a game that is over ended: finished (played to its end), aborted (in its first
    #: round, by its players), cancelled (by its creator while waiting), expired (waited
    #: too long); NULL while it waits or runs.
    ended: Mapped[str | None] = mapped_column(String(10))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: A finished game's :class:`carson.core.game.Result` as JSON (scores, winners).
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    #: The game this one is the rematch of (one per game: a unique index).
    rematch_of: Mapped[str | None] = mapped_column(String(16))

    __table_args__ = (
        Index("ix_games_lobby", "public", "status"),
        Index("ix_games_ended_at", "ended_at"),
        Index("ux_games_rematch_of", "rematch_of", unique=True),
    )


class GameSeat(Base):
    """Who holds a human seat of a game, and whether its player left it."""

    __tablename__ = "game_seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    #: ``resigned`` or ``timeout`` (a machine plays the seat from then on, and the player
    #: ranks last); NULL while the player plays it. ``left_seq``: the move it happened at.
    left: Mapped[str | None] = mapped_column(String(10))
    left_seq: Mapped[int | None] = mapped_column(Integer)
    #: At a finished game's end: the seat's score, and whether its player won (a seat that
    #: left never wins, whatever the machine made of it).
    score: Mapped[int | None] = mapped_column(Integer)
    won: Mapped[bool | None] = mapped_column(Boolean)
    #: The player asks to abort the game (in its first round; every person must agree).
    wants_abort: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_game_seats_player", "user_id", "won"),)


class TableEvent(Base):
    """What happened at a table beside its moves (issue 44), told to everyone there and
    watching: a seat's time ran out (``timeout_move``: a machine moved once for it;
    ``timeout_left``: a machine took the seat over), a resignation (``resigned``), an abort
    (``aborted``, by ``seat``'s player). ``seq``: the moves stored when it happened."""

    __tablename__ = "table_events"
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class PlayerRating(Base):
    """A person's rating in one game (:mod:`carson.core.ratings`); no row: a new player's."""

    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(default=0)  # rated games played
    wins: Mapped[int] = mapped_column(default=0)  # of which first place
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (Index("ix_ratings_board", "game", "mu"),)


class RatingChange(Base):
    """A person's rating in a game after one rated game: the points of the history chart."""

    __tablename__ = "rating_history"
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (
        Index("ix_rating_history_player", "user_id", "game", "at"),
        # A game changes a person's rating once, whichever process rates it.
        Index("ux_rating_history_once", "user_id", "game_id", unique=True),
    )


class SeekRow(Base):
    """A person's quick-match request (:mod:`carson.server.lobby.quickmatch`): open while
    ``game_id`` is NULL, then the table it was paired into."""

    __tablename__ = "seeks"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    game: Mapped[str] = mapped_column(String(16))
    seats: Mapped[int]
    time_control: Mapped[str] = mapped_column(String(8))
    rated: Mapped[bool] = mapped_column(Boolean)
    fill_with: Mapped[str] = mapped_column(String(16))  # the machine kind of empty seats
    max_gap: Mapped[int | None] = mapped_column(Integer)  # widest rating gap accepted
    lang: Mapped[str] = mapped_column(String(5))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"))

    __table_args__ = (
        Index("ix_seeks_open", "game_id", "game"),
        # One open seek per person, kept by the database itself (issue 45: simultaneous seeks).
        Index(
            "ux_seeks_one_open",
            "user_id",
            unique=True,
            sqlite_where=text("game_id IS NULL"),
            postgresql_where=text("game_id IS NULL"),
        ),
    )


class Move(Base):
    __tablename__ = "moves"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)  # 1, 2, … per game
    seat: Mapped[int]
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: The move's events as stored events; NULL until written (moves of older servers).
    events: Mapped[list[dict[str, Any]] | None] = mapped_column(StoredEvents)


class Draft(Base):
    """A seat's moves in a secret step of several moves, kept from the others until the step
    resolves (then written as moves): the seat's own, in order, as action JSON."""

    __tablename__ = "drafts"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    actions: Mapped[list[dict[str, Any]]] = mapped_column(JSON)


class Job(Base):
    """A piece of work for the workers (:mod:`carson.server.jobs.queue`): a machine seat's move
    now, a clock's timeout at ``run_at``. ``ready`` jobs are claimed for a lease; a claim
    whose lease ran out (its worker died) is claimed again; ``failed`` ones stay for an
    operator to see. A job's ``key``, when it has one, is unique: the same work is queued
    once."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_due", "state", "run_at"),)
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    key: Mapped[str | None] = mapped_column(String(100), unique=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(8))  # ready, running, failed
    run_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(default=0)
    max_attempts: Mapped[int]
    #: Who holds a running job, until when (a random claim, so that a worker whose lease
    #: ran out can no longer finish or renew it).
    claim: Mapped[str | None] = mapped_column(String(64))
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def default_url() -> str:
    """``DATABASE_URL``, else SQLite in carson's data directory (``$CARSON_HOME``, else the
    platform's, created on first run)."""
    url = settings.load(only={"DATABASE_URL"}).database_url
    if url:
        return url
    return f"sqlite:///{data_dir() / 'carson.db'}"


#: Threads that serve requests (the thread pool of plain route functions and
#: ``run_in_threadpool``): set at start, and the connection pool is sized to match.
REQUEST_THREADS = 40
#: Connections kept open: one per request thread, and a few for the threads of the server's
#: own (resuming machine seats at start). With fewer, requests queue for a connection and the
#: pool opens and closes overflow connections over and over (each running its set-up).
POOL_SIZE = REQUEST_THREADS + 4
POOL_OVERFLOW = 8
#: Pooled connections older than this are replaced: before a firewall or the database's
#: idle timeout drops them.
RECYCLE_SECONDS = 1800


def libpq_conninfo(engine: Engine) -> str:
    """``engine``'s PostgreSQL database as psycopg's own connections take it (the ones the
    event loop and the listeners open beside SQLAlchemy's pool), password included."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


#: How long a SQLite connection waits for another process's write lock before it fails.
SQLITE_BUSY_SECONDS = 30


def make_engine(url: str) -> Engine:
    """The engine for ``url``, its pool sized to the request threads; its errors and logs
    never show a statement's parameters (a token's digest, a password's hash)."""
    pool = {"pool_size": POOL_SIZE, "max_overflow": POOL_OVERFLOW}
    if url.startswith("sqlite"):
        if make_url(url).database in (None, "", ":memory:"):
            pool = {}  # one in-memory database: SQLAlchemy's single-connection pool, no sizes
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_SECONDS},
            json_serializer=dumps,
            hide_parameters=True,
            **pool,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            # In WAL mode, NORMAL syncs the log at checkpoints, not at every commit: a
            # committed move survives the process being killed (the log is in the OS's
            # hands), though not a power cut within the last moments.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # No ping at each checkout (a round trip per request, issue 22): a connection the
    # database dropped fails its request once, answered 503 with Retry-After, and that error
    # invalidates the whole pool, so the next requests open fresh connections.
    return create_engine(
        url, pool_recycle=RECYCLE_SECONDS, json_serializer=dumps, hide_parameters=True, **pool
    )


class CorruptDatabase(Exception):
    """The SQLite file is damaged (or is no database at all): the server refuses to start
    rather than serve, and perhaps write, on top of it."""


def check_integrity(engine: Engine) -> None:
    """``PRAGMA quick_check`` of an existing SQLite file (a linear pass over it: seconds for
    a large file); raises :class:`CorruptDatabase` naming the file and the first problem.
    A new file, an in-memory database and PostgreSQL (which checks itself) pass."""
    path = engine.url.database
    if engine.dialect.name != "sqlite" or not path or path == ":memory:":
        return
    if not Path(path).exists():
        return
    try:
        with engine.connect() as connection:
            problems = list(connection.exec_driver_sql("PRAGMA quick_check").scalars())
    except OperationalError:
        raise  # cannot open it at all (permissions, a directory): not a damaged file
    except DatabaseError as error:
        problem = database_failure(error)
        raise CorruptDatabase(f"{path} is not a sound SQLite database ({problem})") from None
    if problems != ["ok"]:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        first = " ".join(str(problems[0]).split())  # one line: SQLite's spans several
        raise CorruptDatabase(f"{path} failed SQLite's integrity check: {first}{more}")


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
