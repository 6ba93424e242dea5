"""Where the server keeps its database when no URL is given: SQLite in carson's data directory
(``$CARSON_HOME``, else the platform's user data directory), unless ``DATABASE_URL`` says."""

from __future__ import annotations

from pathlib import Path

import pytest

from carson.server.kernel.db import default_url


def test_carson_home_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("CARSON_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_url() == f"sqlite:///{tmp_path / 'home' / 'carson.db'}"
    assert (tmp_path / "home").is_dir()  # created on first run


def test_else_the_platforms_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("CARSON_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # platformdirs on Linux
    assert default_url() == f"sqlite:///{tmp_path / 'xdg' / 'carson' / 'carson.db'}"
    assert (tmp_path / "xdg" / "carson").is_dir()


def test_database_url_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://db/carson")
    monkeypatch.setenv("CARSON_HOME", "/nonexistent")
    assert default_url() == "postgresql://db/carson"
