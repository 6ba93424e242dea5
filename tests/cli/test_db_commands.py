"""``carson db upgrade|downgrade|current``: the schema migrated as a step of its own, down to
nothing and up again, and a server started with ``--no-migrate`` refusing any other schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from carson.app import create_app
from carson.cli.main import app
from carson.server.kernel import schema

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'carson.db'}"


def revision_before_head() -> str:
    from alembic.script import ScriptDirectory

    from carson.server.kernel.schema import _config

    before = ScriptDirectory.from_config(_config()).get_revision(schema.head()).down_revision
    assert isinstance(before, str)
    return before


def test_the_schema_goes_up_down_to_nothing_and_up_again(url: str) -> None:
    newest = schema.head()
    code, out, _ = run("db", "current", "--db", url)
    assert code == 1 and "at none (no carson schema)" in out and newest in out
    code, out, _ = run("db", "upgrade", "--db", url)
    assert code == 0 and f"at {newest} (the newest), from none" in out
    assert run("db", "current", "--db", url)[0] == 0
    code, out, _ = run("db", "downgrade", "-1", "--db", url)
    assert code == 0 and f"at {revision_before_head()}, from {newest}" in out
    assert run("db", "current", "--db", url)[0] == 1
    code, out, _ = run("db", "downgrade", "base", "--db", url)  # every step back, on SQLite
    assert code == 0 and "at none (no carson schema)" in out
    with create_engine(url).connect() as connection:
        tables = connection.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))
        assert {name for (name,) in tables} <= {"alembic_version"}
    code, out, _ = run("db", "upgrade", "--db", url)
    assert code == 0 and f"at {newest} (the newest), from none" in out
    code, out, _ = run("db", "upgrade", "--db", url)
    assert code == 0 and "unchanged" in out


def test_a_server_without_migrating_refuses_another_schema(url: str) -> None:
    assert run("db", "upgrade", revision_before_head(), "--db", url)[0] == 0
    with pytest.raises(schema.SchemaMismatch, match="run `carson db upgrade` first"):
        create_app(url, worker=False, migrate_schema=False)
    assert run("db", "upgrade", "--db", url)[0] == 0
    served = create_app(url, worker=False, migrate_schema=False)
    assert served.state.engine.url.database.endswith("carson.db")


def test_a_schema_from_a_newer_carson_or_an_unknown_revision_is_refused(url: str) -> None:
    assert run("db", "upgrade", "--db", url)[0] == 0
    code, _, err = run("db", "downgrade", "nonesuch", "--db", url)
    assert code == 2 and "nonesuch" in err
    with create_engine(url).begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    code, _, err = run("db", "upgrade", "--db", url)
    assert code == 2 and "at revision 9999_future, unknown to this carson" in err
    assert run("db", "current", "--db", url)[0] == 1


def test_serve_without_migrating_exits_with_the_reason(url: str) -> None:
    code, _, err = run("serve", "--no-migrate", "--db", url)
    assert code == 2
    assert "refusing to serve: the database's schema is at revision none" in err
    assert "run `carson db upgrade` first" in err
