"""The migrations build exactly the schema the models describe: a column, index or table
added to one and not the other fails here (on SQLite and PostgreSQL), not in production."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from carson.server.kernel.db import make_engine, migrate
from carson.server.tables import METADATA

#: Differences no migration can remove: SQLite's reflection skips expression indexes
#: (``users_username_lower`` is created by migration 0003 and tested there).
EXPRESSION_INDEXES = {"users_username_lower"}


def _named(difference: Any) -> str | None:
    """The index name a difference is about, if it is one of an index."""
    index_changes = {"add_index", "remove_index"}
    if isinstance(difference, tuple) and difference and difference[0] in index_changes:
        return str(difference[1].name)
    return None


def test_the_migrated_schema_is_the_models_schema(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": False}
        )
        differences = [
            difference
            for difference in compare_metadata(context, METADATA)
            if _named(difference) not in EXPRESSION_INDEXES
        ]
    engine.dispose()
    assert differences == []
