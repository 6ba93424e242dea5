"""Games on the server: create, join, view, act, and the moves of AI and bot seats.

The database is the truth: a game is its row plus its moves. The engine state of a game is
rebuilt by replaying them and cached in memory; before every use the cache catches up with
moves written by other server processes. Every move is written as (game, seq) — the primary
key — so when two submissions race for one number, exactly one insert succeeds.

What a seat is shown is always the engine's per-seat view (CG-9, BG-11): no hidden fact
leaves here. Which game a stored game is (the card game, the board game) decides only how its
state is rebuilt and who plays its machine seats (:mod:`carson.core.registry`).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict, defaultdict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from carson.core.game import JSON, GameState, IllegalActionError
from carson.core.players import Player, player_seed
from carson.core.registry import HUMAN, AnyGameKind, GameSetupError, game_kind
from carson.server import auth
from carson.server.db import Game, GameSeat, Move, Token, User
from carson.server.live import CHANNEL, Notifier

LANGS = ("en", "de", "it", "nl", "fr")
MAX_SEED = 2**62
#: Seconds a process trusts a token it has checked before asking the database again.
TOKEN_MEMORY = 30.0
#: Games whose state a process keeps in memory; the least recently used beyond are dropped
#: (and rebuilt by replay, a millisecond or two, when asked for again).
CACHED_GAMES = 2000


#: The moves of a game after a given seq, in order (built once: a statement is reused).
NEWER_MOVES = (
    select(Move.seat, Move.action)
    .where(Move.game_id == bindparam("game"), Move.seq > bindparam("after"))
    .order_by(Move.seq)
)


class GameError(Exception):
    """A refused request: an HTTP status and a message naming the problem."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(GameError):
    status = 404


class Forbidden(GameError):
    status = 403


class Conflict(GameError):
    status = 409


class Unprocessable(GameError):
    status = 422


@dataclass(frozen=True)
class Table:
    """What a game's requests need to know of it besides its moves. Fixed once every human
    seat is taken, so a started game's table is cached: a move costs one query and a write."""

    id: str
    game: str
    config: dict[str, Any]
    seat_kinds: list[str]
    seed: int
    lang: str
    waiting: bool
    holders: dict[int, int]  # seat → user id
    names: dict[int, str]  # seat → username

    @property
    def kind(self) -> AnyGameKind:
        return game_kind(self.game)

    def seat_of(self, user: User) -> int:
        for seat, user_id in self.holders.items():
            if user_id == user.id:
                return seat
        raise Forbidden("you have no seat in this game")

    def status(self, state: GameState[Any]) -> str:
        return "waiting" if self.waiting else "over" if state.is_over else "playing"


class GameService:
    def __init__(self, engine: Engine, budget_ms: int | None = None) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.notifier = Notifier()
        self._postgres = engine.dialect.name == "postgresql"
        #: SQLite has one writer at a time and makes the others retry on a sleeping
        #: back-off; taking turns here instead lets the next writer in the moment the last
        #: one commits. (PostgreSQL writers to different games do not wait for each other.)
        self._write_turn: AbstractContextManager[object] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )
        self.budget_ms = budget_ms
        self._cache = GameCache(CACHED_GAMES)
        self._tables: dict[str, Table] = {}
        #: Token digest → (user, until when to trust this memory): other processes may
        #: revoke a token, which this process then notices within TOKEN_MEMORY seconds.
        self._known_tokens: dict[str, tuple[User, float]] = {}
        self._players: dict[tuple[str, int], Player[Any]] = {}
        self._locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)
        self._locks_guard = threading.Lock()

    # ------------------------------------------------------------------ accounts

    def remembered_user(self, token: str) -> User | None:
        """The token's user if this process checked the token lately (no database query)."""
        known = self._known_tokens.get(auth.digest(token))
        if known is not None and known[1] > time.monotonic():
            return known[0]
        return None

    def user_for_token(self, token: str) -> User | None:
        key = auth.digest(token)
        known = self._known_tokens.get(key)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        with self.sessions() as session:
            user = auth.user_for_token(session, token)
        if user is None:
            self._known_tokens.pop(key, None)
            return None
        self._known_tokens[key] = (user, time.monotonic() + TOKEN_MEMORY)
        return user

    def revoke(self, token: str) -> None:
        with self.sessions.begin() as session:
            session.execute(delete(Token).where(Token.digest == auth.digest(token)))
        self._known_tokens.pop(auth.digest(token), None)

    # ------------------------------------------------------------------ requests

    def create(
        self,
        user: User,
        kinds: list[str],
        seed: int | None,
        lang: str | None,
        game: str = "card",
        variants: list[str] | None = None,
    ) -> dict[str, Any]:
        try:
            which = game_kind(game)
            config = which.config(kinds, variants or [])
        except GameSetupError as error:
            raise Unprocessable(str(error)) from None
        if HUMAN not in kinds:
            raise Unprocessable("a game needs at least one 'human' seat (the creator's)")
        if seed is not None and not 0 <= seed < MAX_SEED:
            raise Unprocessable(f"seed must be between 0 and {MAX_SEED - 1}")
        if lang is not None and lang not in LANGS:
            raise Unprocessable(f"unknown language {lang!r}; choose from {', '.join(LANGS)}")
        stored = Game(
            id=secrets.token_hex(6),
            game=which.name,
            config=config,
            seat_kinds=list(kinds),
            seed=secrets.randbelow(2**31) if seed is None else seed,
            lang=lang or "en",
            status="waiting",
            creator_id=user.id,
        )
        with self.sessions.begin() as session:
            session.add(stored)
            session.flush()
            session.add(GameSeat(game_id=stored.id, seat=kinds.index(HUMAN), user_id=user.id))
            self._start_if_full(session, stored)
        return self.view(user, stored.id)

    def join(self, user: User, game_id: str) -> dict[str, Any]:
        with self.sessions.begin() as session:
            game = self._game(session, game_id)
            if game.status != "waiting":
                raise Conflict("this game has no free seat")
            holders = self._holders(session, game_id)
            if user.id in holders.values():
                raise Conflict("you already hold a seat in this game")
            free = [
                seat
                for seat, kind in enumerate(game.seat_kinds)
                if kind == HUMAN and seat not in holders
            ]
            session.add(GameSeat(game_id=game_id, seat=free[0], user_id=user.id))
            try:
                session.flush()
            except IntegrityError:
                raise Conflict("someone took that seat a moment ago; try again") from None
            self._start_if_full(session, game)
            if self._postgres:  # the seated players' pages of every process hear of it
                session.execute(select(func.pg_notify(CHANNEL, game_id)))
        self.notifier.publish(game_id)
        return self.view(user, game_id)

    def games_of(self, user: User) -> list[dict[str, Any]]:
        with self.sessions() as session:
            rows = session.execute(
                select(Game, GameSeat.seat)
                .join(GameSeat, GameSeat.game_id == Game.id)
                .where(GameSeat.user_id == user.id)
                .order_by(Game.created_at.desc())
            ).all()
            listing = []
            for game, seat in rows:
                state = self._state(session, game)
                listing.append(
                    {
                        "id": game.id,
                        "game": game.game,
                        "status": game.status,
                        "seat": seat,
                        "seats": game.seat_kinds,
                        "seq": len(state.actions),
                        "to_act": list(state.seats_to_act) if game.status == "playing" else [],
                        "your_turn": game.status == "playing" and seat in state.seats_to_act,
                    }
                )
            return listing

    def view(self, user: User, game_id: str) -> dict[str, Any]:
        with self.sessions() as session:
            table = self._table(session, game_id)
            return self._view(table, self._state(session, table), table.seat_of(user))

    def observe(self, user: User, game_id: str) -> tuple[dict[str, Any], Any]:
        """The caller's view and what its seat may see of the game, as its game's players
        take it (for the web pages, which draw the seat's own city and preview placements)."""
        with self.sessions() as session:
            table = self._table(session, game_id)
            seat = table.seat_of(user)
            state = self._state(session, table)
            return self._view(table, state, seat), table.kind.observation(state, seat)

    def seat_kinds(self, game_id: str) -> list[str]:
        """The seat kinds of a game as created (``human`` or a machine kind), to anyone."""
        with self.sessions() as session:
            return list(self._table(session, game_id).seat_kinds)

    def replay(self, user: User, game_id: str, step: int) -> tuple[dict[str, Any], int]:
        """A finished game as the caller's seat saw it after ``step`` actions (clamped to the
        game), and the number of actions. Shown once the game is over, like the record."""
        with self.sessions() as session:
            table = self._table(session, game_id)
            seat = table.seat_of(user)
            final = self._state(session, table)
            if not final.is_over:
                raise Forbidden("the replay is shown once the game is over")
            total = len(final.actions)
            step = max(0, min(step, total))
            state = table.kind.new_state(table.config, table.seed)
            for acting, action in final.actions[:step]:
                state.apply(acting, action)
            return self._build_view(table, state, seat), total

    def act(self, user: User, game_id: str, seq: int, data: Any) -> dict[str, Any]:
        with self._lock(game_id), self.sessions() as session:
            table = self._table(session, game_id)
            seat = table.seat_of(user)
            if table.waiting:
                raise Conflict("the game has not started: it waits for players to join")
            state = self._state(session, table)
            if seq != len(state.actions):
                raise Conflict(f"stale seq {seq}: the game is at seq {len(state.actions)}")
            if state.is_over:
                raise Unprocessable("the game is over")
            try:
                action = table.kind.action_from_json(state, data)
            except ValueError as error:
                raise Unprocessable(f"malformed action: {error}") from None
            if seat not in state.seats_to_act:
                raise Unprocessable(f"seat {seat} is not asked to act now")
            if action not in state.legal_actions(seat):
                phase = table.kind.phase(state)
                raise Unprocessable(f"{action.to_json()} is not a legal {phase} action now")
            after = self._record_move(session, table, state, seat, action)
            return self._view(table, after, seat)

    def record(self, user: User, game_id: str) -> JSON:
        with self.sessions() as session:
            table = self._table(session, game_id)
            table.seat_of(user)
            state = self._state(session, table)
            if not state.is_over:
                raise Forbidden("the record is shown once the game is over")
            return {
                "format": 1,
                "game": table.game,
                "config": table.config,
                "seed": table.seed,
                "seats": table.seat_kinds,
                "actions": [
                    {"seat": seat, "action": action.to_json()} for seat, action in state.actions
                ],
            }

    # ------------------------------------------------------------------ machine seats

    def resume_machines(self) -> None:
        """At start: let machine seats move in every game left waiting for them (a server
        stopped between a human's move and the machines' answers)."""
        with self.sessions() as session:
            playing = session.scalars(select(Game.id).where(Game.status == "playing")).all()
        for game_id in playing:
            self.run_machines(game_id)

    def has_machine_seats(self, game_id: str) -> bool:
        """Whether AI or bot seats may have to move in this game (False only when known)."""
        table = self._tables.get(game_id)
        return table is None or any(
            kind != HUMAN and kind not in table.kind.engine_kinds for kind in table.seat_kinds
        )

    def run_machines(self, game_id: str) -> None:
        """Let AI and bot seats move until a human must act or the game ends."""
        while True:
            with self._lock(game_id), self.sessions() as session:
                table = self._table(session, game_id)
                if table.waiting or all(
                    kind == HUMAN or kind in table.kind.engine_kinds for kind in table.seat_kinds
                ):
                    return  # the card game's virtual seats play inside the engine
                state = self._state(session, table)
                machines = [s for s in state.seats_to_act if table.seat_kinds[s] != HUMAN]
                if state.is_over or not machines:
                    return
                seat = machines[0]
                player = self._player(table, seat)
                observation = table.kind.observation(state, seat)
                action = player.choose(observation, state.legal_actions(seat))
                try:
                    self._record_move(session, table, state, seat, action)
                except Conflict:
                    continue  # another process moved first: look again

    def _player(self, table: Table, seat: int) -> Player[Any]:
        key = (table.id, seat)
        if key not in self._players:
            player = table.kind.make_player(
                table.seat_kinds[seat], player_seed(table.seed, seat), self.budget_ms
            )
            assert player is not None
            self._players[key] = player
        return self._players[key]

    # ------------------------------------------------------------------ helpers

    @contextmanager
    def _lock(self, game_id: str) -> Iterator[None]:
        with self._locks_guard:
            lock = self._locks[game_id]
        with lock:
            yield

    def _game(self, session: Session, game_id: str) -> Game:
        game = session.get(Game, game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def _holders(self, session: Session, game_id: str) -> dict[int, int]:
        rows = session.execute(
            select(GameSeat.seat, GameSeat.user_id).where(GameSeat.game_id == game_id)
        ).all()
        return {seat: user_id for seat, user_id in rows}

    def _table(self, session: Session, game_id: str) -> Table:
        cached = self._tables.get(game_id)
        if cached is not None:
            return cached
        game = self._game(session, game_id)
        holders = self._holders(session, game_id)
        usernames = dict(
            session.execute(
                select(User.id, User.username).where(User.id.in_(list(holders.values()) or [-1]))
            ).all()
        )
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
        )
        if not table.waiting:  # every seat is taken: nothing of it changes any more
            self._tables[game_id] = table
        return table

    def _start_if_full(self, session: Session, game: Game) -> None:
        humans = sum(kind == HUMAN for kind in game.seat_kinds)
        if len(self._holders(session, game.id)) == humans:
            game.status = "playing"

    def _state(self, session: Session, game: Game | Table) -> Any:
        """The game's state, caught up with every move in the database."""
        state = self._cache.state(game.id)
        fresh = state is None
        if state is None:
            state = game_kind(game.game).new_state(game.config, game.seed)
        moves = session.execute(NEWER_MOVES, {"game": game.id, "after": len(state.actions)}).all()
        if moves:
            state = state.clone()
            for seat, action in moves:
                state.apply_json(seat, action)
        if moves or fresh:
            self._cache.put(game.id, state)
        return state

    def _record_move(
        self,
        session: Session,
        table: Table,
        state: Any,
        seat: int,
        action: Any,
    ) -> Any:
        """Write the move as the next seq; only once it is stored does the cache move on."""
        seq = len(state.actions) + 1
        after = state.clone()
        try:
            after.apply(seat, action)
        except IllegalActionError as error:  # pragma: no cover - checked by the callers
            raise Unprocessable(str(error)) from None
        move = {"game_id": table.id, "seq": seq, "seat": seat, "action": action.to_json()}
        try:
            with self._write_turn:
                # The (game, seq) primary key: a lost race ends here.
                session.execute(insert(Move), [move])
                if after.is_over:
                    session.execute(update(Game).where(Game.id == table.id).values(status="over"))
                if self._postgres:  # delivered to every server process when the move commits
                    session.execute(select(func.pg_notify(CHANNEL, table.id)))
                session.commit()
        except IntegrityError:
            session.rollback()
            self._cache.drop(table.id)
            raise Conflict(f"stale seq {seq - 1}: another move was accepted first") from None
        self._cache.put(table.id, after)
        self.notifier.publish(table.id)
        return after

    def _view(self, table: Table, state: Any, seat: int) -> dict[str, Any]:
        """The seat's view, built once per move: polling clients and live streams of a
        game ask for the same view again and again. Callers must not change it."""
        if table.waiting:  # seats are still being taken: the names change
            return self._build_view(table, state, seat)
        key = (len(state.actions), table.waiting, seat)
        view = self._cache.view(table.id, key)
        if view is None:
            view = self._build_view(table, state, seat)
            self._cache.put_view(table.id, key, view)
        return view

    def _build_view(self, table: Table, state: Any, seat: int) -> dict[str, Any]:
        status = table.status(state)
        legal = state.legal_actions(seat) if status == "playing" else []
        return {
            "id": table.id,
            "game": table.game,
            "status": status,
            "seq": len(state.actions),
            "seat": seat,
            "lang": table.lang,
            "seats": [
                {"seat": index, "kind": kind, "user": table.names.get(index)}
                for index, kind in enumerate(table.seat_kinds)
            ],
            "legal_actions": [action.to_json() for action in legal],
            "view": state.view(seat),
        }


class GameCache:
    """The engine states of recently used games and their seats' views at the current move,
    least recently used first out. Shared by the request threads, hence the lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[str, Any] = OrderedDict()
        self._views: dict[str, dict[tuple[int, bool, int], dict[str, Any]]] = {}
        self._guard = threading.Lock()

    def state(self, game_id: str) -> Any:
        with self._guard:
            state = self._states.get(game_id)
            if state is not None:
                self._states.move_to_end(game_id)
            return state

    def put(self, game_id: str, state: Any) -> None:
        with self._guard:
            self._states[game_id] = state
            self._states.move_to_end(game_id)
            self._views.pop(game_id, None)  # views of an older move
            while len(self._states) > self.size:
                old, _ = self._states.popitem(last=False)
                self._views.pop(old, None)

    def drop(self, game_id: str) -> None:
        with self._guard:
            self._states.pop(game_id, None)
            self._views.pop(game_id, None)

    def view(self, game_id: str, key: tuple[int, bool, int]) -> dict[str, Any] | None:
        with self._guard:
            return self._views.get(game_id, {}).get(key)

    def put_view(self, game_id: str, key: tuple[int, bool, int], view: dict[str, Any]) -> None:
        with self._guard:
            if game_id in self._states:
                views = self._views.setdefault(game_id, {})
                if any(seq != key[0] for seq, _, _ in views):
                    views.clear()
                views[key] = view
