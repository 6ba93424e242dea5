"""The games as stored: their tables, their states rebuilt from the moves, and the writing of
a move with its events.

The database is the truth: a game is its row plus its moves. The engine state of a game is
rebuilt by replaying them and cached in memory; before every use the cache catches up with
moves written by other server processes. Every move is written as (game, seq) — the primary
key — so when two submissions race for one number, exactly one insert succeeds.
"""

from __future__ import annotations

import logging
import secrets
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from cachetools import LRUCache
from sqlalchemy import bindparam, func, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from carson.core.game import JSON, Action
from carson.core.registry import HUMAN, AnyGameKind, game_kind
from carson.server.jobs.queue import Clock, JobQueue, utc_now
from carson.server.kernel import metrics, settings
from carson.server.kernel.db import Game, GameSeat, Move, User
from carson.server.kernel.errors import Conflict, NotFound
from carson.server.kernel.live import CHANNEL, RENAMED, SEATS_CHANGED, WATCHED, Notifier
from carson.server.kernel.write_turn import write_turn_for
from carson.server.play.cache import GameCache
from carson.server.play.clocks import ClockKeeper
from carson.server.play.finishing import finish_game
from carson.server.play.left_seats import forget_answer, insert_asking_left, people_asked
from carson.server.play.listeners import Listeners, MovesWritten
from carson.server.play.live.move_notices import is_own, notice_payload, own_prefix, read_notice
from carson.server.play.moving import Moved, apply_moves
from carson.server.play.storage.alone_moves import insert_alone, insert_alone_sqlite, writes_alone
from carson.server.play.table import State, Table
from carson.server.play.table_settings import TableSettings

log = logging.getLogger("carson.server.play.store")

#: Games whose state a process keeps in memory; the least recently used beyond are dropped
#: (and rebuilt by replay, a millisecond or two, when asked for again). Every per-game table
#: of a process (states, tables, live versions) is bounded by it.
CACHED_GAMES = 2000
#: The setting that changes it.
CACHED_GAMES_SETTING = "CARSON_CACHED_GAMES"


def cached_games() -> int:
    """How many games a process keeps in memory: ``$CARSON_CACHED_GAMES``, else 2000."""
    return settings.load(only={CACHED_GAMES_SETTING}).cached_games  # checked there


#: What a move's writer adds to the move's transaction (the next machine seat's job),
#: given the session and the state after the move.
BeforeCommit = Callable[[Session, State], None]

#: The statements of every move, built once and run on the session's connection (Core, not
#: the ORM: a move's two statements cost a third of what they cost through the ORM).
NEWER_MOVES = (
    select(Move.seat, Move.action)
    .where(Move.game_id == bindparam("game"), Move.seq > bindparam("after"))
    .order_by(Move.seq)
)
INSERT_MOVE = insert(Move)
NOTIFY = select(func.pg_notify(CHANNEL, bindparam("game")))


def drafting(kind: AnyGameKind, state: State) -> bool:
    """Whether a seat asked to act is in a secret step of several moves (a draft)."""
    return kind.drafting is not None and any(kind.drafts(state, s) for s in state.seats_to_act)


class _Lock:
    """A lock that a weak reference may point to (``threading.Lock`` takes none)."""

    __slots__ = ("__weakref__", "lock")

    def __init__(self) -> None:
        self.lock = threading.Lock()


class GameLocks:
    """One lock per game while some thread holds it or waits for it, and none otherwise: the
    entries are weak, so a game's lock goes when its last user lets go of it, and a lock
    still held is never dropped (which would let a second writer in)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, _Lock] = weakref.WeakValueDictionary()
        self._guard = threading.Lock()

    @contextmanager
    def hold(self, game_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = _Lock()
        with lock.lock:  # ``lock`` stays referenced, hence in the table, until released
            yield

    def try_hold(self, game_id: str) -> _Lock | None:
        """The game's lock, taken, if no one holds it (the caller releases it: ``.lock``),
        else ``None`` at once: for the event loop, which must never wait for a thread."""
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = _Lock()
        return lock if lock.lock.acquire(blocking=False) else None

    def __len__(self) -> int:
        return len(self._locks)


class GameStore:
    """The stored games of one server process, with its caches and per-game locks."""

    def __init__(self, engine: Engine, listeners: Listeners, clock: Clock = utc_now) -> None:
        """``listeners``: who hears of what play does (:mod:`carson.server.listening` gives
        every feature's); ``clock``: the server's time, for the job queue and the games'
        clocks."""
        self.engine = engine
        self.listeners = listeners
        self.clock = clock
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        #: Sessions for what only reads (a look at a game, a stream's catch-up): on
        #: PostgreSQL in autocommit, a statement each with no BEGIN nor ROLLBACK around it
        #: (two round trips of the three a look cost; each statement already read its own
        #: snapshot, at READ COMMITTED); on SQLite as any session.
        self.reads = self.sessions
        if engine.dialect.name == "postgresql":
            reading = engine.execution_options(isolation_level="AUTOCOMMIT")
            self.reads = sessionmaker(reading, expire_on_commit=False)
        self.postgres = engine.dialect.name == "postgresql"
        #: SQLite has one writer at a time and makes the others retry on a sleeping
        #: back-off; taking turns here instead lets the next writer in the moment the last
        #: one commits. (PostgreSQL writers to different games do not wait for each other.)
        self.write_turn = write_turn_for(engine)
        self.games_in_memory = cached_games()
        self.notifier = Notifier(self.games_in_memory)
        self.notifier.seats_changed = self.forget_table  # another process's resign, abort
        self.notifier.renamed = self.forget_tables_of  # another process's deletion, sign-up
        #: This process's name in its move notices (it ignores its own).
        self.instance = secrets.token_hex(6)
        self._own_notices = own_prefix(self.instance)
        self.notifier.moves_heard = self._hear
        self.cache = GameCache(self.games_in_memory)
        #: The tables of started games, least recently used out (cachetools is not
        #: thread-safe: the guard serialises the request threads).
        self._tables: LRUCache[str, Table] = LRUCache(self.games_in_memory)
        self._tables_guard = threading.Lock()
        self.locks = GameLocks()
        self.jobs = JobQueue(engine, clock=clock, write_turn=self.write_turn)
        self.clocks = ClockKeeper(self.jobs, clock, self.games_in_memory)

    def lock(self, game_id: str) -> AbstractContextManager[None]:
        """This process's turn at one game (other processes are kept out by the key)."""
        return self.locks.hold(game_id)

    def game(self, session: Session, game_id: str, lock: bool = False) -> Game:
        """The game's row (``lock``: held until the transaction ends, on PostgreSQL)."""
        game = session.get(Game, game_id, with_for_update=lock or None)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def holders(self, session: Session, game_id: str) -> dict[int, int]:
        rows = session.execute(
            select(GameSeat.seat, GameSeat.user_id).where(GameSeat.game_id == game_id)
        ).all()
        return {seat: user_id for seat, user_id in rows}

    def table(
        self, session: Session, game_id: str, remember: bool = True, fresh: bool = False
    ) -> Table:
        """The game's table; once every seat is taken, kept in memory if ``remember``.
        ``fresh``: read from the database even if cached (a seat may have been left in
        another process: the workers that play left seats ask so)."""
        cached = None if fresh else self.known_table(game_id)
        if cached is not None:
            return cached
        game = self.game(session, game_id)
        seats = session.execute(
            select(GameSeat.seat, GameSeat.user_id, GameSeat.left, GameSeat.wants_abort).where(
                GameSeat.game_id == game_id
            )
        ).all()
        holders = {seat: user_id for seat, user_id, _, _ in seats}
        people = session.execute(
            select(User.id, User.username, User.is_bot).where(
                User.id.in_(list(holders.values()) or [-1])
            )
        ).all()
        usernames = {user_id: name for user_id, name, _ in people}
        bots = {user_id for user_id, _, bot in people if bot}
        table = Table(
            id=game.id,
            game=game.game,
            config=game.config,
            seat_kinds=list(game.seat_kinds),
            seed=game.seed,
            lang=game.lang,
            waiting=game.status == "waiting",
            holders=holders,
            names={seat: usernames[user_id] for seat, user_id in holders.items()},
            bots=frozenset(seat for seat, user_id in holders.items() if user_id in bots),
            ended=game.ended,
            settings=TableSettings.stored(
                game.public,
                game.rated,
                game.time_control,
                game.on_timeout,
                game.timeout_level,
                game.rating_min,
                game.rating_max,
            ),
            left={seat: left for seat, _, left, _ in seats if left is not None},
            abort_asked=frozenset(seat for seat, _, _, asked in seats if asked),
        )
        if remember and not table.waiting:  # every seat is taken: nothing of it changes any more
            with self._tables_guard:
                self._tables[game_id] = table
        return table

    def known_table(self, game_id: str) -> Table | None:
        """The game's table if this process has it cached (no database query)."""
        with self._tables_guard:
            return self._tables.get(game_id)

    def forget_table(self, game_id: str) -> None:
        """Drop the game's cached table and views (its seats changed: someone left)."""
        with self._tables_guard:
            self._tables.pop(game_id, None)
        self.cache.drop(game_id)
        self.clocks.forget(game_id)

    def forget_tables_of(self, user_id: int) -> None:
        """Drop every cached table where ``user_id`` holds a seat: its seats show a name."""
        with self._tables_guard:
            seated = [game_id for game_id, table in self._tables.items()
                      if user_id in table.holders.values()]  # fmt: skip
        for game_id in seated:
            self.forget_table(game_id)

    def announce_renamed(self, session: Session, user_id: int) -> None:
        """When ``session`` commits, every other process forgets its tables where the
        account holds a seat (PostgreSQL); the caller forgets this process's after the
        commit (:meth:`forget_tables_of`), so that no request reads the old name again."""
        if self.postgres:
            session.connection().execute(NOTIFY, {"game": f"{RENAMED}{user_id}"})

    def tables_in_memory(self) -> int:
        with self._tables_guard:
            return len(self._tables)

    def start_if_full(self, session: Session, game: Game) -> None:
        humans = sum(kind == HUMAN for kind in game.seat_kinds)
        if len(self.holders(session, game.id)) == humans:
            game.status = "playing"

    def state(self, session: Session, game: Game | Table) -> State:
        """The game's state, caught up with every move in the database."""
        state = self.cache.state(game.id)
        fresh = state is None
        if state is None:
            state = game_kind(game.game).new_state(game.config, game.seed)
        after = {"game": game.id, "after": len(state.actions)}
        moves = session.connection().execute(NEWER_MOVES, after).all()
        if moves:
            state = state.clone()
            for seat, action in moves:
                state.apply_json(seat, action)
        if moves or fresh:
            self.cache.put(game.id, state)
        return state

    def state_to_write(self, session: Session, table: Table, seq: int) -> State:
        """The game's state for a move sent at ``seq``: the cached state as it is, without
        asking the database, when it stands at ``seq`` moves and no seat is in a secret
        step; else :meth:`state`. Moves are never changed once written, so a cached state
        at ``seq`` is the game unless another process has since written move ``seq + 1`` —
        and then this move's insert at ``seq + 1`` fails on the key: 409, as if it had
        been read. (A draft is written without a move's key: it always reads.)"""
        cached = self.cache.state(table.id)
        if cached is None or len(cached.actions) != seq or drafting(table.kind, cached):
            return self.state(session, table)
        return cached

    def record_move(
        self,
        session: Session,
        table: Table,
        state: State,
        seat: int,
        action: Action,
        before_commit: BeforeCommit | None = None,
        adds_nothing: Callable[[State], bool] | None = None,
    ) -> State:
        """Write the move, with its events, as the next seq, and what ``before_commit``
        adds in the same transaction; only once it is stored does the cache move on."""
        moves = [(seat, action)]
        return self.record_moves(session, table, state, moves, before_commit, adds_nothing)

    def record_moves(
        self,
        session: Session,
        table: Table,
        state: State,
        moves: list[tuple[int, Action]],
        before_commit: BeforeCommit | None = None,
        adds_nothing: Callable[[State], bool] | None = None,
    ) -> State:
        """Play ``(seat, action)`` moves, checked by the caller, and write them
        (:meth:`write_moved`): the game after them."""
        return self.write_moved(session, apply_moves(table, state, moves), before_commit,
                                adds_nothing)  # fmt: skip

    def write_moved(
        self,
        session: Session,
        moved: Moved,
        before_commit: BeforeCommit | None = None,
        adds_nothing: Callable[[State], bool] | None = None,
    ) -> State:
        """Write moves played (:func:`~.moving.apply_moves`), with their events, as the
        next seqs, in one transaction (with whatever the session holds and what
        ``before_commit`` adds), then publish them (:meth:`published`). ``adds_nothing(after)``:
        ``before_commit`` adds nothing unless a person asked next has left — then a move may
        go alone (:mod:`.alone_moves`)."""
        table, state, after, rows = moved.table, moved.before, moved.after, moved.rows
        try:
            if not self._went_alone(session, table, after, rows, adds_nothing):
                self._write_in_transaction(session, table, state, after, rows, before_commit)
        except IntegrityError:
            session.rollback()
            raise self.lost_race(table.id, len(state.actions)) from None
        finally:
            forget_answer(session)  # kept for this transaction's own check only
        self.published(moved)
        return after

    def published(self, moved: Moved) -> None:
        """Moves just stored, told: the game in memory moves on and its live streams, here
        and (by the database's notice) in every process, wake. Every move passes here once."""
        self.cache.put_moved(moved.table.id, moved.after, moved.rows)  # streams take their events
        self.notifier.publish(moved.table.id)
        metrics.moves_played(moved.table.game, len(moved.rows))

    def _write_in_transaction(
        self,
        session: Session,
        table: Table,
        state: State,
        after: State,
        rows: list[JSON],
        before_commit: BeforeCommit | None,
    ) -> None:
        """The moves' rows and everything they bring (the game's end, its clocks, the
        others' notices, what ``before_commit`` adds) in one transaction."""
        with self.write_turn:
            # The (game, seq) primary key: a lost race ends here.
            self._insert_moves(session, table, after, rows)
            if after.is_over:  # its end, and its ratings, in the last move's transaction
                at, rated = self.jobs.clock(), table.settings.rated
                finished = finish_game(session, table.id, table.game, rated, after, at, self.jobs)
                self.listeners.publish(finished)
            if table.settings.time_control is not None:
                self.clocks.after_moves(session, table.id, after, rows[-1]["seat"])
            self.listeners.publish(MovesWritten(session, self.jobs, table, state, after))
            if before_commit is not None:
                before_commit(session, after)
            session.commit()

    def _went_alone(
        self,
        session: Session,
        table: Table,
        after: State,
        rows: list[JSON],
        adds_nothing: Callable[[State], bool] | None,
    ) -> bool:
        """A move that writes nothing beside its row is sent alone, on the driver's own
        connection (:mod:`carson.server.play.storage.alone_moves`); whether it was written so. Not
        if a
        person asked next has left meanwhile: then it is written in a transaction that
        queues their machine's job."""
        if (
            adds_nothing is None
            or not writes_alone(session, table, after, len(rows), self.listeners)
            or not adds_nothing(after)
        ):
            return False
        [row] = rows
        asked = people_asked(table, after)
        if not self.postgres:
            return insert_alone_sqlite(self.engine, row, asked, self.write_turn)
        return insert_alone(self.engine, {**row, "notice": self.notice_of(rows)}, asked)

    def notice_of(self, rows: list[JSON]) -> str:
        """The notice announcing moves ``rows`` (as :func:`played` gives them) of one game
        to the other processes (:mod:`carson.server.play.live.move_notices`)."""
        moves = [(row["seat"], row["action"]) for row in rows]
        return notice_payload(rows[0]["game_id"], self.instance, rows[0]["seq"] - 1, moves)

    def lost_race(self, game_id: str, seq: int) -> Conflict:
        """The answer to a move sent at ``seq`` whose row another was written before (the
        (game, seq) key refused it); the game's cached state, behind, is dropped."""
        self.cache.drop(game_id)
        return Conflict(f"stale seq {seq}: another move was accepted first", "stale_seq")

    def _hear(self, payload: str) -> bool:
        """A move notice: its moves kept for the game's cached state if another process
        stored them. Whether the game's streams should wake: not for this process's own
        moves, which woke them when written."""
        if is_own(payload, self._own_notices):
            return False
        game_id, _, _ = payload.partition(" ")
        if self.cache.has(game_id):  # else its moves are not read
            _, heard = read_notice(payload)
            if heard is not None and heard.by != self.instance:
                self.cache.hear(game_id, heard.after, heard.moves)
        return True

    def announce(self, session: Session, game_id: str, seats: bool = False) -> None:
        """On PostgreSQL, tell every server process of a change to the game when the
        session's transaction commits (their live streams wake then); ``seats``: its
        table changed (someone left, it ended), which every process forgets."""
        if seats:
            self.forget_table(game_id)
        if self.postgres:
            payload = f"{SEATS_CHANGED}{game_id}" if seats else game_id
            session.connection().execute(NOTIFY, {"game": payload})

    def tell_watcher(self, game_id: str, viewer: str) -> None:
        """PostgreSQL: tell every process that ``viewer`` watches ``game_id``
        (:mod:`carson.server.play.live.watchers`): a notice, nothing stored. A count is a
        hint: if the database cannot be reached, the others count the viewer at its next
        beat."""
        try:
            with self.engine.connect() as connection:
                connection.execute(NOTIFY, {"game": f"{WATCHED}{game_id} {viewer}"})
                connection.commit()
        except DBAPIError as error:
            log.warning("a watcher of game %s was not told to the other processes (%s)",
                        game_id, type(error).__name__)  # fmt: skip

    def _insert_moves(self, session: Session, table: Table, after: State, rows: list[JSON]) -> None:
        """The moves' rows, and on PostgreSQL their notice to every process (with the moves:
        :mod:`carson.server.play.live.move_notices`) and the question whether a person asked after
        them left (:mod:`carson.server.play.left_seats`), riding on a single move's insert."""
        connection = session.connection()
        if not self.postgres:
            connection.execute(INSERT_MOVE, rows)
            return
        notice = self.notice_of(rows)
        if len(rows) == 1:
            row = {**rows[0], "notice": notice}
            insert_asking_left(connection, session, row, people_asked(table, after))
        else:
            connection.execute(INSERT_MOVE, rows)
            connection.execute(NOTIFY, {"game": notice})
