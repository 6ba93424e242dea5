"""The garbage collector of a serving process (:mod:`carson.server.kernel.collector`): less frequent
collections while the server runs, Python's own settings again once it stops, and reference
cycles still collected without anyone asking."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.kernel.collector import SERVING_THRESHOLDS, YOUNGEST, tuned_for_serving

pytestmark = pytest.mark.slow  # server processes


def test_a_running_server_collects_less_often_and_restores_the_settings_it_found(
    tmp_path: Path,
) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own, whatever ran before in this process
    try:
        app = create_app(f"sqlite:///{tmp_path}/carson.db", budget_ms=5)
        with TestClient(app) as client:
            assert client.get("/healthz").status_code == 200
            assert gc.get_threshold() == SERVING_THRESHOLDS
            assert gc.get_freeze_count() > 0  # the start-up objects are out of collections
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_overlapping_servers_restore_the_settings_once_the_last_one_stops() -> None:
    """Two servers of one process (as tests run them) stopping in any order."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        first, second = tuned_for_serving(), tuned_for_serving()
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)  # the first to start stops first
        assert gc.get_threshold() == SERVING_THRESHOLDS  # the second still serves
        second.__exit__(None, None, None)
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


class Node:
    def __init__(self) -> None:
        self.partner: Node | None = None


def test_a_reference_cycle_is_still_collected_after_enough_allocations() -> None:
    """Reference counting cannot free a cycle; the youngest generation's collection does,
    once more than ``YOUNGEST`` container objects are allocated (nobody calls gc.collect)."""
    with tuned_for_serving():
        first, second = Node(), Node()
        first.partner, second.partner = second, first
        alive = weakref.ref(first)
        del first, second
        assert alive() is not None  # a cycle: still there
        kept = [[index] for index in range(2 * YOUNGEST)]  # allocations, as moves make them
        assert alive() is None, "the cycle outlived a collection of the youngest generation"
        del kept
