"""Where a reader of a game's chat is: the last message seen in each channel.

Each channel numbers its own messages (``seq`` 1, 2, 3 … per game and channel), so the
numbers a reader sees never tell how much the other channel said (issue 45: players would
see gaps when spectators talk). A reader of both channels (a player once the game is over)
goes on from a cursor ``"P.S"``: after message ``P`` of the players' channel and ``S`` of
the spectators'. A bare ``"N"`` stands for ``"N.N"``: for a reader of one channel it is
simply the last number seen there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from carson.server.kernel.errors import Unprocessable

PLAYERS = "players"
SPECTATORS = "spectators"
#: The largest seq a reader may name (a seq is an INTEGER column: 32 bits on PostgreSQL).
MAX_SEQ = 2**31 - 1
#: What a cursor looks like in a query, a stream's id and a page's attribute.
PATTERN = r"^\d{1,10}(\.\d{1,10})?$"
_FORM = re.compile(PATTERN)


@dataclass(frozen=True)
class Cursor:
    """After message ``players`` of the players' channel and ``spectators`` of theirs."""

    players: int = 0
    spectators: int = 0

    def of(self, channel: str) -> int:
        return self.players if channel == PLAYERS else self.spectators

    def after(self, channel: str, seq: int) -> Cursor:
        """The cursor once message ``seq`` of ``channel`` was seen."""
        if channel == PLAYERS:
            return replace(self, players=max(self.players, seq))
        return replace(self, spectators=max(self.spectators, seq))

    def __str__(self) -> str:
        return f"{self.players}.{self.spectators}"


#: Before the first message of either channel.
START = Cursor()


def parse_cursor(text: str, what: str = "since") -> Cursor:
    """A cursor from a query or a ``Last-Event-ID`` (422 for anything else)."""
    text = text.strip()
    if not _FORM.match(text) or not text.isascii():
        raise Unprocessable(f"{what} {text[:40]!r} is not a chat cursor (N or P.S)")
    parts = [int(part) for part in text.split(".")]
    if max(parts) > MAX_SEQ:
        raise Unprocessable(f"{what} {text!r} names a message past the last there can be")
    return Cursor(parts[0], parts[-1])
