"""``move-notices``: moves alternating between two listening services on PostgreSQL are
each stored once, and the benchmark reports CPU per move and statements by kind."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks.move_notices import run
from postgres import throwaway_cluster

pytestmark = pytest.mark.slow  # server processes on PostgreSQL


def test_alternating_moves_are_stored_once_each_and_counted() -> None:
    with throwaway_cluster() as url:
        if url is None:
            pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
        cpu, kinds = run(url, moves=30, pause=0.003)
    assert 0 < cpu < 10_000
    # One insert a move, none refused or repeated: alone, in autocommit, when the move
    # writes nothing else (most), else with the look at the seats riding on it.
    alone = kinds["insert alone, in autocommit, on the driver's connection"]
    assert alone + kinds.get("insert with the look at the seats", 0) == 1.0
    assert alone > 0.5
    assert "insert" not in kinds
    assert "notice apart" not in kinds  # a single move's notice rides on its insert
