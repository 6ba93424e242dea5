"""Reading a game's stored events for one seat, and deriving those older rows lack.

Moves stored before the server kept events hold ``NULL`` in place of them: the first read
that meets one replays the game from its configuration and seed, and writes the events of
every such move back (``WHERE events IS NULL``: two processes doing it at once write the
same thing), so it happens once per game.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from cachetools import LRUCache
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from carson.core.game import JSON, Event
from carson.server.kernel.db import Game, Move
from carson.server.kernel.errors import Unprocessable
from carson.server.play.events import (
    OPENING_SEQ,
    EventPage,
    SeatEvent,
    decode_event,
    encode_events,
    opening_events,
)
from carson.server.play.store import GameStore
from carson.server.play.table import Table

#: Most moves one page of events covers (the default is smaller).
MAX_PAGE_MOVES = 500
#: Games whose whole log (every move's events, decoded) a process keeps, the latest read.
KEPT_LOGS = 256

#: Each move's events, oldest first: (seq, events).
MoveEvents = list[tuple[int, list[Event]]]


class EventLog:
    """A game's events as stored. The whole log of a game, read from its start (a finished
    game's page reads it all for its score sheet), is kept for the latest games read and
    only the moves after it read again: moves are never changed once stored."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._kept: LRUCache[str, tuple[int, MoveEvents]] = LRUCache(KEPT_LOGS)
        self._guard = threading.Lock()

    def page(
        self,
        session: Session,
        table: Table,
        seat: int | None,
        since: int | None,
        now: int,
        limit: int | None = None,
    ) -> EventPage:
        """The events ``seat`` (``None``: a spectator) may see of the moves after ``since``
        (``None``: from the setup on), at most ``limit`` moves, of a game at seq ``now``."""
        if since is not None and not 0 <= since <= now:
            raise Unprocessable(
                f"since={since} is not a move of this game: give a seq from 0 to {now}"
            )
        seen: list[SeatEvent] = []
        if since is None:
            opening = self.opening(session, table)
            seen += [SeatEvent(OPENING_SEQ, e) for e in opening if e.visible_to(seat)]
        after = since or 0
        moves = self.moves(session, table, after, now, limit)
        for seq, events in moves:
            seen += [SeatEvent(seq, event) for event in events if event.visible_to(seat)]
        until = moves[-1][0] if moves else after
        return EventPage(seen, since, until, more=until < now)

    def opening(self, session: Session, table: Table) -> list[Event]:
        """The setup's events (seq 0), derived and written back if the row lacks them."""
        stored = session.scalar(select(Game.opening_events).where(Game.id == table.id))
        if stored is None:
            fresh = table.kind.new_state(table.config, table.seed)
            stored = encode_events(opening_events(fresh))
            with self._writing() as writer:
                writer.execute(
                    update(Game)
                    .where(Game.id == table.id, Game.opening_events.is_(None))
                    .values(opening_events=stored)
                )
        return [decode_event(event) for event in stored]

    def moves(
        self, session: Session, table: Table, after: int, upto: int, limit: int | None
    ) -> MoveEvents:
        """Each move's events (all audiences) for the seqs after ``after`` up to ``upto``."""
        if after or limit is not None:
            return self._read(session, table, after, upto, limit)
        with self._guard:
            kept = self._kept.get(table.id)
        if kept is None:
            log = self._read(session, table, 0, upto, None)
        else:
            known, log = kept
            if upto <= known:
                return [move for move in log if move[0] <= upto]
            log = log + self._read(session, table, known, upto, None)
        with self._guard:
            self._kept[table.id] = (upto, log)
        return log

    def _read(
        self, session: Session, table: Table, after: int, upto: int, limit: int | None
    ) -> MoveEvents:
        """The moves' events as the database holds them (those it lacks derived)."""
        query = (
            select(Move.seq, Move.events)
            .where(Move.game_id == table.id, Move.seq > after, Move.seq <= upto)
            .order_by(Move.seq)
        )
        if limit is not None:
            query = query.limit(limit)
        rows = [(seq, events) for seq, events in session.execute(query).all()]
        if any(events is None for _, events in rows):
            derived = self._derive(session, table, through=upto)  # all at once, not per page
            rows = [(seq, derived[seq] if events is None else events) for seq, events in rows]
        return [(seq, [decode_event(e) for e in events or []]) for seq, events in rows]

    def _derive(self, session: Session, table: Table, through: int) -> dict[int, list[JSON]]:
        """Replay the game up to move ``through`` and write the events of every move that
        lacks them; returns every replayed move's events in their stored form."""
        rows = session.execute(
            select(Move.seq, Move.seat, Move.action, Move.events.is_(None))
            .where(Move.game_id == table.id, Move.seq <= through)
            .order_by(Move.seq)
        ).all()
        state = table.kind.new_state(table.config, table.seed)
        derived: dict[int, list[JSON]] = {}
        for seq, seat, action, _ in rows:
            derived[seq] = encode_events(state.apply_json(seat, action))
        with self._writing() as writer:
            for seq, _, _, missing in rows:
                if missing:
                    writer.execute(
                        update(Move)
                        .where(Move.game_id == table.id, Move.seq == seq, Move.events.is_(None))
                        .values(events=derived[seq])
                    )
        return derived

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A transaction of its own for writing derived events: the reading session's
        snapshot may be older than the newest move (SQLite would refuse to write from it)."""
        with self.store.write_turn, self.store.sessions.begin() as writer:
            yield writer
