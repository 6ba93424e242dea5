"""The machine's reference figures printed beside the server benchmarks' (benchmarks.machine)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks.machine import thread_round_trip_us


def test_a_round_trip_between_threads_is_timed_in_cpu_microseconds() -> None:
    assert 0 < thread_round_trip_us(rounds=200, repeats=2) < 100_000
