"""What deploy/cluster.py's supervisor writes to its log: no database password."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from cluster import hidden_password


def test_a_database_password_never_reaches_the_log() -> None:
    url = "postgresql+psycopg://carson:s3cret@db.example:5432/carson?sslmode=require"
    shown = hidden_password(url)
    assert "s3cret" not in shown
    assert shown == "postgresql+psycopg://carson:***@db.example:5432/carson?sslmode=require"
    plain = "postgresql+psycopg://carson@127.0.0.1:37873/carson"
    assert hidden_password(plain) == plain
