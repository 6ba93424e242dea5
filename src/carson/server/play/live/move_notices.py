"""The moves a notification carries between server processes (PostgreSQL, issue 22).

A stored move's ``NOTIFY`` carries the move itself — the seq it follows, each move's seat
and action — besides the game's id. A process that has the game in its cache keeps the move
there when the notice arrives (:meth:`.GameCache.hear`: played when the game is next asked
for), so the game's next move, sent to that process, does not read the other process's move
back from the database (that read and its ``BEGIN`` were a third of a move's wall time when
moves alternate between processes). A notice is a hint, never the truth: one that does not
continue the cached state exactly (missed, late, the game not cached) changes nothing, and
the next request reads the database as before. Notices are delivered only once their
transaction commits, so a move heard is a stored move. Every process hears its own notices
too: :func:`is_own` knows them without reading their moves.

Payload: ``<game>`` alone, or ``<game> <json>`` with ``{"by": process, "after": seq,
"moves": [[seat, action], ...]}``; a payload that would pass PostgreSQL's limit is sent as
``<game>`` alone.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import orjson
from sqlalchemy import JSON as STORED_JSON
from sqlalchemy import Integer, String, bindparam, cast, func, insert, select

from carson.core.game import JSON
from carson.server.kernel.db import Move
from carson.server.kernel.live import CHANNEL

#: PostgreSQL refuses a notification payload of 8000 bytes or more; this leaves room.
MAX_PAYLOAD = 7000
log = logging.getLogger("carson.server.play.live.move_notices")

#: A move's insert with its notice riding on it (PostgreSQL): the row comes from a one-row
#: select that sends the notice, so a move is one round trip, not two, and the notice goes
#: only with the row (a stale move's failed insert sends none). Casts: a bare parameter in
#: a select list has no type PostgreSQL could infer.
_NOTICE = select(func.pg_notify(CHANNEL, bindparam("notice")).label("sent")).subquery("notice")
INSERT_MOVE_WITH_NOTICE = insert(Move).from_select(
    ["game_id", "seq", "seat", "action", "events"],
    select(
        cast(bindparam("game_id", type_=String), String),
        cast(bindparam("seq", type_=Integer), Integer),
        cast(bindparam("seat", type_=Integer), Integer),
        cast(bindparam("action", type_=STORED_JSON), STORED_JSON),
        cast(bindparam("events", type_=STORED_JSON(none_as_null=True)), STORED_JSON),
    ).select_from(_NOTICE),
)


@dataclass(frozen=True)
class HeardMoves:
    """Moves stored by a process (``by``): they follow move ``after`` of ``game``."""

    game: str
    by: str
    after: int
    moves: list[tuple[int, JSON]]


def notice_payload(game_id: str, by: str, after: int, moves: Sequence[tuple[int, JSON]]) -> str:
    """The payload announcing ``moves`` (seat, action as JSON) stored after seq ``after`` by
    the process ``by`` (which ignores its own notices: its cache has the moves already)."""
    played = [[seat, action] for seat, action in moves]
    body = orjson.dumps({"by": by, "after": after, "moves": played})
    payload = f"{game_id} {body.decode()}"
    return payload if len(payload.encode()) < MAX_PAYLOAD else game_id


def own_prefix(by: str) -> str:
    """How the moves of each notice from the process ``by`` begin (its first key)."""
    return '{"by":' + orjson.dumps(by).decode() + ","


def is_own(payload: str, prefix: str) -> bool:
    """Whether a notice carries moves of the process whose :func:`own_prefix` is ``prefix``,
    told without parsing them (a process hears its own notices too)."""
    return payload.partition(" ")[2].startswith(prefix)


def read_notice(payload: str) -> tuple[str, HeardMoves | None]:
    """The game a notice names, and the moves it carries (``None``: none, or unreadable)."""
    game_id, _, body = payload.partition(" ")
    if not body:
        return game_id, None
    try:
        data = orjson.loads(body)
        moves = [(int(seat), action) for seat, action in data["moves"]]
        return game_id, HeardMoves(game_id, str(data["by"]), int(data["after"]), moves)
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        log.warning("a move notice of game %s could not be read: ignored", game_id)
        return game_id, None
