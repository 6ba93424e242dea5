"""Others' notifications name people (``{"by": "alice"}``: a mention, an invitation, a
rematch offer, a message). When an account is deleted, the name it had is replaced in them
by the name the account is left with, so that nobody's list still shows the old one."""

from __future__ import annotations

from sqlalchemy import String, cast, select, update
from sqlalchemy.orm import Session

from carson.server.notify.tables import Notification


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def rename_in_notices(session: Session, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` where a notification's payload names it as ``by``;
    answers how many. The payload is JSON text on both databases: a ``LIKE`` on the quoted
    name narrows the rows (whatever the serializer's spacing), the payload itself decides."""
    pattern = f'%"{_escaped(old)}"%'
    rows = session.execute(
        select(Notification.id, Notification.payload).where(
            cast(Notification.payload, String).like(pattern, escape="\\")
        )
    ).all()
    changed = 0
    for notice_id, payload in rows:
        if isinstance(payload, dict) and payload.get("by") == old:
            renamed = {**payload, "by": new}
            session.execute(
                update(Notification).where(Notification.id == notice_id).values(payload=renamed)
            )
            changed += 1
    return changed
