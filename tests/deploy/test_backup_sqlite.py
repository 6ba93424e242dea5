"""docs/deploy.md's backup and restore of a SQLite carson, followed step by step: a move is
played, the database is backed up online while the server runs (the ``sqlite3`` program's
``.backup``, and Python's ``sqlite3.Connection.backup`` for hosts without it), the database
is changed and then destroyed, the backup is put back, and the server, started on it with
``--no-migrate``, shows the move again and nothing of what came after the backup.
(PostgreSQL's pg_dump/pg_restore: tests/deploy/test_cluster.py.)"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from players import Client

from live_server import running_server

pytestmark = pytest.mark.slow  # carson serve, twice per way of backing up


def online_backup(database: Path, backup: Path, tool: str) -> None:
    """The guide's command: while carson runs, a consistent copy of ``database``."""
    if tool == "sqlite3":
        subprocess.run(["sqlite3", str(database), f".backup '{backup}'"], check=True, timeout=60)
    else:
        subprocess.run(
            [sys.executable, "-c", "import sqlite3, sys; "
             "sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))",
             str(database), str(backup)],
            check=True, timeout=60,
        )  # fmt: skip


@pytest.mark.parametrize("tool", ["sqlite3", "python"])
def test_a_move_comes_back_from_an_online_backup(tmp_path: Path, tool: str) -> None:
    if tool == "sqlite3" and shutil.which("sqlite3") is None:
        pytest.skip("the sqlite3 program is not installed (Debian: apt-get install sqlite3)")
    database, backup = tmp_path / "web.db", tmp_path / "backup.db"
    with running_server(tmp_path) as base:
        player = Client(base)
        player.register("keeper")
        game, move = player.a_move()
        assert player.has_move(game, move)
        online_backup(database, backup, tool)
        later, _ = player.a_move()  # after the backup: not in it
    # Destroyed: the database and its write-ahead log.
    for path in tmp_path.glob("web.db*"):
        path.unlink()
    # Restored: the backup put in the database's place, checked, then served unmigrated.
    shutil.copyfile(backup, database)
    with sqlite3.connect(database) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    current = subprocess.run(
        [sys.executable, "-m", "carson.cli.main", "db", "current", "--db", f"sqlite:///{database}"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert current.returncode == 0, current.stdout + current.stderr
    with running_server(tmp_path, options=["--no-migrate"]) as base:
        player.base = base  # the same account: its token was in the backup
        assert player.has_move(game, move) and not player.has_move(game, move + 10)
        status, _ = player.call("GET", f"/api/games/{later}")
        assert status == 404
