"""Migration 0003: usernames unique whatever their case in the database itself, and tokens
of older servers carried over (they keep working, now with an expiry)."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from carson.server.accounts.tokens import digest
from carson.server.app import create_app
from carson.server.kernel.db import MIGRATIONS, User, make_engine, migrate


def migrate_to(engine: Engine, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def user_indexes(engine: Engine) -> set[str]:
    """The names of the indexes on ``users`` (SQLAlchemy does not reflect expression indexes
    of SQLite: asked of the catalogs)."""
    if engine.dialect.name == "sqlite":
        query = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'"
    else:
        query = "SELECT indexname FROM pg_indexes WHERE tablename = 'users'"
    with engine.connect() as connection:
        return {str(name) for name in connection.execute(text(query)).scalars()}


def test_the_database_refuses_a_name_that_differs_only_by_case(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    with engine.begin() as connection:
        connection.execute(User.__table__.insert(), {"username": "alice", "password_hash": "x"})
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(User.__table__.insert(), {"username": "Alice", "password_hash": "x"})
    engine.dispose()


def test_the_migration_stops_on_names_that_differ_only_by_case(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate_to(engine, "0002")
    with engine.begin() as connection:
        for username in ("alice", "Alice", "bob"):
            connection.execute(
                text("INSERT INTO users (username, password_hash, created_at) "
                     "VALUES (:name, 'x', CURRENT_TIMESTAMP)"), {"name": username})  # fmt: skip
    with pytest.raises(RuntimeError, match=r"'alice' \(2 accounts\).*Rename"):
        migrate(engine)
    assert "users_username_lower" not in user_indexes(engine)  # nothing was changed
    assert "public_id" not in {column["name"] for column in inspect(engine).get_columns("tokens")}
    with engine.begin() as connection:
        connection.execute(text("UPDATE users SET username = 'alice2' WHERE username = 'Alice'"))
    migrate(engine)
    assert "users_username_lower" in user_indexes(engine)
    engine.dispose()


def test_tokens_of_an_older_server_keep_working(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate_to(engine, "0002")
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO users (username, password_hash, created_at) "
                 "VALUES ('alice', 'x', CURRENT_TIMESTAMP)"))  # fmt: skip
        old = {"digest": digest("old")}
        connection.execute(
            text("INSERT INTO tokens (digest, user_id, created_at) "
                 "SELECT :digest, id, CURRENT_TIMESTAMP FROM users"), old)  # fmt: skip
    engine.dispose()
    with TestClient(create_app(db_url)) as client:
        headers = {"Authorization": "Bearer old"}
        assert client.get("/api/me", headers=headers).json()["username"] == "alice"
        (session,) = client.get("/api/sessions", headers=headers).json()["sessions"]
        assert session["current"] is True and len(session["id"]) == 16
