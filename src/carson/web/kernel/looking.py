"""A page's reading of a game counted as the API counts a spectator's request
(:mod:`carson.server.play.live.watching`): a visitor guessing game ids is refused beyond the
address's rate."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import accounts_of
from carson.server.kernel.ratelimit import client_address
from carson.server.play.live import watching
from carson.web.kernel.visit import Visit

T = TypeVar("T")


async def looked_at(request: Request, visit: Visit, look: Callable[[], T]) -> T:
    """``look`` (a reading of the game) run off the event loop, counted as the API counts a
    spectator's request: raises ``RateLimited`` beyond the address's rate."""
    accounts = accounts_of(request)

    def counted() -> T:
        with watching.counted(accounts, client_address(request), visit.user):
            return look()

    return await run_in_threadpool(counted)
