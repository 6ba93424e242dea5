"""The in-memory cache of game states and their seats' views (the database stays the truth)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

#: A view's key: (the game's seq, whether it waits for players, the seat).
ViewKey = tuple[int, bool, int | None]  # seat None: a spectator


class GameCache:
    """The engine states of recently used games and their seats' views at the current move,
    least recently used first out. Shared by the request threads, hence the lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[str, Any] = OrderedDict()
        self._views: dict[str, dict[ViewKey, dict[str, Any]]] = {}
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

    def replace(self, game_id: str, expected: Any, state: Any) -> bool:
        """Put ``state`` in place of ``expected`` only if the game's cached state is still
        ``expected`` (a request thread may have moved it on meanwhile)."""
        with self._guard:
            if self._states.get(game_id) is not expected:
                return False
            self._states[game_id] = state
            self._views.pop(game_id, None)
            return True

    def drop(self, game_id: str) -> None:
        with self._guard:
            self._states.pop(game_id, None)
            self._views.pop(game_id, None)

    def view(self, game_id: str, key: ViewKey) -> dict[str, Any] | None:
        with self._guard:
            return self._views.get(game_id, {}).get(key)

    def put_view(self, game_id: str, key: ViewKey, view: dict[str, Any]) -> None:
        with self._guard:
            if game_id in self._states:
                views = self._views.setdefault(game_id, {})
                if any(seq != key[0] for seq, _, _ in views):
                    views.clear()
                views[key] = view
