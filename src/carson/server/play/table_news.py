"""What happened at a table beside its moves (issue 44: "every event told"): a seat's time
ran out (a machine moved once for it, or took it over), a resignation, an abort. Written in
the transaction of what it tells (:class:`~carson.server.kernel.db.TableEvent`); the table's
pages and the API's view read the latest, for the players and spectators alike (nothing of
it is secret)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.kernel.db import TableEvent, now

TIMEOUT_MOVE, TIMEOUT_LEFT, RESIGNED, ABORTED = (
    "timeout_move",
    "timeout_left",
    "resigned",
    "aborted",
)
KINDS = (TIMEOUT_MOVE, TIMEOUT_LEFT, RESIGNED, ABORTED)
#: The latest told on a table's page.
SHOWN = 5


@dataclass(frozen=True)
class News:
    """One thing that happened: at which move (the moves stored then), whose seat, what."""

    seq: int
    seat: int | None
    kind: str

    def to_json(self) -> JSON:
        return {"seq": self.seq, "seat": self.seat, "kind": self.kind}


def tell(session: Session, game_id: str, seq: int, seat: int | None, kind: str) -> None:
    """Keep ``kind`` (one of :data:`KINDS`) in ``session``'s transaction."""
    if kind not in KINDS:
        raise ValueError(f"unknown table news {kind!r}")
    session.add(TableEvent(game_id=game_id, seq=seq, seat=seat, kind=kind, at=now()))


def latest(session: Session, game_id: str, most: int = SHOWN) -> list[News]:
    """The game's latest news, oldest first."""
    rows = session.execute(
        select(TableEvent.seq, TableEvent.seat, TableEvent.kind)
        .where(TableEvent.game_id == game_id)
        .order_by(TableEvent.id.desc())
        .limit(most)
    ).all()
    return [News(seq, seat, kind) for seq, seat, kind in reversed(rows)]


def machine_moves(session: Session, game_id: str) -> frozenset[int]:
    """The moves a machine made for a person whose time ran out (the move after each
    ``timeout_move``): the move log says so."""
    rows = session.execute(
        select(TableEvent.seq).where(TableEvent.game_id == game_id, TableEvent.kind == TIMEOUT_MOVE)
    ).scalars()
    return frozenset(seq + 1 for seq in rows)
