"""What a game's live streams send after a move, built once per wake-up for its spectators.

Every spectator of a game is shown the same thing (no seat's secrets, docs/watching.md): when
a move wakes a game's streams, the first spectator stream to look reads the game, builds its
view and ``move`` messages and serialises them, in a request thread; the game's other
spectator streams woken by the same move share that work (awaiting it if it is still under
way) instead of each reading and serialising the same again. A seat's stream builds its own
update: its view holds its seat's secrets, and a seat has few streams.

The shared updates are keyed by (game, what the stream was last told, the game's wake-up
count), kept a short while in a bounded table, and live on the event loop that built them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from cachetools import TTLCache

from carson.core.game import JSON

#: Updates kept at once (each a game's view and the moves since a stream's last message),
#: and how long: streams of one wake-up ask within moments of each other.
SHARED_UPDATES = 1024
SHARED_SECONDS = 10.0


@dataclass(frozen=True)
class Update:
    """A stream's messages after a wake-up: the latest view (the stream compares it with
    the next), the data of each ``move`` message and of the ``view`` message, serialised."""

    view: JSON
    moves: list[tuple[int, str]]  # (seq, data)
    view_data: str


#: (event loop, game, seq and status the stream was told, the game's wake-up count).
Key = tuple[int, str, int, str, int]


class SpectatorUpdates:
    """The updates of spectator streams, one build per game and wake-up in this process."""

    def __init__(self, size: int = SHARED_UPDATES, seconds: float = SHARED_SECONDS) -> None:
        self._shared: TTLCache[Key, asyncio.Future[Update | None]] = TTLCache(size, seconds)

    async def shared(
        self,
        game_id: str,
        told: tuple[int, str],
        woken: int,
        build: Callable[[], Awaitable[Update | None]],
    ) -> Update | None:
        """The update for a spectator stream told ``told`` (seq, status) and woken at
        ``woken``: ``build``'s, run by the first stream to ask (``None``: nothing new)."""
        key = (id(asyncio.get_running_loop()), game_id, told[0], told[1], woken)
        pending = self._shared.get(key)
        if pending is None:
            pending = asyncio.ensure_future(build())
            self._shared[key] = pending
        try:
            # Shielded: a stream that closes meanwhile does not cancel the others' update.
            return await asyncio.shield(pending)
        except Exception:
            self._shared.pop(key, None)  # the next stream to ask tries again
            raise

    def __len__(self) -> int:
        return len(self._shared)
