"""Games on the server: create, join, view, act, read events, and the moves of machine seats.

The database is the truth (:mod:`carson.server.play.store`): a game is its row plus its moves, each
with its events (:mod:`carson.server.play.event_log`). What a seat is shown is always the engine's
per-seat view (CG-9, BG-11) and the events addressed to it: no hidden fact leaves here. Which
game a stored game is (the card game, the board game) decides only how its state is rebuilt
and who plays its machine seats (:mod:`carson.core.registry`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.core.game import JSON, Action
from carson.core.i18n import LANGUAGES as LANGS
from carson.core.registry import HUMAN, GameSetupError, game_kind
from carson.server.accounts.guests import check_seat
from carson.server.accounts.service import Accounts
from carson.server.jobs.queue import Clock, utc_now
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import Conflict, Forbidden, GameError, NotFound, Unprocessable
from carson.server.kernel.server_keys import shared_secret
from carson.server.play import table_news
from carson.server.play.cache import GameCache
from carson.server.play.drafts import DraftBook, Drafts
from carson.server.play.event_log import MAX_PAGE_MOVES, EventLog
from carson.server.play.events import EventPage, SeatEvent
from carson.server.play.integrity import game_seed, is_practice
from carson.server.play.leaving import Leaving
from carson.server.play.listeners import (
    Joining,
    Listeners,
)
from carson.server.play.live.fanout import SpectatorUpdates
from carson.server.play.live.watchers import WATCHERS_SECRET, Watchers
from carson.server.play.machines import no_machine_next, queue_next, queue_waiting_games
from carson.server.play.move_checks import checked_action
from carson.server.play.moving import Moved
from carson.server.play.opening import open_table, start_if_full
from carson.server.play.store import BeforeCommit, GameStore
from carson.server.play.table import State, Table
from carson.server.play.table_settings import checked_settings

__all__ = [
    "Conflict",
    "Forbidden",
    "GameCache",
    "GameError",
    "GameService",
    "NotFound",
    "Table",
    "Unprocessable",
]


def seat_asked(table: Table, user: User | None, watch: bool) -> int | None:
    """The caller's seat (403 for anyone holding none); with ``watch``, ``None`` for a
    spectator instead: anyone not seated, signed in or not (docs/watching.md)."""
    if watch:
        return table.seat_or_none(user)
    if user is None:
        raise Forbidden("you have no seat in this game")
    return table.seat_of(user)


class GameService:
    def __init__(
        self,
        engine: Engine,
        listeners: Listeners,
        budget_ms: int | None = None,
        clock: Clock = utc_now,
    ) -> None:
        """``listeners``: who hears of what play does (:mod:`carson.server.listening`);
        ``clock``: the server's time (the games' clocks, scheduled jobs); tests move it."""
        self.store = GameStore(engine, listeners, clock)
        self.sessions = self.store.sessions
        self.notifier = self.store.notifier
        self.budget_ms = budget_ms
        self.drafts = DraftBook(self.store)
        self.jobs = self.store.jobs
        self.log = EventLog(self.store)
        self.leaving = Leaving(self.store)
        # Who watches which game: in memory, told to the other processes on PostgreSQL.
        tell = self.store.tell_watcher if self.store.postgres else None
        self.watchers = Watchers(clock, tell, shared_secret(engine, WATCHERS_SECRET))
        self.notifier.watched = self.watchers.heard
        self.spectator_updates = SpectatorUpdates()  # shared by a game's spectator streams
        #: Tokens and sessions, with this process's bounded memory of tokens.
        self.accounts = Accounts(self.sessions)
        self.notifier.forget_tokens = self._forget_tokens

    # ------------------------------------------------------------------ accounts

    def remembered_user(self, token: str) -> User | None:
        """The token's user if this process checked the token lately (no database query)."""
        return self.accounts.remembered_user(token)

    def user_for_token(self, token: str) -> User | None:
        return self.accounts.user_for_token(token)

    def _forget_tokens(self, digests: list[str] | None) -> None:
        """Another process ended these sessions (``None``: notices may have been missed)."""
        if digests is None:
            self.accounts.forget_all()
        else:
            self.accounts.forget(digests)

    # ------------------------------------------------------------------ requests

    def create(
        self,
        user: User,
        kinds: list[str],
        seed: int | None,
        lang: str | None,
        game: str = "card",
        variants: list[str] | None = None,
        settings: JSON | None = None,
    ) -> JSON:
        """A new game with the creator in its first human seat. ``settings``: the table's
        (:func:`carson.server.play.table_settings.checked_settings`'s keywords)."""
        try:
            which = game_kind(game)
            config = which.config(kinds, variants or [])
        except GameSetupError as error:
            raise Unprocessable(str(error), "invalid_setup") from None
        table = checked_settings(which, kinds, **(settings or {}))
        if HUMAN not in kinds:
            raise Unprocessable("a game needs at least one 'human' seat (the creator's)",
                                "invalid_setup")  # fmt: skip
        if lang is not None and lang not in LANGS:
            raise Unprocessable(f"unknown language {lang!r}; choose from {', '.join(LANGS)}",
                                "invalid_setup")  # fmt: skip
        seed = game_seed(seed, kinds, table.rated)
        with self.sessions.begin() as session:
            check_seat(session, user, table.rated)
            stored, state = open_table(
                self.store, session, [user.id], which.name, config, kinds, seed, lang, table
            )
        self.store.cache.put(stored.id, state)  # the fresh state: no second deal to view it
        return self.view(user, stored.id)

    def join(self, user: User, game_id: str) -> JSON:
        with self.sessions.begin() as session:
            game = self.store.game(session, game_id, lock=True)  # no cancel slips in
            check_seat(session, user, game.rated)
            self.store.listeners.publish(Joining(session, game, user, self.jobs.clock()))
            if game.status != "waiting":
                raise Conflict("this game has no free seat", "no_free_seat")
            if game.rematch_of is not None:  # its seats are kept for the old game's people
                accept = f"POST /api/games/{game.rematch_of}/rematch"
                raise Conflict(f"this table is a rematch: its players accept it with {accept}",
                               "rematch_reserved")  # fmt: skip
            holders = self.store.holders(session, game_id)
            if user.id in holders.values():
                raise Conflict("you already hold a seat in this game", "already_seated")
            free = [
                seat
                for seat, kind in enumerate(game.seat_kinds)
                if kind == HUMAN and seat not in holders
            ]
            if not free:  # another joiner took the last seat since the status was read
                raise Conflict("this game has no free seat", "no_free_seat")
            session.add(GameSeat(game_id=game_id, seat=free[0], user_id=user.id))
            try:
                session.flush()
            except IntegrityError:
                raise Conflict(
                    "someone took that seat a moment ago; try again", "seat_taken"
                ) from None
            start_if_full(self.store, session, game)
            self.store.announce(session, game_id)  # the seated players' pages hear of it
        self.notifier.publish(game_id)
        return self.view(user, game_id)

    def games_of(self, user: User, offset: int = 0, limit: int = 50) -> list[JSON]:
        """The player's games, newest first: ``limit`` of them after the first ``offset``
        (one page's states are built, never a whole long history's)."""
        with self.sessions() as session:
            rows = session.execute(
                select(Game, GameSeat.seat)
                .join(GameSeat, GameSeat.game_id == Game.id)
                .where(GameSeat.user_id == user.id)
                .order_by(Game.created_at.desc(), Game.id.desc())
                .offset(offset)
                .limit(limit)
            ).all()
            names = seated_names(session, [game.id for game, _ in rows])
            listing = []
            for game, seat in rows:
                state = self.store.state(session, game)
                if game_kind(game.game).drafts(state, seat):  # its turn may be over already
                    state = self._seat_state(session, self.store.table(session, game.id), seat)
                listing.append(
                    {
                        "id": game.id,
                        "game": game.game,
                        "status": game.status,
                        "ended": game.ended,
                        "seat": seat,
                        "seats": game.seat_kinds,
                        "practice": is_practice(game.seat_kinds, game.rated),
                        "seq": len(state.actions),
                        "to_act": list(state.seats_to_act) if game.status == "playing" else [],
                        "your_turn": game.status == "playing" and seat in state.seats_to_act,
                        "time_left": self.store.clocks.left_of(session, game, seat),
                        "players": [
                            names.get(game.id, {}).get(held) for held in range(len(game.seat_kinds))
                        ],
                        "created": game.created_at.date().isoformat(),
                    }
                )
            return listing

    def news(self, game_id: str) -> list[table_news.News]:
        """What happened lately at the game's table beside its moves (public)."""
        with self.store.reads() as session:
            return table_news.latest(session, game_id)

    def machine_moves(self, game_id: str) -> frozenset[int]:
        """The game's moves a machine made for a person out of time."""
        with self.store.reads() as session:
            return table_news.machine_moves(session, game_id)

    def view(self, user: User | None, game_id: str, watch: bool = False) -> JSON:
        """The caller's seat's view; with ``watch``, a spectator's (``seat``: ``None``) for
        anyone not seated."""
        with self.store.reads() as session:
            table = self.store.table(session, game_id)
            seat = seat_asked(table, user, watch)
            return self._view(session, table, self._seat_state(session, table, seat), seat)

    def observe(self, user: User | None, game_id: str, watch: bool = False) -> tuple[JSON, object]:
        """The caller's view and what its seat may see of the game, as its game's players
        take it (for the web pages, which draw the seat's own city and preview placements);
        a spectator (``watch``) observes for no seat: ``None``."""
        with self.store.reads() as session:
            table = self.store.table(session, game_id)
            seat = seat_asked(table, user, watch)
            state = self._seat_state(session, table, seat)
            seen = None if seat is None else table.kind.observation(state, seat)
            return self._view(session, table, state, seat), seen

    def seat_kinds(self, game_id: str) -> list[str]:
        """The seat kinds of a game as created (``human`` or a machine kind), to anyone."""
        with self.sessions() as session:
            return list(self.store.table(session, game_id).seat_kinds)

    def replay(
        self, user: User | None, game_id: str, step: int, watch: bool = False
    ) -> tuple[JSON, int]:
        """A finished game as the caller's seat (``watch``: or a spectator) saw it after
        ``step`` actions (clamped to the game), and the number of actions. Shown once the
        game is over, like the record."""
        with self.sessions() as session:
            table = self.store.table(session, game_id)
            seat = seat_asked(table, user, watch)
            final = self.store.state(session, table)
            if not table.over(final):
                raise Forbidden("the replay is shown once the game is over")
            total = len(final.actions)
            step = max(0, min(step, total))
            state = table.kind.new_state(table.config, table.seed)
            for acting, action in final.actions[:step]:
                state.apply(acting, action)
            return self._build_view(table, state, seat), total

    def act(self, user: User, game_id: str, seq: int, data: Any) -> JSON:
        with self.store.lock(game_id), self.sessions() as session:
            table = self.store.table(session, game_id)
            seat = table.seat_of(user)
            if table.ended is not None:
                raise Unprocessable(f"the table was {table.ended} before it started",
                                    "game_over")  # fmt: skip
            if table.waiting:
                raise Conflict(
                    "the game has not started: it waits for players to join", "not_started"
                )
            game = self.store.state_to_write(session, table, seq)
            try:
                drafts, state, action = self._checked(session, table, game, seat, seq, data)
            except GameError:
                fresh = self.store.state(session, table)
                if fresh is game:  # it was read, or nothing changed: the refusal stands
                    raise
                # The cached state was behind another process's move: answer as of now.
                game = fresh
                drafts, state, action = self._checked(session, table, game, seat, seq, data)
            queue = self._queue_machines(table, stored=len(game.actions))
            if table.kind.drafts(state, seat):  # a secret step of several moves
                after = self.drafts.submit(session, table, game, drafts, seat, action, queue)
            else:
                after = self.store.record_move(session, table, game, seat, action, queue,
                                               no_machine_next(table))  # fmt: skip
            return self._view(session, table, after, seat)

    def write_checked(self, moved: Moved) -> JSON:
        """A person's move checked and applied on the event loop (:mod:`.loop_moves`, which
        holds the game's lock meanwhile), written here with what it brings (the next
        machine's job, a clock, the game's end, notices); answers the seat's view."""
        table = moved.table
        with self.sessions() as session:
            queue = self._queue_machines(table, stored=len(moved.before.actions))
            after = self.store.write_moved(session, moved, queue, no_machine_next(table))
            return self._view(session, table, after, moved.seat)

    def _checked(
        self, session: Session, table: Table, game: State, seat: int, seq: int, data: Any
    ) -> tuple[Drafts, State, Action]:
        """The game's drafts, the seat's state (with its own draft) and the action ``data``
        names, once it is checked against them (409, 422 otherwise)."""
        drafts = self.drafts.of(session, table, game)
        state = self.drafts.seat_state(game, drafts, seat)  # with the seat's own draft
        return drafts, state, checked_action(table, state, seat, seq, data)

    def record(self, user: User, game_id: str) -> JSON:
        with self.sessions() as session:
            table = self.store.table(session, game_id)
            table.seat_of(user)
            state = self.store.state(session, table)
            if not table.over(state):
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

    # ------------------------------------------------------------------ leaving

    def resign(self, user: User, game_id: str) -> JSON:
        """The caller resigns (:mod:`carson.server.play.leaving`); answers the caller's view."""
        self.leaving.resign(game_id, lambda table: table.seat_of(user))
        return self.view(user, game_id)

    def abort(self, user: User, game_id: str) -> JSON:
        """The caller asks to abort the game in its first round; answers the caller's view
        (``over`` once everyone needed agreed, else with the seats that asked)."""
        self.leaving.abort(game_id, lambda table: table.seat_of(user))
        return self.view(user, game_id)

    # ------------------------------------------------------------------ events

    def events_page(
        self,
        user: User | None,
        game_id: str,
        since: int | None,
        limit: int = MAX_PAGE_MOVES,
        watch: bool = False,
    ) -> EventPage:
        """The events the caller's seat (``watch``: or a spectator) may see of at most
        ``limit`` moves after ``since`` (``None``: from the setup, seq 0, on); ``until`` and
        ``more`` say where to go on."""
        with self.store.reads() as session:
            table = self.store.table(session, game_id)
            seat = seat_asked(table, user, watch)
            now = len(self.store.state(session, table).actions)
            return self.log.page(session, table, seat, since, now, min(limit, MAX_PAGE_MOVES))

    def seat_events(
        self,
        user: User | None,
        game_id: str,
        since: int | None = None,
        upto: int | None = None,
        watch: bool = False,
    ) -> list[SeatEvent]:
        """Every event the caller's seat (``watch``: or a spectator) may see of the moves
        after ``since`` (``None``: with the setup's, seq 0) up to move ``upto`` (``None``:
        the latest), oldest first — what a move log draws, without replaying the game."""
        with self.store.reads() as session:
            table = self.store.table(session, game_id)
            seat = seat_asked(table, user, watch)
            now = len(self.store.state(session, table).actions)
            if upto is not None:
                now = max(0, min(upto, now))
            return self.log.page(session, table, seat, since, now).events

    # ------------------------------------------------------------------ machine seats

    def start_if_full(self, session: Session, game: Game) -> None:
        """Start the game if its last human seat was just taken (a rematch's accept)."""
        start_if_full(self.store, session, game)

    def _queue_machines(self, table: Table, stored: int | None = None) -> BeforeCommit:
        """The job of the machine seat that acts after a person's move, if one does. A
        person's draft move (the game as stored still at ``stored`` moves) queues nothing:
        the machines draft on their own (:mod:`carson.server.play.machines`)."""

        def queue(session: Session, after: State) -> None:
            if stored is None or len(after.actions) > stored:
                queue_next(self.jobs, session, table, after)

        return queue

    def queue_waiting_machines(self) -> int:
        """At start: queue the machine moves that games wait for and that have no job."""
        return queue_waiting_games(self.store)

    # ------------------------------------------------------------------ views

    def _seat_state(self, session: Session, table: Table, seat: int | None) -> State:
        """The game as the seat knows it: with its own draft, if it is drafting."""
        state = self.store.state(session, table)
        return self.drafts.seat_state(state, self.drafts.of(session, table, state), seat)

    def _view(self, session: Session, table: Table, state: State, seat: int | None) -> JSON:
        """The seat's view (:meth:`seat_view`); a timed game's carries every clock as it is
        now."""
        view = self.seat_view(table, state, seat)
        if table.settings.time_control is None or table.waiting:
            return view
        as_stored = self.store.cache.state(table.id) or state  # a seat's draft is no move
        return self.store.clocks.timed_view(session, table.id, len(as_stored.actions), view)

    def seat_view(self, table: Table, state: State, seat: int | None) -> JSON:
        """The seat's view without the clocks, built once per move: polling clients and
        live streams of a game ask for the same view again and again. Callers must not
        change it."""
        if table.waiting or self.store.cache.state(table.id) is not state:
            # Seats are still being taken (the names change), or the state holds the
            # seat's own draft (:mod:`carson.server.play.drafts`), or the cache moved on since
            # (a move heard from another process meanwhile): built afresh.
            view = self._build_view(table, state, seat)
            stored = self.store.cache.state(table.id)
            if stored is not None and not table.waiting:  # the seat's own moves not yet public
                view["drafted"] = max(0, len(state.actions) - len(stored.actions))
        else:
            key = (len(state.actions), table.waiting, seat)
            cached = self.store.cache.view(table.id, key)
            if cached is None:
                cached = self._build_view(table, state, seat)
                self.store.cache.put_view(table.id, key, cached)
            view = cached
        return view

    def _build_view(self, table: Table, state: State, seat: int | None) -> JSON:
        status = table.status(state)
        playing = status == "playing" and seat is not None and seat not in table.left
        legal = state.legal_actions(seat) if playing and seat is not None else []
        return {
            "id": table.id,
            "game": table.game,
            "status": status,
            "seq": len(state.actions),
            "seat": seat,
            "lang": table.lang,
            "practice": is_practice(table.seat_kinds, table.settings.rated),
            "table": table.settings.to_json(),
            "seats": [
                {
                    "seat": index,
                    "kind": kind,
                    "user": table.names.get(index),
                    "bot": index in table.bots,
                    "left": table.left.get(index),
                }
                for index, kind in enumerate(table.seat_kinds)
            ],
            "legal_actions": [action.to_json() for action in legal],
            "view": state.view(seat),
            "clock": None,
            "abort_asked": sorted(table.abort_asked),
            "ended": table.ended or ("finished" if state.is_over else None),
            "drafted": 0,
        }


def seated_names(session: Session, game_ids: list[str]) -> dict[str, dict[int, str]]:
    """Each game's people by seat (their usernames), in one query for a page of games."""
    rows = session.execute(
        select(GameSeat.game_id, GameSeat.seat, User.username)
        .join(User, User.id == GameSeat.user_id)
        .where(GameSeat.game_id.in_(game_ids or ["-"]))
    ).all()
    found: dict[str, dict[int, str]] = {}
    for game_id, seat, username in rows:
        found.setdefault(game_id, {})[seat] = username
    return found
