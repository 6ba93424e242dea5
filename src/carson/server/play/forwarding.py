"""A live stream's update forwarded from what the move left in this process's memory
(issue 43): the game's state after it, its table, and the events each stored move built
(:meth:`~carson.server.play.cache.GameCache.put_moved`), each stream sent those its audience
may see — no database read and no request thread, where a stream used to rebuild its view
and read the move's events back (three queries per seat and move).

Only what memory knows exactly is forwarded: a game whose table and state are cached, with
no move heard from another process still to play, no clock (a view's clocks are read), no
seat in a secret step (a seat's view holds its own draft), and the events of every move the
stream was not told of yet. Anything else is :data:`UNKNOWN`, and the stream reads as before
(:func:`carson.server.play.stream._catch_up`); both give the same messages.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from carson.server.kernel.jsonio import dumps
from carson.server.play.events import SeatEvent, decode_event
from carson.server.play.live.fanout import Update
from carson.server.play.store import drafting

if TYPE_CHECKING:
    from carson.core.game import JSON
    from carson.server.play.games import GameService
    from carson.server.play.store import GameStore
    from carson.server.play.table import State, Table


class Unknown(enum.Enum):
    """Memory does not know the update exactly: the stream reads it."""

    UNKNOWN = 0


UNKNOWN = Unknown.UNKNOWN


def forwarded(service: GameService, game_id: str, told: JSON) -> Update | Unknown | None:
    """The messages of a stream that was last sent the view ``told`` (its seat's, or a
    spectator's), from memory: ``None`` if the game has not changed since."""
    store = service.store
    known = known_exactly(store, game_id)
    if known is None:
        return UNKNOWN
    table, state = known
    seq, status = len(state.actions), table.status(state)
    if seq < told["seq"]:  # the stream was told of a move this process has not played yet
        return UNKNOWN
    if (seq, status) == (told["seq"], told["status"]):
        return None
    stored = store.cache.events(game_id, told["seq"], seq)
    if stored is None:
        return UNKNOWN
    seat: int | None = told["seat"]
    view = service.seat_view(table, state, seat)
    moves = [(number, _move_data(number, events, seat)) for number, events in stored]
    return Update(view, moves, dumps(view))


def known_exactly(store: GameStore, game_id: str) -> tuple[Table, State] | None:
    """The game's table and state if memory knows every seat's view of it exactly (no
    database read needed), else ``None``: not cached, or its seats changed (someone left,
    it ended), a move heard from another process still to play, a clock (a view's clocks
    are read), a seat in a secret step (its view holds its own draft)."""
    table = store.known_table(game_id)
    state, heard = store.cache.state_and_heard(game_id)
    if (
        table is None
        or state is None
        or heard
        or table.settings.time_control is not None
        or drafting(table.kind, state)
    ):
        return None
    return table, state


def _move_data(seq: int, events: list[JSON], seat: int | None) -> str:
    """The data of a ``move`` message: the move's events ``seat`` may see."""
    seen = [SeatEvent(seq, event).to_json() for event in map(decode_event, events)
            if event.visible_to(seat)]  # fmt: skip
    return dumps({"seq": seq, "events": seen})
