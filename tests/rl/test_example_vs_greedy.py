"""The example that trains on the PettingZoo environment and plays ``greedy`` runs end to end
(a few episodes: its measured result is in docs/rl.md)."""

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
