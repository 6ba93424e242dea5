"""The lobby chat (issue 48): a room per site language, with the game chat's rules.

Anyone signed in reads any room, guests too; only members write in it, report its messages
(a guest: :func:`~carson.server.accounts.guests.require_member`, 403). The pages show the
visitor's own language's room. A message is a text cleaned
as the game chat's (:func:`~carson.server.chat.service.clean_text`: one plain line of at
most :data:`~carson.server.chat.service.MAX_CHARS` characters), counted against the chat's
rate (``Rule.CHAT_USER``), refused to a silenced account. A reader never sees the messages
of the accounts they muted or blocked (the chat's mutes, :mod:`carson.server.people`); a
message names ``@someone`` to notify them, unless a mute or a block keeps them apart. Each
room numbers its own messages (``seq``); a stored message wakes the room's streams in every
server process (the key ``lobby-chat:<room>``). Reports reach the administrators beside the
game chat's (:mod:`carson.server.chat.lobby_admin`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, null, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.server.accounts.guests import require_member
from carson.server.chat.lobby_tables import LobbyMessage, LobbyReport
from carson.server.chat.posting import Posting, add_report
from carson.server.chat.reading import Shelf, named_readers, read_posted
from carson.server.chat.service import (
    MAX_PAGE,
    MAX_ROW_ID,
    clean_reason,
    clean_text,
)
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import NotFound, Unprocessable
from carson.server.notify.notices import MENTION, notify

#: The rooms: one per language the site speaks.
ROOMS: tuple[str, ...] = tuple(sorted(LANGUAGES))
#: A room's wake-up key in the notifier.
WAKE_PREFIX = "lobby-chat:"
#: The largest seq a reader may name (an INTEGER column: 32 bits on PostgreSQL).
MAX_SEQ = 2**31 - 1


def wake_key(room: str) -> str:
    return WAKE_PREFIX + room


@dataclass(frozen=True)
class LobbyLine:
    """A message of a lobby room as a reader sees it."""

    id: int
    seq: int
    room: str
    author: str
    text: str
    at: datetime

    def to_json(self) -> JSON:
        return {"id": self.id, "seq": self.seq, "room": self.room, "author": self.author,
                "text": self.text, "at": self.at.isoformat()}  # fmt: skip


def check_room(room: str) -> str:
    if room not in ROOMS:
        raise NotFound(f"no lobby room {room!r}; the rooms are {', '.join(ROOMS)}")
    return room


#: The lobby's messages: a room's in the order of their seqs; a block hides both ways.
LOBBY_SHELF = Shelf(LobbyMessage, LobbyMessage.room, LobbyMessage.text, null(),
                    LobbyMessage.seq, both_ways=True)  # fmt: skip


def read_lines(
    session: Session, room: str, reader_id: int, since: int, limit: int = MAX_PAGE,
    latest: bool = False, until: int = MAX_SEQ,
) -> list[LobbyLine]:  # fmt: skip
    """The messages of ``room`` after ``since`` (up to ``until``), in posted order, without
    those of the accounts ``reader_id`` muted, blocked or was blocked by (``0``: read as
    nobody, everything): the first ``limit``, or with ``latest`` the last ``limit``."""
    where = [LobbyMessage.room == room, LobbyMessage.seq > since, LobbyMessage.seq <= until]
    found = read_posted(session, LOBBY_SHELF, where, reader_id, limit, latest)
    return [LobbyLine(m.id, m.seq, m.place, m.author, m.text or "", m.at) for m in found]


class LobbyChat(Posting):
    """The lobby's rooms, for one server process."""

    def read(self, user: User, room: str, since: int = 0, limit: int = MAX_PAGE) -> list[LobbyLine]:
        """What ``user`` (a member or a guest) may read of ``room`` after ``since``, oldest
        first."""
        check_room(room)
        with self.sessions() as session:
            return read_lines(session, room, user.id, since, min(limit, MAX_PAGE + 1))

    def latest(self, user: User, room: str, count: int = MAX_PAGE) -> tuple[list[LobbyLine], int]:
        """The last ``count`` messages ``user`` may read of ``room``, oldest first (a page's
        panel), and the seq after them (the room's last, hidden messages counted); a guest
        reads too."""
        check_room(room)
        with self.sessions() as session:
            last = session.scalar(
                select(func.max(LobbyMessage.seq)).where(LobbyMessage.room == room)
            )
            found = read_lines(session, room, user.id, 0, min(count, MAX_PAGE), latest=True,
                               until=last or 0)  # fmt: skip
            return found, last or 0

    def post(self, user: User, room: str, text: str) -> LobbyLine:
        """Store ``user``'s message in ``room`` and wake its streams. Refused: a guest or a
        silenced account (403), bad text (422), too many lately (429)."""
        require_member(user, "chat in the lobby")
        check_room(room)
        cleaned = clean_text(text)
        return self.numbered(lambda count: self._store(user, room, cleaned, count))

    def _store(self, user: User, room: str, text: str, count: bool) -> LobbyLine:
        """One try at storing; ``count``: against the account's rate (the first try only)."""
        with self.sessions.begin() as session:
            self.may_post(session, user, count)
            last = session.scalar(
                select(func.max(LobbyMessage.seq)).where(LobbyMessage.room == room)
            )
            at = now()
            stored = LobbyMessage(room=room, seq=(last or 0) + 1, user_id=user.id, text=text,
                                  at=at)  # fmt: skip
            session.add(stored)
            session.flush()
            if self.jobs is not None:  # told in the message's transaction: both or neither
                readers = [user_id for user_id, _ in mentioned_readers(session, stored)]
                notify(session, self.jobs, readers, MENTION, None,
                       {"by": user.username[:32], "lobby": room})  # fmt: skip
            self.wake_at_commit(session, wake_key(room))
            line = LobbyLine(stored.id, stored.seq, room, user.username, text, at)
        self.notifier.publish(wake_key(room))
        return line

    def report(self, user: User, message_id: int, reason: str = "") -> int:
        """Report a lobby message (once per reader); answers the report's id."""
        require_member(user, "report lobby messages")
        reason = " ".join(clean_reason(reason).split())
        with self.sessions.begin() as session:
            stored = session.get(LobbyMessage, message_id) if 0 < message_id <= MAX_ROW_ID else None
            if stored is None:
                raise NotFound(f"no lobby message {message_id}")
            if stored.user_id == user.id:
                raise Unprocessable("you cannot report your own message", "report_self")
            return add_report(
                session, LobbyReport(message_id=message_id, reporter_id=user.id, reason=reason)
            )


def mentioned_readers(session: Session, stored: LobbyMessage) -> list[tuple[int, str]]:
    """(id, name) of the members ``stored`` names as ``@username`` who have not muted its
    author and whom no block keeps apart from it, in the order named: whom it notifies."""
    return named_readers(session, LOBBY_SHELF, stored.text, stored.user_id, members_only=True)
