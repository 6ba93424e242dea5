"""Chat: each channel numbers its own messages (issue 45).

A game's messages were numbered across both channels, so the players saw gaps in their
numbers whenever the spectators talked. Messages are numbered again per (game, channel), in
the order they were posted; the unique index follows.

Revision ID: 0026
Revises: 0025
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

_messages = sa.table(
    "chat_messages",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.String),
    sa.column("channel", sa.String),
    sa.column("seq", sa.Integer),
)


def _renumber(per_channel: bool) -> None:
    """Number every game's messages 1, 2, 3 … in posted order (per channel or not)."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(_messages.c.id, _messages.c.game_id, _messages.c.channel).order_by(
            _messages.c.game_id, _messages.c.seq
        )
    ).all()
    counts: dict[tuple[str, str], int] = {}
    for message_id, game_id, channel in rows:
        key = (game_id, channel if per_channel else "")
        counts[key] = counts.get(key, 0) + 1
        bind.execute(
            sa.update(_messages).where(_messages.c.id == message_id).values(seq=counts[key])
        )


def upgrade() -> None:
    op.drop_index("ux_chat_messages_game_seq", table_name="chat_messages")
    _renumber(per_channel=True)
    op.create_index(
        "ux_chat_messages_game_seq", "chat_messages", ["game_id", "channel", "seq"], unique=True
    )


def downgrade() -> None:
    op.drop_index("ux_chat_messages_game_seq", table_name="chat_messages")
    # Posted order is the ids' order within a channel, and across channels the best known.
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(_messages.c.id, _messages.c.game_id).order_by(_messages.c.game_id, _messages.c.id)
    ).all()
    counts: dict[str, int] = {}
    for message_id, game_id in rows:
        counts[game_id] = counts.get(game_id, 0) + 1
        bind.execute(
            sa.update(_messages).where(_messages.c.id == message_id).values(seq=counts[game_id])
        )
    op.create_index("ux_chat_messages_game_seq", "chat_messages", ["game_id", "seq"], unique=True)
