"""Sessions that expire and can be listed; usernames unique whatever their case.

Revision ID: 0003
Revises: 0002

Tokens get a public id (what their user sees of them), the time of their last use, their
expiry and a user-agent label. Tokens issued before live on for 30 days from this migration.

``users`` gets a unique index on ``lower(username)``. If two accounts already differ only by
case, the migration stops with their names rather than guess which one to drop: rename one
(``UPDATE users SET username = ... WHERE id = ...``) and start the server again.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: How long the tokens of older servers live on (the idle lifetime of a session).
GRACE = timedelta(days=30)


class DuplicateUsernames(RuntimeError):
    """Accounts whose names differ only by case: the unique index cannot be built."""


def upgrade() -> None:
    _refuse_duplicate_names()
    # Tokens first: their batch copy (SQLite) reflects ``users``, whose expression index
    # SQLAlchemy cannot reflect (it warns).
    _upgrade_tokens()
    op.create_index("users_username_lower", "users", [sa.text("lower(username)")], unique=True)


def _refuse_duplicate_names() -> None:
    clashes = (
        op.get_bind()
        .execute(
            sa.text(
                "SELECT lower(username) AS name, count(*) AS accounts FROM users "
                "GROUP BY lower(username) HAVING count(*) > 1 ORDER BY name"
            )
        )
        .all()
    )
    if clashes:
        names = ", ".join(f"{name!r} ({accounts} accounts)" for name, accounts in clashes)
        raise DuplicateUsernames(
            "cannot make usernames unique whatever their case: these names are held by "
            f"several accounts that differ only by case: {names}. Rename all but one of each "
            "(UPDATE users SET username = '<new name>' WHERE id = <id>) and start again; "
            "nothing was changed."
        )


def _upgrade_tokens() -> None:
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("public_id", sa.String(16), nullable=True))
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("label", sa.String(60), nullable=True))
    bind = op.get_bind()
    tokens = sa.table(
        "tokens",
        sa.column("digest", sa.String),
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("public_id", sa.String),
        sa.column("last_used_at", sa.DateTime(timezone=True)),
        sa.column("expires_at", sa.DateTime(timezone=True)),
        sa.column("label", sa.String),
    )
    until = datetime.now(UTC) + GRACE
    for digest, created in bind.execute(sa.select(tokens.c.digest, tokens.c.created_at)).all():
        bind.execute(
            tokens.update()
            .where(tokens.c.digest == digest)
            .values(
                public_id=secrets.token_hex(8), last_used_at=created, expires_at=until, label=""
            )
        )
    with op.batch_alter_table("tokens") as batch:
        batch.alter_column("public_id", nullable=False)
        batch.alter_column("last_used_at", nullable=False)
        batch.alter_column("expires_at", nullable=False)
        batch.alter_column("label", nullable=False)
        batch.create_unique_constraint("tokens_public_id", ["public_id"])
        batch.create_index("ix_tokens_expires_at", ["expires_at"])


def downgrade() -> None:
    op.drop_index("users_username_lower", table_name="users")  # first: see upgrade()
    with op.batch_alter_table("tokens") as batch:
        batch.drop_index("ix_tokens_expires_at")
        batch.drop_constraint("tokens_public_id", type_="unique")
        for column in ("label", "expires_at", "last_used_at", "public_id"):
            batch.drop_column(column)
