"""``make bench BENCH=collector``: both settings play their moves through the application
(every move accepted) and the collections seen are counted against the right setting."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import collector

pytestmark = pytest.mark.slow  # server processes


def test_both_settings_are_measured_and_the_thresholds_are_given_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in {**collector.GENEROUS, **collector.MANY_SIGN_UPS}.items():
        monkeypatch.setenv(name, value)  # the benchmark sets them: undone after the test
    before = gc.get_threshold()
    collector.main(["--games", "3", "--moves", "40", "--rounds", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert gc.get_threshold() == before
    python, serving = lines[-2], lines[-1]
    assert python.lstrip().startswith("Python's (700, 10, 10)") and "(40 moves)" in python
    assert serving.lstrip().startswith("serving (50000, 10, 10)") and "(40 moves)" in serving
    # 40 moves allocate far more than 700 objects, far fewer than 50,000 more than freed.
    assert " 0 collections" not in python
    assert " 0 collections" in serving
