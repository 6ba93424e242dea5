"""A game's move log as the terminal keeps it: each move's events, with their audience, as
``apply`` returned them, so that the news before a human's turn, a resumed game and
``carson replay`` show what happened without replaying the game to recover it.

Numbering as the server's (:mod:`carson.server.play.events`): entry 0 holds the setup's events
(the card game's deal), entry ``n`` those of move ``n``. Saves keep the entries in the
server's stored form (``{"kind", "data", "seats"}``, through JSON), so an event read back
from a save looks as one read back from the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from carson.core.events import decode_event, encode_events
from carson.core.game import JSON, Event
from carson.core.record import GameRecord, RecordError


class MoveLog:
    """Each move's events, all audiences, oldest first (entry 0: the setup's)."""

    def __init__(self, opening: Iterable[Event] = ()) -> None:
        self._moves: list[list[Event]] = []
        self._stored: list[list[JSON]] = []  # encoded once per move: saves write them often
        self.add(opening)

    def add(self, events: Iterable[Event]) -> None:
        """The events of the next move."""
        move = list(events)
        self._moves.append(move)
        self._stored.append(encode_events(move))

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` entries (a move taken back)."""
        del self._moves[length:], self._stored[length:]

    def __len__(self) -> int:
        """How many entries: the setup's and one per move."""
        return len(self._moves)

    def __getitem__(self, seq: int) -> list[Event]:
        """The events of move ``seq`` (0: the setup's)."""
        return self._moves[seq]

    def since(self, seq: int) -> Iterator[Event]:
        """The events of the entries from ``seq`` on, oldest first."""
        for move in self._moves[seq:]:
            yield from move

    def to_json(self) -> list[list[JSON]]:
        return self._stored

    @classmethod
    def from_json(cls, data: Any) -> MoveLog:
        """A log read back from a save; ``ValueError`` if it is not one."""
        if not isinstance(data, list) or not data:
            raise ValueError("the move log is missing")
        try:
            moves = [[decode_event(event) for event in move] for move in data]
        except (KeyError, TypeError) as error:
            raise ValueError(f"malformed move log: {error}") from None
        log = cls()
        log._moves, log._stored = moves, data
        return log


def replayed(record: GameRecord, state: Any, opening: Iterable[Event]) -> MoveLog:
    """Derive the log of ``record`` by playing it on ``state`` (a new game of the record,
    whose setup brought ``opening``): for records and saves that keep no events."""
    log = MoveLog(opening)
    for number, (seat, action) in enumerate(record.actions, start=1):
        try:
            log.add(state.apply_json(seat, action))
        except ValueError as error:
            raise RecordError(f"action {number} ({action}) for seat {seat}: {error}") from None
    return log
