"""Chat per game: the seated players' channel and the spectators' channel.

Who reads and writes what (docs/chat.md):

- ``players``: the seated players, while the game waits, runs and after it is over;
- ``spectators``: signed-in accounts that hold no seat in the game (a game's id is its
  invitation: whoever has it may watch). Once the game is over, its players may read the
  spectators' channel too (what the audience said can no longer help anyone) — but not
  write in it: their own channel is theirs.

A message is a text (control characters removed, trimmed, at most :data:`MAX_CHARS`
characters) or a quick phrase by its code (:data:`PHRASES`), which each reader's page shows
in the reader's own language. Posting is rate-limited per account; a silenced account
(:mod:`carson.server.chat.admin`) cannot post. A reader never sees the messages of the
accounts it muted. A stored message wakes the game's chat streams in every server process
(:mod:`carson.server.kernel.live`, the key ``chat:<game>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.accounts.guests import require_member
from carson.server.chat.cursor import PLAYERS, SPECTATORS, START, Cursor
from carson.server.chat.posting import Posting, add_report
from carson.server.chat.reading import Shelf, named_readers, read_posted
from carson.server.chat.tables import ChatMessage, ChatMute, ChatReport
from carson.server.kernel.db import Game, GameSeat, User, now
from carson.server.kernel.errors import Forbidden, NotFound, Unprocessable
from carson.server.kernel.plain_text import plain_line
from carson.server.notify.notices import notify_mention

CHANNELS = (PLAYERS, SPECTATORS)


class Phrase(StrEnum):
    """The quick phrases, by code; :data:`PHRASES` has their English (pages translate it)."""

    HELLO = "hello"
    GOOD_LUCK = "good_luck"
    HAVE_FUN = "have_fun"
    WELL_PLAYED = "well_played"
    THANKS = "thanks"
    YOUR_TURN = "your_turn"
    ONE_MOMENT = "one_moment"
    SORRY = "sorry"
    MUST_GO = "must_go"
    GOOD_GAME = "good_game"
    REMATCH = "rematch"


PHRASES: dict[str, str] = {
    Phrase.HELLO: "Hello!",
    Phrase.GOOD_LUCK: "Good luck!",
    Phrase.HAVE_FUN: "Have fun!",
    Phrase.WELL_PLAYED: "Well played!",
    Phrase.THANKS: "Thanks!",
    Phrase.YOUR_TURN: "Your turn!",
    Phrase.ONE_MOMENT: "One moment, please.",
    Phrase.SORRY: "Sorry!",
    Phrase.MUST_GO: "Sorry, I must go.",
    Phrase.GOOD_GAME: "Good game!",
    Phrase.REMATCH: "Rematch?",
}
#: Phrases of a seat at the table, not of someone watching it (issue 44: spectators were
#: offered "Your turn!").
PLAYERS_ONLY = frozenset({Phrase.YOUR_TURN, Phrase.ONE_MOMENT, Phrase.MUST_GO, Phrase.REMATCH})


def phrases_for(channel: str) -> dict[str, str]:
    """The quick phrases one may send in ``channel``."""
    if channel == PLAYERS:
        return dict(PHRASES)
    return {code: text for code, text in PHRASES.items() if code not in PLAYERS_ONLY}


MAX_CHARS = 300
MAX_REASON = 200
#: Messages in one answer at most; a reader pages on with ``since``.
MAX_PAGE = 100
#: The largest row id the databases store: any id beyond is none (not a database error).
MAX_ROW_ID = 2**63 - 1
#: Accounts one account may mute (its list stays bounded).
MAX_MUTES = 500
#: A game's chat wake-up key in the notifier (the moves' keys are bare game ids).
WAKE_PREFIX = "chat:"


def wake_key(game_id: str) -> str:
    return WAKE_PREFIX + game_id


def clean_text(raw: str) -> str:
    """``raw`` as one plain line (:func:`~carson.server.kernel.plain_text.plain_line`);
    refused if nothing is left or it is longer than :data:`MAX_CHARS`."""
    text = plain_line(raw)
    if not text:
        raise Unprocessable("a message needs some text", "empty_message")
    if len(text) > MAX_CHARS:
        raise Unprocessable(
            f"a message has at most {MAX_CHARS} characters, not {len(text)}", "message_too_long"
        )
    return text


@dataclass(frozen=True)
class Seating:
    """What a reader is to a game: seated or not, and whether the game is over."""

    seated: bool
    over: bool

    @property
    def readable(self) -> tuple[str, ...]:
        if not self.seated:
            return (SPECTATORS,)
        return (PLAYERS, SPECTATORS) if self.over else (PLAYERS,)

    @property
    def writable(self) -> str:
        return PLAYERS if self.seated else SPECTATORS


@dataclass(frozen=True)
class Message:
    id: int
    seq: int
    channel: str
    author: str
    text: str | None
    phrase: str | None
    at: datetime

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "seq": self.seq,
            "channel": self.channel,
            "author": self.author,
            "text": self.text if self.phrase is None else PHRASES[self.phrase],
            "phrase": self.phrase,
            "at": self.at.isoformat(),
        }


def seating(session: Session, game_id: str, user_id: int) -> Seating:
    """``user_id``'s place in ``game_id`` (404 for no such game)."""
    game = session.execute(select(Game.status).where(Game.id == game_id)).first()
    if game is None:
        raise NotFound(f"no game {game_id!r}")
    seat = session.scalar(
        select(GameSeat.seat).where(GameSeat.game_id == game_id, GameSeat.user_id == user_id)
    )
    return Seating(seated=seat is not None, over=game.status == "over")


def _refusal(seated: bool, channel: str) -> Forbidden:
    if channel == PLAYERS:
        return Forbidden("the players' chat is for the game's seated players", "not_a_player")
    if seated:
        return Forbidden("the spectators' chat is for those not seated in the game; players "
                         "read it once the game is over", "not_a_spectator")  # fmt: skip
    return Forbidden("the spectators' chat is for those not seated in the game",
                     "not_a_spectator")  # fmt: skip


#: A game's messages: ordered by id, which within a channel follows the seqs (a seq is
#: taken only after the one before it was committed), so a page cut short leaves no gap.
GAME_SHELF = Shelf(ChatMessage, ChatMessage.channel, ChatMessage.text, ChatMessage.phrase,
                   ChatMessage.id, both_ways=False)  # fmt: skip


def read_messages(
    session: Session, game_id: str, reader_id: int, channels: Sequence[str], since: Cursor,
    limit: int = MAX_PAGE, latest: bool = False,
) -> list[Message]:  # fmt: skip
    """The messages of ``channels`` after ``since``, in the order they were posted, without
    those of the accounts ``reader_id`` muted or blocked: the first ``limit`` of them, or with
    ``latest`` the last ``limit``."""
    unseen = or_(*(
        and_(ChatMessage.channel == channel, ChatMessage.seq > since.of(channel))
        for channel in channels
    ))  # fmt: skip
    where = [ChatMessage.game_id == game_id, unseen]
    found = read_posted(session, GAME_SHELF, where, reader_id, limit, latest)
    return [Message(m.id, m.seq, m.place, m.author, m.text, m.phrase, m.at) for m in found]


def cursor_after(since: Cursor, messages: Sequence[Message]) -> Cursor:
    """Where a reader is once it saw ``messages`` (read after ``since``)."""
    for message in messages:
        since = since.after(message.channel, message.seq)
    return since


class Chat(Posting):
    """The chat of every game, for one server process."""

    def readable(self, user: User, game_id: str) -> tuple[str, ...]:
        with self.sessions() as session:
            return seating(session, game_id, user.id).readable

    def read(
        self, user: User, game_id: str, channel: str | None, since: Cursor = START,
        limit: int = MAX_PAGE,
    ) -> list[Message]:  # fmt: skip
        """What ``user`` may read of ``channel`` (``None``: of every channel it may read)."""
        with self.sessions() as session:
            place = seating(session, game_id, user.id)
            if channel is not None and channel not in place.readable:
                raise _refusal(place.seated, channel)
            channels = place.readable if channel is None else (channel,)
            return read_messages(
                session, game_id, user.id, channels, since, min(limit, MAX_PAGE + 1)
            )

    def latest(
        self, user: User, game_id: str, count: int = MAX_PAGE
    ) -> tuple[list[Message], Cursor]:
        """The last ``count`` messages ``user`` may read, oldest first (a page's panel), and
        the cursor after them: in a channel none of them is from, after its older messages."""
        with self.sessions() as session:
            place = seating(session, game_id, user.id)
            found = read_messages(session, game_id, user.id, place.readable, Cursor(),
                                  min(count, MAX_PAGE), latest=True)  # fmt: skip
            if not found:
                return found, Cursor()
            rows = session.execute(
                select(ChatMessage.channel, func.max(ChatMessage.seq))
                .where(
                    ChatMessage.game_id == game_id,
                    ChatMessage.channel.in_(place.readable),  # no count of the others
                    ChatMessage.id <= found[-1].id,
                )
                .group_by(ChatMessage.channel)
            ).all()
            last = {str(channel): int(seq) for channel, seq in rows}
            return found, Cursor(last.get(PLAYERS, 0), last.get(SPECTATORS, 0))

    def post(
        self, user: User, game_id: str, channel: str, text: str | None = None,
        phrase: str | None = None,
    ) -> Message:  # fmt: skip
        """Store a message of ``user``'s (a text, or a quick phrase's code) and wake the
        game's chat streams. Refused: bad text (422), not one's channel or silenced (403),
        too many lately (429, :class:`~carson.server.kernel.ratelimit.RateLimited`)."""
        require_member(user, "chat")
        if (text is None) == (phrase is None):
            raise Unprocessable("send a text or a phrase, one of them", "text_or_phrase")
        if phrase is not None and phrase not in PHRASES:
            raise Unprocessable(f"unknown phrase {phrase!r}; choose from {', '.join(PHRASES)}",
                                "unknown_phrase")  # fmt: skip
        if channel not in CHANNELS:
            raise Unprocessable(f"unknown channel {channel!r}", "unknown_channel")
        if phrase is not None and phrase not in phrases_for(channel):
            raise Unprocessable(f"the phrase {phrase!r} is the players'", "unknown_phrase")
        cleaned = None if text is None else clean_text(text)
        return self.numbered(
            lambda count: self._store(user, game_id, channel, cleaned, phrase, count)
        )

    def _store(
        self, user: User, game_id: str, channel: str, text: str | None, phrase: str | None,
        count: bool,
    ) -> Message:  # fmt: skip
        """One try at storing the message; ``count``: against the account's rate (the first
        try only: a message numbered again is still one message)."""
        with self.sessions.begin() as session:
            place = seating(session, game_id, user.id)
            if channel != place.writable:
                raise _refusal(place.seated, channel)
            self.may_post(session, user, count)
            last = session.scalar(
                select(func.max(ChatMessage.seq)).where(
                    ChatMessage.game_id == game_id, ChatMessage.channel == channel
                )
            )
            at = now()
            stored = ChatMessage(game_id=game_id, seq=(last or 0) + 1, channel=channel,
                                 user_id=user.id, text=text, phrase=phrase, at=at)  # fmt: skip
            session.add(stored)
            session.flush()
            if self.jobs is not None:  # told in the message's transaction: both or neither
                readers = [user_id for user_id, _ in mentioned_readers(session, stored)]
                notify_mention(session, self.jobs, readers, game_id, user.username)
            self.wake_at_commit(session, wake_key(game_id))
            message = Message(stored.id, stored.seq, channel, user.username, text, phrase, at)
        self.notifier.publish(wake_key(game_id))
        return message

    # ------------------------------------------------------------------ mutes

    def mute(self, user: User, username: str) -> str:
        """Hide ``username``'s messages from ``user`` in every game; answers the name."""
        with self.sessions.begin() as session:
            other = _account(session, username)
            if other.id == user.id:
                raise Unprocessable("you cannot mute yourself", "mute_self")
            if session.get(ChatMute, (user.id, other.id)) is None:
                count = session.scalar(select(func.count()).where(ChatMute.user_id == user.id))
                if (count or 0) >= MAX_MUTES:
                    raise Unprocessable(f"you muted {MAX_MUTES} accounts, the most one may: "
                                        "unmute one first", "too_many_mutes")  # fmt: skip
                session.add(ChatMute(user_id=user.id, muted_id=other.id))
            return other.username

    def unmute(self, user: User, username: str) -> str:
        with self.sessions.begin() as session:
            other = _account(session, username)
            session.execute(
                delete(ChatMute).where(ChatMute.user_id == user.id, ChatMute.muted_id == other.id)
            )
            return other.username

    def mutes(self, user: User) -> list[str]:
        """The accounts ``user`` muted, by name."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(User.username)
                    .join(ChatMute, ChatMute.muted_id == User.id)
                    .where(ChatMute.user_id == user.id)
                    .order_by(func.lower(User.username))
                )
            )

    # ------------------------------------------------------------------ reports

    def report(self, user: User, message_id: int, reason: str = "") -> int:
        """Report a message ``user`` may read (once); answers the report's id."""
        reason = " ".join(clean_reason(reason).split())
        with self.sessions.begin() as session:
            stored = session.get(ChatMessage, message_id) if 0 < message_id <= MAX_ROW_ID else None
            if stored is None:
                raise NotFound(f"no message {message_id}")
            place = seating(session, stored.game_id, user.id)
            if stored.channel not in place.readable:
                raise NotFound(f"no message {message_id}")  # not even that it exists
            if stored.user_id == user.id:
                raise Unprocessable("you cannot report your own message", "report_self")
            return add_report(
                session, ChatReport(message_id=message_id, reporter_id=user.id, reason=reason)
            )

    def mentioned(self, message_id: int) -> list[str]:
        """The accounts a stored message names as ``@username`` that may read it (its
        channel) and have not muted its author, by name."""
        with self.sessions() as session:
            stored = session.get(ChatMessage, message_id)
            if stored is None:
                raise NotFound(f"no message {message_id}")
            return [name for _, name in mentioned_readers(session, stored)]


def mentioned_readers(session: Session, stored: ChatMessage) -> list[tuple[int, str]]:
    """(id, name) of the accounts ``stored`` names that may read it and have not muted or
    blocked its author, in the order named: the people a mention notifies."""
    named = named_readers(session, GAME_SHELF, stored.text or "", stored.user_id)
    return [
        (user_id, name) for user_id, name in named
        if stored.channel in seating(session, stored.game_id, user_id).readable
    ]  # fmt: skip


def clean_reason(raw: str) -> str:
    """A report's or a silence's reason: as a message's text, but may be empty."""
    text = plain_line(raw)
    if len(text) > MAX_REASON:
        raise Unprocessable(
            f"a reason has at most {MAX_REASON} characters, not {len(text)}", "reason_too_long"
        )
    return text


def _account(session: Session, username: str) -> User:
    found = session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if found is None:
        raise NotFound(f"no account {username!r}")
    return found
