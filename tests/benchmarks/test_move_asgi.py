"""``move-path``'s measure of a move through the whole ASGI application: its requests are
answered as a server answers them (each move accepted), and it reports a CPU time."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks.move_asgi import asgi_cpu


def test_moves_through_the_application_are_accepted_and_timed(tmp_path: Path) -> None:
    cpu = asgi_cpu(f"sqlite:///{tmp_path / 'asgi.db'}", moves=20, warmup=5)
    assert 0 < cpu < 10_000  # milliseconds per move; every move was accepted (200) or it fails
