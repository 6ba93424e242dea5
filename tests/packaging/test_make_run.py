"""What ``make run`` installs (read from ``make -n``, which runs nothing): carson with its
server extra at the versions of requirements-server.lock on a fresh checkout — never the
dev lock — and the dev environment as it is once ``make install`` made one."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def planned(checkout: Path, target: str) -> list[str]:
    # Run from `make test`, a make of its own would print where it enters and leaves.
    outer = ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")
    env = {name: value for name, value in os.environ.items() if name not in outer}
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", target],
        cwd=checkout, capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    return done.stdout.splitlines()


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The files the Makefile's rules depend on, in a directory with no .venv yet."""
    for name in ("Makefile", "pyproject.toml", "requirements.lock", "requirements-server.lock"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("target", ["run", "play"])
def test_a_fresh_checkout_installs_only_the_server_lock(checkout: Path, target: str) -> None:
    steps = planned(checkout, target)
    assert ".venv/bin/pip install --quiet -r requirements-server.lock" in steps
    assert not any("-r requirements.lock" in step for step in steps)
    assert ".venv/bin/pip install --quiet --no-deps -e ." in steps
    assert steps[-1] == f".venv/bin/carson {'serve' if target == 'run' else 'play'}"


def test_after_make_install_run_uses_the_dev_environment(checkout: Path) -> None:
    (checkout / ".venv").mkdir()
    stamp = checkout / ".venv" / ".installed"
    stamp.touch()
    later = time.time() + 5
    os.utime(stamp, (later, later))  # newer than the lock files: nothing to install
    assert planned(checkout, "run") == [".venv/bin/carson serve"]


def test_make_test_keeps_the_dev_lock(checkout: Path) -> None:
    steps = planned(checkout, "install")
    assert ".venv/bin/pip install --quiet -r requirements.lock" in steps
    assert not any("requirements-server.lock" in step for step in steps)
