"""A server process's memory of the tokens it checked lately
(:mod:`carson.server.accounts.service`):
each token's user until a deadline, the least recently used forgotten first beyond a size.

Read on every request, so kept to a dictionary look-up and a comparison: through
``cachetools.TTLCache`` (its timer, links and expiry sweep in Python) a look-up cost a move
on the event loop more CPU than the move's rate limit (issue 22). Entries past their
deadline stay until they are looked up or pushed out: the size bounds the memory.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class TokenMemory(Generic[Value]):
    """At most ``size`` values by key, each until its deadline on ``timer``'s clock
    (seconds). Not thread-safe: the caller guards it."""

    def __init__(self, size: int, timer: Callable[[], float]) -> None:
        self.size = size
        self.timer = timer
        self._entries: OrderedDict[str, tuple[Value, float]] = OrderedDict()

    def get(self, key: str) -> Value | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[1] <= self.timer():
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key: str, value: Value, deadline: float) -> None:
        self._entries[key] = (value, deadline)
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, keys: Iterable[str]) -> None:
        for key in keys:
            self._entries.pop(key, None)

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
