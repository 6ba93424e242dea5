"""Rate limits per client address and per account, counted by the ``limits`` library in a
moving window (a sliding window counter where the store has no moving window), in this
process's memory or in a store server processes share.

A request over a limit is refused with :class:`RateLimited` (answered 429 with
``Retry-After``) before it costs anything: a login is checked before its password is hashed.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from enum import Enum

from fastapi import Request
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, MovingWindowSupport, StorageTypes, storage_from_string
from limits.strategies import MovingWindowRateLimiter, SlidingWindowCounterRateLimiter
from limits.strategies import RateLimiter as Strategy

from carson.server.kernel.limits import Limits


class Rule(Enum):
    """What is counted; the value is the :class:`Limits` setting that bounds it."""

    LOGIN_ADDRESS = "login_failures_per_address"
    LOGIN_ACCOUNT = "login_failures_per_account"
    REGISTER_ADDRESS = "registrations_per_address"
    PASSWORD_ACCOUNT = "password_changes_per_account"
    MOVES_USER = "moves_per_user"
    RESET_ADDRESS = "password_resets_per_address"
    RESET_ACCOUNT = "password_resets_per_account"
    MAIL_ACCOUNT = "mail_changes_per_account"
    WATCH_ADDRESS = "watching_per_address"
    CHAT_USER = "chat_messages_per_user"
    ANALYSIS_USER = "analysis_requests_per_user"
    PEOPLE_USER = "people_changes_per_user"
    EXPORTS_USER = "data_exports_per_user"
    VACATION_USER = "vacation_changes_per_user"


class RateLimited(Exception):
    """Too many requests: ``retry_after`` seconds until the window has room again."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many requests: try again in {retry_after} s")
        self.retry_after = retry_after
        self.message = str(self)


def client_address(request: Request) -> str:
    """The client's address as the limits count it: as the server sees it (behind a proxy,
    uvicorn's ``--forwarded-allow-ips`` makes it the real client's); an IPv6 address by its
    /64 network, which one subscriber usually holds whole."""
    host = request.client.host if request.client is not None else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an address (a test client, a Unix socket)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # ::ffff:1.2.3.4 is 1.2.3.4
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


#: Seconds between two sweeps of the expired counts out of a process's memory.
SWEEP_SECONDS = 1.0


class ProcessCounters(MemoryStorage):
    """``limits``' in-process storage (``memory://``), its expired counts swept out at most
    once a second. The library's own sweep starts a new thread 10 ms after any count once
    the last sweep ended — under load a hundred threads a second, each walking every key:
    0.09 ms of CPU per move at 200 players, more with more. The counts do not need the
    sweep (each check compares times); it only bounds the memory, as it still does."""

    STORAGE_SCHEME = ["carson-process-memory"]  # noqa: RUF012 (the library declares it so)

    def __init__(self) -> None:
        self._next_sweep = 0.0
        super().__init__()

    def _MemoryStorage__schedule_expiry(self) -> None:  # the library's (name-mangled) hook
        now = time.monotonic()
        if now < self._next_sweep or self.timer.is_alive():
            return
        self._next_sweep = now + SWEEP_SECONDS
        sweep = self._MemoryStorage__expire_events  # type: ignore[attr-defined]  # name-mangled
        self.timer = threading.Timer(SWEEP_SECONDS, sweep)
        self.timer.daemon = True
        self.timer.start()


def counters(uri: str) -> StorageTypes:
    """The storage of the counts: :class:`ProcessCounters` for ``memory://``, else the
    shared store the ``limits`` library names so."""
    return ProcessCounters() if uri == "memory://" else storage_from_string(uri)


class RateLimiter:
    def __init__(self, limits: Limits) -> None:
        #: Every limit of the server (the rates here, and the counts others check).
        self.limits = limits
        storage = counters(limits.rate_storage)
        # The moving window is exact; a store without it (memcached) approximates it.
        self._window: Strategy = (
            MovingWindowRateLimiter(storage)
            if isinstance(storage, MovingWindowSupport)
            else SlidingWindowCounterRateLimiter(storage)
        )
        self._items: dict[Rule, RateLimitItem] = {
            rule: parse(getattr(limits, rule.value)) for rule in Rule
        }
        #: Counts kept in this process: counting costs no I/O (the event loop may count).
        self.in_process = isinstance(storage, ProcessCounters)

    def check(self, rule: Rule, key: str) -> None:
        """Refuse if ``key`` has no room left under ``rule``, counting nothing."""
        item = self._items[rule]
        if not self._window.test(item, rule.name, key):
            raise RateLimited(self._wait(item, rule, key))

    def record(self, rule: Rule, key: str) -> None:
        """Count one (a failed login), whether or not there was room."""
        self._window.hit(self._items[rule], rule.name, key)

    def take(self, rule: Rule, key: str) -> None:
        """Count one and refuse if there was no room (an attempt that costs anyway)."""
        item = self._items[rule]
        if not self._window.hit(item, rule.name, key):
            raise RateLimited(self._wait(item, rule, key))

    def _wait(self, item: RateLimitItem, rule: Rule, key: str) -> int:
        reset = self._window.get_window_stats(item, rule.name, key).reset_time
        return max(1, math.ceil(reset - time.time()))
