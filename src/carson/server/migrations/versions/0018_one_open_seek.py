"""One open quick-match seek per person, kept by the database (issue 45: eight simultaneous
seeks by one account left seven open). Duplicates already open are closed, the newest kept.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

seeks = sa.table(
    "seeks", sa.column("id", sa.String), sa.column("user_id", sa.Integer),
    sa.column("game_id", sa.String), sa.column("created_at", sa.DateTime(timezone=True)),
)  # fmt: skip


def upgrade() -> None:
    connection = op.get_bind()
    open_seeks = connection.execute(
        sa.select(seeks.c.id, seeks.c.user_id)
        .where(seeks.c.game_id.is_(None))
        .order_by(seeks.c.user_id, seeks.c.created_at.desc(), seeks.c.id.desc())
    ).all()
    kept: set[int] = set()
    extra = []
    for seek, user in open_seeks:
        if user in kept:
            extra.append(seek)
        kept.add(user)
    if extra:
        connection.execute(sa.delete(seeks).where(seeks.c.id.in_(extra)))
    op.create_index(
        "ux_seeks_one_open", "seeks", ["user_id"], unique=True,
        sqlite_where=sa.text("game_id IS NULL"), postgresql_where=sa.text("game_id IS NULL"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_index("ux_seeks_one_open", table_name="seeks")
