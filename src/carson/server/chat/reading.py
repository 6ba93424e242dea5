"""Reading a chat's messages, whichever chat's table holds them (a game's channels, the
lobby's rooms): a page of them after a point, in posted order, without those a reader does
not see (the accounts they muted, those they blocked, and in the lobby those that blocked
them), with each author's name. :func:`~carson.server.chat.service.read_messages` and
:func:`~carson.server.chat.lobby.read_lines` read through it. And the other way round: whom
a message's ``@username`` names and may tell (:func:`named_readers`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, SQLColumnExpression, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from carson.server.chat.tables import ChatMute, MessageColumns
from carson.server.kernel.db import User
from carson.server.people.relations import blocked_by, blockers_of

MENTION = re.compile(r"(?<![\w@])@([A-Za-z0-9_.-]{3,32})")


@dataclass(frozen=True)
class Shelf:
    """Where a chat keeps its messages: the table, the column naming a message's channel or
    room (``place``), its text and quick phrase (a chat without phrases: ``null()``), the
    posted order, and whether a block hides the blocker's messages from the blocked too."""

    table: type[MessageColumns]
    place: InstrumentedAttribute[str]
    text: SQLColumnExpression[str | None]
    phrase: SQLColumnExpression[str | None]
    order: InstrumentedAttribute[int]
    both_ways: bool


@dataclass(frozen=True)
class Posted:
    """A message as its chat's readers get it (``place``: its channel or room)."""

    id: int
    seq: int
    place: str
    author: str
    text: str | None
    phrase: str | None
    at: datetime


def read_posted(
    session: Session, shelf: Shelf, where: Sequence[ColumnElement[bool]], reader_id: int,
    limit: int, latest: bool = False,
) -> list[Posted]:  # fmt: skip
    """The messages of ``shelf`` that ``where`` picks, in posted order, without those of the
    accounts ``reader_id`` muted or blocked (``0``: read as nobody, everything): the first
    ``limit`` of them, or with ``latest`` the last ``limit``."""
    table = shelf.table
    muted = select(ChatMute.muted_id).where(ChatMute.user_id == reader_id)
    hidden = [table.user_id.not_in(muted), table.user_id.not_in(blocked_by(reader_id))]
    if shelf.both_ways:  # a block keeps apart both ways
        hidden.append(table.user_id.not_in(blockers_of(reader_id)))
    rows = session.execute(
        select(table.id, table.seq, shelf.place, User.username, shelf.text, shelf.phrase,
               table.at)
        .join(User, User.id == table.user_id)
        .where(*where, *hidden)
        .order_by(shelf.order.desc() if latest else shelf.order)
        .limit(limit)
    ).all()  # fmt: skip
    found = [
        Posted(message_id, seq, place, author, text, phrase,
               at if at.tzinfo is not None else at.replace(tzinfo=UTC))  # SQLite's
        for message_id, seq, place, author, text, phrase, at in rows
    ]  # fmt: skip
    return found[::-1] if latest else found


def mentions(text: str) -> list[str]:
    """The ``@username``s a text names, in order, each once (case ignored)."""
    seen: dict[str, str] = {}
    for found in MENTION.findall(text):
        name = found.rstrip(".")  # "… @alice." ends a sentence
        if len(name) >= 3:
            seen.setdefault(name.lower(), name)
    return list(seen.values())


def named_readers(
    session: Session, shelf: Shelf, text: str, author_id: int, members_only: bool = False
) -> list[tuple[int, str]]:
    """(id, name) of the accounts ``text`` names as ``@username``, in the order named, but
    its author, those who muted the author, and those who would not read the author's
    messages for a block (as :func:`read_posted` hides them); ``members_only``: no guest."""
    names = [name.lower() for name in mentions(text)]
    if not names:
        return []
    muting = select(ChatMute.user_id).where(ChatMute.muted_id == author_id)
    where = [
        func.lower(User.username).in_(names),
        User.id != author_id,
        User.id.not_in(muting),
        User.id.not_in(blockers_of(author_id)),
    ]
    if shelf.both_ways:
        where.append(User.id.not_in(blocked_by(author_id)))
    if members_only:
        where.append(User.is_guest.is_(False))
    found = session.execute(select(User.id, User.username).where(*where)).all()
    readers = [(int(user_id), str(name)) for user_id, name in found]
    return sorted(readers, key=lambda reader: names.index(reader[1].lower()))
