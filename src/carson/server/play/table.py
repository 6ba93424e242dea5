"""A game's table: what its requests need to know of it besides its moves — its game,
configuration, seats and their holders, settings, and how it ended. Fixed once every human
seat is taken, so the store caches a started game's table (:mod:`carson.server.play.store`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from carson.core.game import JSON, Action, GameState
from carson.core.registry import AnyGameKind, game_kind
from carson.server.kernel.db import User
from carson.server.kernel.errors import Forbidden
from carson.server.play.table_settings import TableSettings

#: A game's state as the server handles it: any game's, through the engines' protocol.
State = GameState[Action]


@dataclass(frozen=True)
class Table:
    """What a game's requests need to know of it besides its moves. Fixed once every human
    seat is taken, so a started game's table is cached: a move costs one query and a write."""

    id: str
    game: str
    config: JSON
    seat_kinds: list[str]
    seed: int
    lang: str
    waiting: bool
    holders: dict[int, int]  # seat → user id
    names: dict[int, str]  # seat → username
    settings: TableSettings = field(default_factory=TableSettings)
    #: Seats whose player left (resigned, timed out): a machine plays them.
    left: dict[int, str] = field(default_factory=dict)
    #: How the game ended when it was read: aborted (over, whatever the engine says),
    #: cancelled or expired (it never started), finished; ``None`` while it waits or runs.
    ended: str | None = None
    #: Seats whose players asked to abort the game (:mod:`carson.server.play.leaving`).
    abort_asked: frozenset[int] = frozenset()
    bots: frozenset[int] = frozenset()  # seats held by bot accounts

    @property
    def kind(self) -> AnyGameKind:
        return game_kind(self.game)

    @property
    def people(self) -> dict[int, int]:
        """Seat → user id of the seats a person still plays (no bot account, not left)."""
        skip = self.bots | set(self.left)
        return {seat: user_id for seat, user_id in self.holders.items() if seat not in skip}

    def seat_of(self, user: User) -> int:
        for seat, user_id in self.holders.items():
            if user_id == user.id:
                return seat
        raise Forbidden("you have no seat in this game")

    def seat_or_none(self, user: User | None) -> int | None:
        """The person's seat, or ``None`` for a spectator: anyone who holds none, signed in
        or not (whoever knows a game's id may watch it: docs/watching.md)."""
        if user is not None:
            for seat, user_id in self.holders.items():
                if user_id == user.id:
                    return seat
        return None

    def status(self, state: State) -> str:
        if self.over(state):
            return "over"
        return "waiting" if self.waiting else "playing"

    def over(self, state: State) -> bool:
        """Played to its end, or ended otherwise (aborted, cancelled, expired)."""
        return state.is_over or self.ended is not None
