"""How many people watch a game, counted across server processes.

The database is the truth: a spectator is a row of ``watchers`` (game, viewer, last seen),
written when a spectator's page is drawn and every :data:`BEAT_SECONDS` while a spectator's
live stream is open (:mod:`carson.server.play.stream`), from whichever process serves it. A
game's
watchers are the rows seen within :data:`WINDOW`; older rows are deleted as new ones come.

The rows stay bounded: a viewer is one row per game however many tabs or requests it makes
(a signed-in one by account, an anonymous one by its client address, kept only as a hash),
streams are capped per process (:mod:`carson.server.kernel.stream_slots`), anonymous requests are
rate-limited per address (:mod:`carson.server.play.live.watching`), and a row stops counting after a
minute and is deleted soon after.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import User
from carson.server.play.live.watch_tables import Watcher

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from sqlalchemy.orm import sessionmaker


class Storing(Protocol):
    """What the watchers need of the games' store: its sessions, write turn and clock."""

    sessions: sessionmaker[Session]
    write_turn: AbstractContextManager[object]
    clock: Callable[[], datetime]


#: A spectator counts for this long after it was last seen.
WINDOW = timedelta(minutes=1)
#: How often an open spectator stream says it is still there (well inside the window).
BEAT_SECONDS = 20.0


def viewer_key(user: User | None, address: str) -> str:
    """Who watches, as a row names them: the account, else a hash of the client address
    (an address is not stored as it is)."""
    if user is not None:
        return f"u{user.id}"
    return "a" + hashlib.sha256(address.encode()).hexdigest()[:20]


class Watchers:
    def __init__(self, store: Storing) -> None:
        self.store = store
        self._pruned: datetime | None = None
        self._guard = threading.Lock()

    def seen(self, game_id: str, viewer: str) -> bool:
        """``viewer`` watches ``game_id`` now; the game's rows past the window go. Whether
        it is a new watcher (the game's count rose: its streams may say so at once)."""
        now = self.store.clock()
        store = self.store
        arrived = False
        try:
            with store.write_turn, store.sessions.begin() as session:
                refreshed = session.execute(
                    update(Watcher)
                    .where(Watcher.game_id == game_id, Watcher.viewer == viewer)
                    .values(last_seen=now)
                )
                if getattr(refreshed, "rowcount", 0) == 0:
                    session.add(Watcher(game_id=game_id, viewer=viewer, last_seen=now))
                    session.flush()
                    arrived = True
                session.execute(
                    delete(Watcher).where(
                        Watcher.game_id == game_id, Watcher.last_seen < now - WINDOW
                    )
                )
        except IntegrityError:
            arrived = False  # the same viewer's other request wrote the row a moment ago
        self.prune(now)
        return arrived

    def prune(self, now: datetime | None = None) -> None:
        """Delete every game's rows past the window, at most once a minute per process
        (games nobody looks at any more keep none for long)."""
        now = now or self.store.clock()
        with self._guard:
            if self._pruned is not None and now - self._pruned < WINDOW:
                return
            self._pruned = now
        with self.store.write_turn, self.store.sessions.begin() as session:
            session.execute(delete(Watcher).where(Watcher.last_seen < now - WINDOW))

    def counts(self, session: Session, game_ids: Iterable[str]) -> dict[str, int]:
        """How many watch each of ``game_ids`` now (games nobody watches: absent)."""
        ids = list(game_ids)
        if not ids:
            return {}
        since = self.store.clock() - WINDOW
        rows = session.execute(
            select(Watcher.game_id, func.count())
            .where(Watcher.game_id.in_(ids), Watcher.last_seen >= since)
            .group_by(Watcher.game_id)
        ).all()
        return {game_id: int(count) for game_id, count in rows}

    def count(self, game_id: str) -> int:
        """How many watch ``game_id`` now."""
        with self.store.sessions() as session:
            return self.counts(session, [game_id]).get(game_id, 0)

    def last_seen(self, game_id: str, viewer: str) -> datetime | None:
        """When ``viewer`` was last seen watching ``game_id`` (tests, operators)."""
        with self.store.sessions() as session:
            seen = session.scalar(
                select(Watcher.last_seen).where(
                    Watcher.game_id == game_id, Watcher.viewer == viewer
                )
            )
            return None if seen is None else as_utc(seen)
