"""Leaving a game before its end: resigning, a timeout's takeover, and aborting.

- **Resign** (``left = 'resigned'``) and a ``takeover`` timeout (``left = 'timeout'``): a
  machine of the table's timeout level plays the seat from then on
  (:func:`carson.server.play.machines.machine_kind`) and the player ranks last. When nobody is
  left playing, the machines play the game to its end.
- **Abort**, in the game's first round only: the game ends at once, unrated
  (``ended = 'aborted'``), if every person still playing asks for it — or one person alone,
  while no other person has moved yet.

A seat's change is announced to every server process (each forgets its cached table), and
the machine's job for a seat that is asked now is queued in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from sqlalchemy import update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from carson.core.registry import HUMAN
from carson.server.kernel.db import Game, GameSeat
from carson.server.kernel.errors import Conflict
from carson.server.play import table_news
from carson.server.play.drafts import DraftBook
from carson.server.play.listeners import GameAborted, SeatTimedOut
from carson.server.play.machines import queue_next
from carson.server.play.store import GameStore
from carson.server.play.table import State, Table


def first_round(table: Table, state: State) -> bool:
    """Whether the game is in its first round: by the ``round`` its public view shows, or,
    for a game that shows none, until every seat has moved."""
    number = state.view(None).get("round")
    if isinstance(number, int) and not isinstance(number, bool):
        return number <= 1
    return len({seat for seat, _ in state.actions}) < len(table.seat_kinds)


def people(table: Table) -> list[int]:
    """The human seats whose players still play them."""
    return [
        seat
        for seat, kind in enumerate(table.seat_kinds)
        if kind == HUMAN and seat not in table.left
    ]


class Leaving:
    """Resigns, takeovers and aborts of the server's games."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.drafts = DraftBook(store)

    def _playing(
        self, session: Session, game_id: str, seat_of: Callable[[Table], int]
    ) -> tuple[Table, State, int]:
        """The game's fresh table, its state and the caller's seat, if the caller plays it."""
        table = self.store.table(session, game_id, fresh=True)
        seat = seat_of(table)
        if table.waiting:
            raise Conflict("the game has not started: it waits for players", "not_started")
        state = self.store.state(session, table)
        if table.over(state):
            raise Conflict("the game is over", "game_over")
        if seat in table.left:
            raise Conflict("you left this game already: a machine plays your seat", "left_game")
        return table, state, seat

    def resign(self, game_id: str, seat_of: Callable[[Table], int]) -> None:
        """The caller resigns: a machine plays the seat to the end; the player ranks last."""
        with self.store.lock(game_id), self.store.sessions() as session:
            table, state, seat = self._playing(session, game_id, seat_of)
            self.leave(session, table, state, seat, "resigned")
        self.store.forget_table(game_id)
        self.store.notifier.publish(game_id)

    def leave(
        self,
        session: Session,
        table: Table,
        state: State,
        seat: int,
        why: str,
        before_commit: Callable[[Session], None] | None = None,
    ) -> None:
        """Mark the seat left (``resigned``, ``timeout``) and queue its machine's move if it
        is asked now, with what ``before_commit`` adds, in one transaction."""
        with self.store.write_turn:
            marked = session.execute(
                update(GameSeat)
                .where(GameSeat.game_id == table.id, GameSeat.seat == seat)
                .where(GameSeat.left.is_(None))  # once, even if two processes race here
                .values(left=why, left_seq=len(state.actions), wants_abort=False)
            )
            if cast("CursorResult[Any]", marked).rowcount != 1:
                session.rollback()
                raise Conflict("the seat was left a moment ago", "left_game")
            kind = table_news.RESIGNED if why == "resigned" else table_news.TIMEOUT_LEFT
            table_news.tell(session, table.id, len(state.actions), seat, kind)
            self.store.forget_table(table.id)
            now = self.store.table(session, table.id, remember=False)
            drafts = self.drafts.of(session, now, state)
            drafted = sum(len(moves) for moves in drafts.values())
            queue_next(self.store.jobs, session, now, state, drafted)
            self.store.announce(session, table.id, seats=True)
            holder = table.holders.get(seat)
            if why == "timeout" and holder is not None:
                self.store.listeners.publish(
                    SeatTimedOut(session, self.store.jobs, table.id, holder)
                )
            if before_commit is not None:
                before_commit(session)
            session.commit()
        self.store.forget_table(table.id)

    def abort(self, game_id: str, seat_of: Callable[[Table], int]) -> bool:
        """The caller asks to abort the game; ``True`` if that ended it (it did not if
        other people still have to agree). 409 after the first round."""
        with self.store.lock(game_id), self.store.sessions() as session:
            table, state, seat = self._playing(session, game_id, seat_of)
            if not first_round(table, state):
                raise Conflict("a game can be aborted in its first round only", "too_late")
            others = [other for other in people(table) if other != seat]
            # A secret step's moves count as moves (issue 45): a player who already bought in
            # the new beginning's purchases has played, though nobody sees it yet.
            drafted = {
                other for other, moves in self.drafts.of(session, table, state).items() if moves
            }
            moved = {acting for acting, _ in state.actions} | drafted
            agreed = table.abort_asked | {seat}
            ends = all(other not in moved for other in others) or set(others) <= agreed
            with self.store.write_turn:
                session.execute(
                    update(GameSeat)
                    .where(GameSeat.game_id == game_id, GameSeat.seat == seat)
                    .values(wants_abort=True)
                )
                if ends:
                    session.execute(
                        update(Game)
                        .where(Game.id == game_id)
                        .values(status="over", ended="aborted", ended_at=self.store.clock())
                    )
                    self.store.clocks.stop(session, game_id, len(state.actions))
                    table_news.tell(session, game_id, len(state.actions), seat, table_news.ABORTED)
                    told = [user for other, user in table.people.items() if other != seat]
                    self.store.listeners.publish(
                        GameAborted(session, self.store.jobs, game_id, told)
                    )
                self.store.announce(session, game_id, seats=True)
                session.commit()
        self.store.forget_table(game_id)
        self.store.notifier.publish(game_id)
        return ends
