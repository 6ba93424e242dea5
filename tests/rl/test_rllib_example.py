"""The RLlib example (PPO, new API stack, action masking, the card game's Gymnasium
environment against ``greedy``) trains one tiny iteration end to end. Its figures at the
documented budget are in docs/ai.md. Needs the train extra (``make test`` installs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "rllib_card.py"

pytestmark = [
    pytest.mark.slow,  # starts a local Ray instance: ~30–70 s on this machine
    pytest.mark.skipif(
        find_spec("torch") is None or find_spec("ray") is None or find_spec("ray.rllib") is None,
        reason="needs the train extra (PyTorch and RLlib): pip install -e '.[train]'",
    ),
]


def test_the_rllib_example_trains_one_iteration(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), RAY_USAGE_STATS_ENABLED="0")
    command = [sys.executable, str(EXAMPLE), "--iterations", "1", "--batch", "64"]
    command += ["--epochs", "1", "--hidden", "16", "--checkpoint", str(tmp_path / "ppo")]
    command += ["--evaluation-games", "2"]
    done = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "iteration 1: mean return " in done.stdout
    assert "rllib: trained PPO for 1 iterations" in done.stdout
    assert (tmp_path / "ppo").is_dir()  # the checkpoint: a trained policy a researcher reloads
    assert "policy vs greedy over 2 new games: wins" in done.stdout
    assert "random vs greedy over 2 new games: wins" in done.stdout
    assert "gain over random: " in done.stdout
