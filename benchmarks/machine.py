"""What this machine charges for the two kinds of work a move does, measured in the same run
as a server benchmark, so that its figures can be told apart from another machine's: the
card engine's pure Python (full games per CPU-second, as ``make bench BENCH=games``) and a
round trip between two threads (a move handed to a request thread wakes two; before moves
and notices were handled on the event loop, a move woke several). On the machine of
docs/speed.md's eighth pass the first was 2,329 games per CPU-second; on the ninth's, 1,934
games and 47 µs a round trip.
"""

from __future__ import annotations

import queue
import threading
import time

from benchmarks.games import TABLES, games_per_cpu_second


def _echo(there: queue.SimpleQueue[int], back: queue.SimpleQueue[int], rounds: int) -> None:
    for _ in range(rounds):
        back.put(there.get())


def thread_round_trip_us(rounds: int = 5000, repeats: int = 3) -> float:
    """CPU microseconds (both threads) of one message to another thread and its answer, best
    of ``repeats``: two wake-ups, as a hop to a request thread and back makes."""
    best = float("inf")
    for _ in range(repeats):
        there: queue.SimpleQueue[int] = queue.SimpleQueue()
        back: queue.SimpleQueue[int] = queue.SimpleQueue()

        thread = threading.Thread(target=_echo, args=(there, back, rounds))
        thread.start()
        begin = time.process_time()
        for index in range(rounds):
            there.put(index)
            back.get()
        thread.join()
        best = min(best, (time.process_time() - begin) / rounds * 1e6)
    return best


def reference_line() -> str:
    """One line naming both figures."""
    seats, _ = TABLES["1 random + 3 expert"]
    games = games_per_cpu_second("card", seats, 200)
    return (
        f"  machine: {games:,.0f} card games per CPU-second (1 random + 3 expert), "
        f"a round trip between two threads {thread_round_trip_us():.0f} µs of CPU"
    )
