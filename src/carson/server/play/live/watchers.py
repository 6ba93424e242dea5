"""How many people watch a game, counted in memory and shared between server processes by
the database's notices (issue 43: looking at a game writes nothing).

A spectator is marked seen (game, viewer, when) when its page is drawn and every
:data:`BEAT_SECONDS` while its live stream is open (:mod:`carson.server.play.stream`). A
game's watchers are the viewers seen within :data:`WINDOW`. With several processes on one
PostgreSQL database, a process tells the others of each viewer it sees (at most once per
beat: a ``NOTIFY`` on the moves' channel, :data:`~carson.server.kernel.live.WATCHED`), and
each counts the viewers it heard of as its own: every process answers the same count. On
SQLite (one process) the count is the process's own.

Memory stays bounded: a viewer is one mark per game however many tabs or requests it makes
(a signed-in one by account, an anonymous one by its client address keyed with the server's
secret, HMAC: issue 45 — a plain hash of an address is undone by trying every address), at most
:data:`MAX_VIEWERS` per game and :data:`MAX_GAMES` games (the least recently watched go),
streams are capped per process (:mod:`carson.server.kernel.stream_slots`) and anonymous
requests are rate-limited per address (:mod:`carson.server.play.live.watching`).
"""

from __future__ import annotations

import hashlib
import hmac
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from carson.server.kernel.db import User

#: A spectator counts for this long after it was last seen.
WINDOW = timedelta(minutes=1)
#: How often an open spectator stream says it is still there (well inside the window).
BEAT_SECONDS = 20.0
#: A viewer seen again this soon is not told to the other processes again.
RETELL = timedelta(seconds=BEAT_SECONDS / 2)
#: The most games, and viewers of one game, kept in memory.
MAX_GAMES = 10_000
MAX_VIEWERS = 10_000

#: The server secret keying anonymous viewers (:mod:`carson.server.kernel.server_keys`).
WATCHERS_SECRET = "watchers"
#: Tells the other processes that ``viewer`` watches ``game`` (PostgreSQL's notice).
Tell = Callable[[str, str], None]


def viewer_key(user: User | None, address: str, secret: str) -> str:
    """Who watches, as a mark names them: the account, else the client address keyed with the
    server's ``secret`` (the same in every process, so that each counts a viewer once; an
    address is neither kept nor told as it is, nor as anything that leads back to it)."""
    if user is not None:
        return f"u{user.id}"
    return "a" + hmac.new(secret.encode(), address.encode(), hashlib.sha256).hexdigest()[:20]


class Watchers:
    """The viewers of each recently watched game and when each was last seen, shared by the
    process's threads and its event loop (hence the lock)."""

    def __init__(
        self, clock: Callable[[], datetime], tell: Tell | None = None, secret: str = ""
    ) -> None:
        self.clock = clock
        #: Keys anonymous viewers' addresses (:func:`viewer_key`).
        self.secret = secret
        #: Set on PostgreSQL: tells the other processes (none on SQLite).
        self.tell = tell
        self._seen: OrderedDict[str, dict[str, datetime]] = OrderedDict()
        self._told: dict[tuple[str, str], datetime] = {}
        self._guard = threading.Lock()

    def key(self, user: User | None, address: str) -> str:
        """The viewer's mark (:func:`viewer_key`) with this server's secret."""
        return viewer_key(user, address, self.secret)

    def seen(self, game_id: str, viewer: str) -> bool:
        """``viewer`` watches ``game_id`` now (told to the other processes). Whether it is a
        new watcher (the game's count rose: its streams may say so at once)."""
        now = self.clock()
        arrived = self._mark(game_id, viewer, now)
        with self._guard:
            told = self._told.get((game_id, viewer))
            due = told is None or now - told >= RETELL
            if due:
                self._told[(game_id, viewer)] = now
                if len(self._told) > MAX_GAMES:  # the oldest first
                    del self._told[next(iter(self._told))]
        if due and self.tell is not None:
            self.tell(game_id, viewer)
        return arrived

    def heard(self, payload: str) -> str | None:
        """Another process's notice of a viewer (``<game> <viewer>``), marked seen here;
        the game if it is a new watcher (its streams may say so), else ``None``."""
        game_id, _, viewer = payload.partition(" ")
        if not game_id or not viewer:
            return None
        return game_id if self._mark(game_id, viewer, self.clock()) else None

    def _mark(self, game_id: str, viewer: str, now: datetime) -> bool:
        with self._guard:
            viewers = self._seen.get(game_id)
            if viewers is None:
                viewers = self._seen[game_id] = {}
            self._seen.move_to_end(game_id)
            _forget_old(viewers, now)
            arrived = viewer not in viewers
            viewers.pop(viewer, None)  # the latest last: the oldest go first
            viewers[viewer] = now
            if len(viewers) > MAX_VIEWERS:
                del viewers[next(iter(viewers))]
            while len(self._seen) > MAX_GAMES:
                self._seen.popitem(last=False)
            return arrived

    def counts(self, game_ids: Iterable[str]) -> dict[str, int]:
        """How many watch each of ``game_ids`` now (games nobody watches: absent)."""
        now = self.clock()
        found = {}
        with self._guard:
            for game_id in game_ids:
                viewers = self._seen.get(game_id)
                if viewers:
                    _forget_old(viewers, now)
                    if viewers:
                        found[game_id] = len(viewers)
        return found

    def count(self, game_id: str) -> int:
        """How many watch ``game_id`` now."""
        return self.counts([game_id]).get(game_id, 0)

    def last_seen(self, game_id: str, viewer: str) -> datetime | None:
        """When ``viewer`` was last seen watching ``game_id`` (tests, operators)."""
        with self._guard:
            return self._seen.get(game_id, {}).get(viewer)


def _forget_old(viewers: dict[str, datetime], now: datetime) -> None:
    """Drop the viewers seen before the window (the oldest come first)."""
    while viewers:
        first = next(iter(viewers))
        if now - viewers[first] < WINDOW:
            return
        del viewers[first]
