"""What the site holds about a person, for "your data" (issue 48): each feature declares the
rows of its tables that are a person's (:class:`Held`), the composition root gathers them
(:mod:`carson.server.your_data`), and :func:`held_rows` reads them as JSON.

A feature names the columns it gives out: secrets (password hashes, token digests, a push
subscription's keys) are never among them, and a column added later is not exported until
its feature says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.orm import QueryableAttribute, Session

from carson.core.game import JSON
from carson.server.kernel.db import User

#: Rows of one section exported at most (newest first where a section is ordered): an
#: account's data stays one bounded answer; a bot's millions of moves are its games' records.
MAX_ROWS = 10_000


@dataclass(frozen=True)
class Held:
    """One section of a person's data: the rows whose ``owner`` column is the person, with
    ``columns`` given out, ordered by ``order`` (newest first); of those, the
    ``accounts`` columns (other accounts' ids) are given out as their names."""

    name: str
    owner: QueryableAttribute[int] | QueryableAttribute[int | None]
    columns: Sequence[QueryableAttribute[object]]
    order: Sequence[QueryableAttribute[object]] = ()  # newest first by these
    where: ColumnElement[bool] | None = None
    accounts: Sequence[QueryableAttribute[int]] = ()
    #: When the account is deleted: its rows go (``delete``), stay (``keep``: the records
    #: others share, such as the seats of played games), or stay with ``blank``'s values.
    erase: Literal["delete", "keep", "blank"] = "delete"
    blank: Mapping[str, object] = field(default_factory=dict)
    #: Given out in the person's data (not: rows only deleted with the account, such as
    #: others' follows of the person).
    exported: bool = True


def _value(value: object) -> object:
    return value.isoformat() if isinstance(value, datetime) else value


def held_rows(session: Session, user_id: int, held: Held) -> list[JSON]:
    """The person's rows of one section, each a dict of its given-out columns."""
    query = select(*held.columns).where(held.owner == user_id)
    if held.where is not None:
        query = query.where(held.where)
    query = query.order_by(*(column.desc() for column in held.order))
    keys = [column.key for column in held.columns]
    rows = [dict(zip(keys, row, strict=True)) for row in session.execute(query.limit(MAX_ROWS))]
    named = [column.key for column in held.accounts]
    ids = {row[key] for row in rows for key in named if row[key] is not None}
    names: dict[int, str] = {
        id: name
        for id, name in session.execute(select(User.id, User.username).where(User.id.in_(ids)))
    }
    for row in rows:
        row.update({key: names.get(row[key]) for key in named if row[key] is not None})
    return [{key: _value(value) for key, value in row.items()} for row in rows]


def erase_rows(session: Session, user_id: int, held: Held) -> None:
    """Erase the person's rows of one section as ``held.erase`` says."""
    model = held.owner.class_
    if held.erase == "delete":
        session.execute(delete(model).where(held.owner == user_id))
    elif held.erase == "blank":
        session.execute(update(model).where(held.owner == user_id).values(**held.blank))
