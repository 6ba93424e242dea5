"""The public events of a board game, move by move, for the page's "recent events" and the
final score sheet (VP by source).

The engine returns a move's events when the move is applied, and the server keeps only the
state; this log replays a game's moves on a copy of its own (configuration + seed + actions
give the whole game) and remembers the events per move, extending the copy as the game goes
on. Only public events (``seats is None``) or those addressed to the seat are handed out
(BG-11).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from carson.core.game import Event
from carson.games.board.engine.state import BoardGameState

#: Games whose replayed copies are kept (least recently used first out).
KEPT_GAMES = 256


@dataclass
class _Replayed:
    state: BoardGameState
    events: list[tuple[Event, ...]] = field(default_factory=list)  # per move, in order


class EventLog:
    """Events per move of the games seen lately (thread-safe)."""

    def __init__(self, size: int = KEPT_GAMES) -> None:
        self.size = size
        self._games: OrderedDict[str, _Replayed] = OrderedDict()
        self._guard = threading.Lock()

    def moves(self, game_id: str, game: BoardGameState) -> list[tuple[Event, ...]]:
        """Every move's events of ``game`` so far (all events: filter before showing)."""
        with self._guard:
            replayed = self._games.get(game_id)
            actions = game.actions
            if replayed is None or not _prefix(replayed.state, game):
                replayed = _Replayed(BoardGameState(game.config, game.seed, game.catalog))
            self._games[game_id] = replayed
            self._games.move_to_end(game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
            for seat, action in actions[len(replayed.state.actions) :]:
                replayed.events.append(tuple(replayed.state.apply(seat, action)))
            return list(replayed.events[: len(actions)])

    def seen_by(
        self, game_id: str, game: BoardGameState, seat: int | None, upto: int | None = None
    ) -> list[tuple[int, Event]]:
        """(move number, event) of the events ``seat`` may see, up to move ``upto``."""
        moves = self.moves(game_id, game)
        if upto is not None:
            moves = moves[:upto]
        return [
            (number, event)
            for number, events in enumerate(moves, start=1)
            for event in events
            if event.seats is None or (seat is not None and seat in event.seats)
        ]


def _prefix(replayed: BoardGameState, game: BoardGameState) -> bool:
    """Whether the replayed copy is an earlier moment of ``game``."""
    done = replayed.actions
    return (
        replayed.seed == game.seed
        and replayed.config == game.config
        and len(done) <= len(game.actions)
        and (not done or game.actions[len(done) - 1] == done[-1])
    )


EVENTS = EventLog()
