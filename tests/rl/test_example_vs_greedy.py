"""The example that trains on the PettingZoo environment and plays ``greedy`` runs end to end
and prints its figures with their intervals (a few episodes here: its measured gain over
random at the documented budget is in docs/ai.md; a run long enough to show it takes minutes,
too long and too noisy at a test's budget to assert)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_vs_greedy.py"


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("game", ["board", "card"])
def test_the_example_trains_and_evaluates(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(EXAMPLE), "--game", game, "--episodes", "3", "--evaluation-games", "2"]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert f"{game}: trained for 3 episodes" in out
    assert "policy vs greedy over 2 new games: wins" in out
    assert "random vs greedy over 2 new games: wins" in out
    assert "gain over random: " in out and "(95 %, same deals)" in out


def test_the_wilson_interval() -> None:
    wilson = runpy.run_path(str(EXAMPLE))["wilson"]
    low, high = wilson(0, 200)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.0188, abs=1e-4)
    low, high = wilson(100, 200)
    assert low == pytest.approx(0.4314, abs=1e-4) and high == pytest.approx(0.5686, abs=1e-4)
