"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from carson.server.tables import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
