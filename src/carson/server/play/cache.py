"""The in-memory cache of game states and their seats' views (the database stays the truth),
with the moves other server processes were heard to store (:mod:`.move_notices`).

A heard move is kept beside the cached state and played only when the game is next asked
for (issue 22). Played at once, each heard move cost a copy of the state and the release of
the old one, whether or not the process would ever serve the game again: with each game's
requests sent to one process (deploy/nginx.conf), most moves a process hears are of games it
only happened to create. Played late, the heard moves of a game share one copy, and a move
played on the loop plays them on its own copy (:func:`.loop_moves.planned`). A game heard of
:data:`MAX_HEARD` times without being asked for is let go.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from carson.core.game import JSON
from carson.server.play.table import State

#: A view's key: (the game's seq, whether it waits for players, the seat).
ViewKey = tuple[int, bool, int | None]  # seat None: a spectator
#: Moves heard after a cached state: (seat, action as JSON), in order.
Heard = tuple[tuple[int, JSON], ...]
#: Moves heard of one game, not yet played, before the cache lets go of the game.
MAX_HEARD = 32
#: The latest moves of a game whose events the cache keeps, for its live streams.
KEPT_EVENTS = 64
log = logging.getLogger("carson.server.play.cache")


class GameCache:
    """The engine states of recently used games and their seats' views at the current move,
    least recently used first out. Shared by the request threads, hence the lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[str, State] = OrderedDict()
        self._heard: dict[str, Heard] = {}
        self._views: dict[str, dict[ViewKey, JSON]] = {}
        #: The stored events of the latest moves this process wrote, by game and seq.
        self._events: dict[str, dict[int, list[JSON]]] = {}
        self._guard = threading.Lock()

    def state(self, game_id: str) -> State | None:
        """The game's state with the moves heard since played on (a copy of) it; ``None``
        if the game is not cached (or its heard moves do not apply: it is let go)."""
        for _ in range(3):  # a thread may move the game on while the heard moves are played
            state, heard = self.state_and_heard(game_id)
            if state is None or not heard:
                return state
            after = heard_played(game_id, state, heard)
            with self._guard:
                if self._states.get(game_id) is state and self._heard.get(game_id) is heard:
                    self._heard.pop(game_id)
                    self._views.pop(game_id, None)
                    if after is None:
                        del self._states[game_id]
                    else:
                        self._states[game_id] = after
                    return after
        return None  # the caller reads the database

    def state_and_heard(self, game_id: str) -> tuple[State | None, Heard]:
        """The game's cached state as it was put, and the moves heard after it, not played
        (the caller plays them on a copy of its own); ``(None, ())`` if not cached."""
        with self._guard:
            state = self._states.get(game_id)
            if state is None:
                return None, ()
            self._states.move_to_end(game_id)
            return state, self._heard.get(game_id, ())

    def has(self, game_id: str) -> bool:
        """Whether the game is cached (not counted as a use)."""
        with self._guard:
            return game_id in self._states

    def hear(self, game_id: str, after: int, moves: list[tuple[int, JSON]]) -> bool:
        """Keep ``moves`` another process stored after move ``after``, to be played when the
        game is next asked for, if they continue the cached state and the moves heard
        before exactly (else nothing changes: the next request reads the database). Answers
        whether they were kept. Hearing is not a use of the game."""
        with self._guard:
            state = self._states.get(game_id)
            if state is None:
                return False
            heard = self._heard.get(game_id, ())
            if len(state.actions) + len(heard) != after:
                return False
            if len(heard) + len(moves) > MAX_HEARD:  # served elsewhere: let go of it
                self._forget(game_id)
                return False
            self._heard[game_id] = heard + tuple(moves)
            return True

    def put(self, game_id: str, state: State) -> None:
        with self._guard:
            self._states[game_id] = state
            self._states.move_to_end(game_id)
            self._heard.pop(game_id, None)  # moves heard after an older state
            self._views.pop(game_id, None)  # views of an older move
            while len(self._states) > self.size:
                self._forget(next(iter(self._states)))

    def put_moved(self, game_id: str, state: State, rows: list[JSON]) -> None:
        """:meth:`put` the state after moves this process just stored (``rows``, as stored:
        ``seq`` and ``events``), and keep their events for the game's live streams."""
        with self._guard:
            kept = self._events.setdefault(game_id, {})
            kept.update((row["seq"], row["events"]) for row in rows)
            while len(kept) > KEPT_EVENTS:
                del kept[min(kept)]
        self.put(game_id, state)

    def events(self, game_id: str, after: int, upto: int) -> list[tuple[int, list[JSON]]] | None:
        """The stored events of each move after ``after`` up to ``upto``, if all are kept
        (:meth:`put_moved`), else ``None``: the caller reads them."""
        with self._guard:
            kept = self._events.get(game_id, {})
            found = [(seq, kept.get(seq)) for seq in range(after + 1, upto + 1)]
        if any(events is None for _, events in found):
            return None
        return [(seq, events) for seq, events in found if events is not None]

    def drop(self, game_id: str) -> None:
        with self._guard:
            self._forget(game_id)

    def _forget(self, game_id: str) -> None:
        self._states.pop(game_id, None)
        self._heard.pop(game_id, None)
        self._views.pop(game_id, None)
        self._events.pop(game_id, None)

    def view(self, game_id: str, key: ViewKey) -> JSON | None:
        with self._guard:
            return self._views.get(game_id, {}).get(key)

    def put_view(self, game_id: str, key: ViewKey, view: JSON) -> None:
        with self._guard:
            if game_id in self._states:
                views = self._views.setdefault(game_id, {})
                if any(seq != key[0] for seq, _, _ in views):
                    views.clear()
                views[key] = view


def heard_played(game_id: str, state: State, heard: Heard) -> State | None:
    """A copy of ``state`` with the ``heard`` moves played on it; ``None`` (logged) if one
    does not apply: a notice is a hint, the database stays the truth."""
    after = state.clone()
    try:
        for seat, action in heard:
            after.apply_json(seat, action)
    except Exception:
        log.exception("a move heard of game %s does not apply: the cache forgets it", game_id)
        return None
    return after
