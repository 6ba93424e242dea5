"""Watching a game: the rate limit that keeps spectators from guessing game ids cheaply.

Whoever knows a game's id may watch it (docs/watching.md): its view, events and live stream
for nobody's seat. An id is 48 random bits, so guessing one is the only way to find a game
not listed; every anonymous request to watch a game, and anyone's look for a game that does
not exist, counts on the client's address (``Limits.watching_per_address``, 429 beyond).
Seated players are not counted: they play as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from carson.server.accounts.service import Accounts
from carson.server.kernel.db import User
from carson.server.kernel.errors import NotFound
from carson.server.kernel.ratelimit import Rule


@contextmanager
def counted(accounts: Accounts, address: str, user: User | None) -> Iterator[None]:
    """Around a request to watch a game: an anonymous one counts (refused beyond the rate
    before it costs anything); a signed-in one counts when the game does not exist, and is
    refused (429, not 404) once its address looked for too many (issue 45: guessing ids)."""
    limiter = accounts.limiter
    if user is None:
        limiter.take(Rule.WATCH_ADDRESS, address)
    try:
        yield
    except NotFound:
        if user is not None:
            limiter.take(Rule.WATCH_ADDRESS, address)  # RateLimited beyond the window
        raise
