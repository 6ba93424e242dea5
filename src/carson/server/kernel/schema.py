"""The database's schema version and the steps between versions: Alembic's upgrade,
downgrade and current revision over carson's migrations (``carson.server.migrations``), for
``carson db`` — so an operator migrates as a deployment step of its own, before the new
version's processes start, and steps back before an old version's.

A web process still brings the schema to the newest version when it starts
(:func:`carson.server.kernel.db.migrate`), unless started with ``--no-migrate``: then it
refuses a schema other than its own (:func:`check_current`).
"""

from __future__ import annotations

from collections.abc import Callable

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.engine import Engine

from carson.server.kernel.db import MIGRATIONS


class SchemaMismatch(Exception):
    """The database's schema is not the one this carson was written for."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head() -> str:
    """The newest revision this carson knows."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None  # carson ships its migrations: there is one head
    return found


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this carson's migrations."""
    try:
        return ScriptDirectory.from_config(_config()).get_revision(revision) is not None
    except CommandError:
        return False


def current(engine: Engine) -> str | None:
    """The database's revision (``None``: no carson schema yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> str | None:
    """Bring the schema up to ``revision``; the revision it is at after."""
    return _step(engine, revision, command.upgrade)


def downgrade(engine: Engine, revision: str) -> str | None:
    """Take the schema back to ``revision`` (``base``: no table left); the revision after."""
    return _step(engine, revision, command.downgrade)


def _step(engine: Engine, revision: str, step: Callable[[Config, str], None]) -> str | None:
    """One Alembic command in one transaction; :class:`SchemaMismatch` when the database
    stands at a revision this carson does not know (a newer carson migrated it) or
    ``revision`` is none of its own."""
    at = current(engine)
    if at is not None and not known(at):
        raise SchemaMismatch(
            f"the database is at revision {at}, unknown to this carson (a newer one migrated "
            f"it; this one knows up to {head()})"
        )
    config = _config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            step(config, revision)
    except CommandError as error:
        raise SchemaMismatch(str(error)) from None
    return current(engine)


def check_current(engine: Engine) -> None:
    """Raise :class:`SchemaMismatch` unless the database is at this carson's newest
    revision (a process started without migrating)."""
    at, newest = current(engine), head()
    if at != newest:
        raise SchemaMismatch(
            f"the database's schema is at revision {at or 'none'}, this carson needs {newest}: "
            "run `carson db upgrade` first"
        )
