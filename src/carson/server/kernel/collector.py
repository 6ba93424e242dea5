"""The garbage collector of a serving process (issue 22).

A move allocates tens of thousands of short-lived container objects (the engine's clone, the
view's dicts and lists, the request's and the statement's objects); almost all are freed by
reference counting within the move. With Python's default thresholds (700, 10, 10) the
collector still runs its youngest generation every 700 net allocations, a middle one every
ten of those and a full collection every ten of those, each walking every live tracked object
of its generations: measured in `make bench BENCH=server` (200 games, PostgreSQL), about 11 %
of the server's CPU, and a full collection of the game cache paused every request for
60–70 ms, the p99 of a move. Serving is therefore set up as long-running servers usually are:

- what exists once the server has started (modules, the card catalog, the schema) is
  *frozen*: moved to a permanent generation that no collection walks;
- the youngest generation is collected after :data:`YOUNGEST` net allocations instead of
  700. Reference cycles (rare here: an exception's traceback, a session's bookkeeping) are
  still found, only later; the memory they hold meanwhile is bounded by that count.

The older generations keep Python's ratios (10 and 10), so cyclic garbage that lived long
enough to be promoted is still collected, and a full collection still waits until the
long-lived objects have grown by a quarter (CPython's own rule).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Net allocations of container objects between collections of the youngest generation.
YOUNGEST = 50_000
#: What a serving process collects at: the youngest generation, then Python's own ratios.
SERVING_THRESHOLDS = (YOUNGEST, 10, 10)


class _Servers:
    """The servers running in this process (tests start several, overlapping): the first
    to start keeps the thresholds it found, the last to stop puts them back."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.found = gc.get_threshold()


_SERVERS = _Servers()


@contextmanager
def tuned_for_serving() -> Iterator[None]:
    """While the server runs: its start-up objects frozen, collections less frequent. The
    thresholds found are restored once no server of this process runs any more."""
    with _SERVERS.lock:
        if _SERVERS.running == 0:
            _SERVERS.found = gc.get_threshold()
        _SERVERS.running += 1
        gc.collect()
        gc.freeze()
        gc.set_threshold(*SERVING_THRESHOLDS)
    try:
        yield
    finally:
        with _SERVERS.lock:
            _SERVERS.running -= 1
            if _SERVERS.running == 0:
                gc.set_threshold(*_SERVERS.found)
