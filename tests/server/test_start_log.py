"""What ``carson serve`` logs when it starts: the migrations it runs, not Alembic's chatter
(the plugins it sets up, its context: issue 49), unless ``--log-level debug`` asks for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a fresh interpreter per start: Alembic sets up once a process

START = """
import sys
from carson.server.kernel.logs import configure_logging
configure_logging(level=sys.argv[2])
from carson.app import create_app
create_app(f"sqlite:///{sys.argv[1]}", worker=False)
"""


def start_log(tmp_path: Path, level: str) -> str:
    database = tmp_path / f"{level}.db"
    done = subprocess.run(
        [sys.executable, "-c", START, str(database), level],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stderr


def test_a_start_logs_the_migrations_without_alembics_chatter(tmp_path: Path) -> None:
    logged = start_log(tmp_path, "info")
    assert "Running upgrade  -> 0001" in logged
    for chatter in ("setup plugin", "Context impl", "Will assume"):
        assert chatter not in logged


def test_at_debug_level_alembic_says_everything(tmp_path: Path) -> None:
    logged = start_log(tmp_path, "debug")
    for chatter in ("setup plugin", "Context impl", "Will assume", "Running upgrade"):
        assert chatter in logged
