"""Only machines that can play a person's seat play a timed-out or left seat (issue 45): a
card game whose table chose a virtual player (``beginner``, ``advanced``, ``expert`` — the
engine's decks, not players) for timeouts gets the usual machine instead, and the moves that
failed for good for want of a player are tried again.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

#: The card game's virtual players as this revision knows them, and the usual machine.
VIRTUAL_LEVELS = ("beginner", "advanced", "expert")
USUAL = "ai-medium"

games = sa.table(
    "games", sa.column("id", sa.String), sa.column("game", sa.String),
    sa.column("timeout_level", sa.String),
)  # fmt: skip
jobs = sa.table(
    "jobs", sa.column("id", sa.Integer), sa.column("kind", sa.String),
    sa.column("payload", sa.JSON), sa.column("state", sa.String),
    sa.column("attempts", sa.Integer), sa.column("run_at", sa.DateTime(timezone=True)),
    sa.column("last_error", sa.Text),
)  # fmt: skip


def upgrade() -> None:
    connection = op.get_bind()
    stuck = games.c.timeout_level.in_(VIRTUAL_LEVELS) & (games.c.game == "card")
    repaired = set(connection.execute(sa.select(games.c.id).where(stuck)).scalars())
    if not repaired:
        return
    connection.execute(sa.update(games).where(stuck).values(timeout_level=USUAL))
    failed = connection.execute(
        sa.select(jobs.c.id, jobs.c.payload).where(
            jobs.c.state == "failed", jobs.c.kind.in_(("machine_move", "timeout"))
        )
    ).all()
    again = [job for job, payload in failed if isinstance(payload, dict)
             and payload.get("game") in repaired]  # fmt: skip
    if again:
        connection.execute(
            sa.update(jobs).where(jobs.c.id.in_(again)).values(
                state="ready", attempts=0, run_at=sa.func.current_timestamp(), last_error=None
            )
        )  # fmt: skip


def downgrade() -> None:
    pass  # the repaired games keep their playing machine
