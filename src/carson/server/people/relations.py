"""What the other features ask of blocks, in their own transaction: whether two accounts are
kept apart, whom one account is kept apart from, and whose words a reader blocked."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import Select, or_, select
from sqlalchemy.orm import Session

from carson.server.kernel.db import User
from carson.server.people.tables import Block


def apart(session: Session, user_id: int, others: Collection[int]) -> bool:
    """Whether ``user_id`` blocked any of ``others`` or was blocked by one of them."""
    if not others:
        return False
    found = session.scalar(
        select(Block.user_id)
        .where(
            or_(
                (Block.user_id == user_id) & Block.blocked_id.in_(others),
                Block.user_id.in_(others) & (Block.blocked_id == user_id),
            )
        )
        .limit(1)
    )
    return found is not None


def kept_apart(session: Session, user_ids: Collection[int]) -> dict[int, frozenset[int]]:
    """For each of ``user_ids``: the accounts among them it is kept apart from (one query)."""
    apart_from: dict[int, set[int]] = {user_id: set() for user_id in user_ids}
    rows = session.execute(
        select(Block.user_id, Block.blocked_id).where(
            Block.user_id.in_(user_ids), Block.blocked_id.in_(user_ids)
        )
    )
    for blocker, blocked in rows:
        apart_from[blocker].add(blocked)
        apart_from[blocked].add(blocker)
    return {user_id: frozenset(ids) for user_id, ids in apart_from.items()}


def blocked_by(reader_id: int) -> Select[int]:
    """The accounts ``reader_id`` blocked, as a subquery (their chat is hidden from them)."""
    return select(Block.blocked_id).where(Block.user_id == reader_id)


def blockers_of(author_id: int) -> Select[int]:
    """The accounts that blocked ``author_id``, as a subquery (its mentions tell them nothing)."""
    return select(Block.user_id).where(Block.blocked_id == author_id)


def unblocked_by(session: Session, people: Collection[int], username: str) -> list[int]:
    """Those of ``people`` who did not block the account named ``username`` (whom its offers
    and invitations may still reach)."""
    blocking = set(
        session.scalars(
            select(Block.user_id)
            .join(User, User.id == Block.blocked_id)
            .where(User.username == username, Block.user_id.in_(people))
        )
    )
    return [person for person in people if person not in blocking]
