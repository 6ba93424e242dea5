"""Secret steps of several moves: a seat's moves kept as its private draft until the step
resolves for every seat, then written as moves all at once.

A game says which steps these are (``GameKind.drafting``; the board game's new-beginning
purchases, one move per item, hidden until the reveal by BG-11.4). Were each move written as
it comes, the others would see the game's seq advance, and a live message arrive, once per
item bought. Instead the server keeps a drafting seat's moves in the ``drafts`` table: the
seat is shown the game with its own draft played (its seq counts its draft), everyone else
the game without any draft. When the last drafting seat closes its step, every draft is
written as moves in one transaction, seat after seat, the closing seat last, and the step
resolves (the reveal) in that last move. A draft holds no event anybody is served before.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.db import Draft, Game
from carson.server.errors import Conflict
from carson.server.store import BeforeCommit, GameStore, Table

Drafts = dict[int, list[JSON]]
STALE = "another move was accepted first; look at the game again"


class DraftBook:
    """The drafts of the server's games (stored in the database, read per request)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def of(self, session: Session, table: Table, state: Any) -> Drafts:
        """The game's drafts by seat; no query unless a seat is in a drafting step."""
        kind = table.kind
        if kind.drafting is None or not any(kind.drafts(state, s) for s in state.seats_to_act):
            return {}
        rows = session.execute(
            select(Draft.seat, Draft.actions).where(Draft.game_id == table.id)
        ).all()
        return {seat: list(actions) for seat, actions in rows}

    def seat_state(self, state: Any, drafts: Drafts, seat: int | None) -> Any:
        """The game as ``seat`` knows it: with its own draft played, nobody else's (a
        spectator, ``None``: the game as stored, no draft at all)."""
        mine = None if seat is None else drafts.get(seat)
        if not mine:
            return state
        own = state.clone()
        for action in mine:
            own.apply_json(seat, action)
        return own

    def submit(
        self,
        session: Session,
        table: Table,
        state: Any,
        drafts: Drafts,
        seat: int,
        action: Any,
        before_commit: BeforeCommit | None = None,
    ) -> Any:
        """Add a legal ``action`` to the seat's draft; if that closes the step for the last
        drafting seat, write every draft as moves. ``before_commit`` adds to the transaction
        (given the game as stored: ``state`` itself while only a draft changed). The seat's
        state after it."""
        if self.store.postgres:  # one drafting seat of a game at a time, in every process
            session.get(Game, table.id, with_for_update=True)
            if len(self.store.state(session, table).actions) != len(state.actions):
                raise Conflict(
                    "another move was accepted first; look at the game again", "stale_seq"
                )
            current = self.of(session, table, state)
            if current.get(seat, []) != drafts.get(seat, []):  # this seat's, meanwhile
                raise Conflict(
                    "another move was accepted first; look at the game again", "stale_seq"
                )
            drafts = current
        mine = [*drafts.get(seat, []), action.to_json()]
        after = self.seat_state(state, {seat: mine}, seat)
        if not table.kind.drafts(after, seat):
            moves = [(other, a) for other in sorted(drafts) if other != seat for a in drafts[other]]
            moves += [(seat, a) for a in mine]
            combined = state.clone()
            for other, data in moves:
                combined.apply_json(other, data)
            if not any(table.kind.drafts(combined, s) for s in combined.seats_to_act):
                return self._write(session, table, state, moves, before_commit)
        with self.store.write_turn:
            session.merge(Draft(game_id=table.id, seat=seat, actions=mine))
            if table.settings.time_control is not None and not table.kind.drafts(after, seat):
                self.store.clocks.close_step(session, table.id, seat)  # charged at the reveal
            self.store.announce(session, table.id)  # the seat's own streams, everywhere
            if before_commit is not None:
                before_commit(session, state)
            session.commit()
        self.store.notifier.publish(table.id)
        return after

    def _write(
        self,
        session: Session,
        table: Table,
        state: Any,
        moves: list[tuple[int, JSON]],
        before_commit: BeforeCommit | None,
    ) -> Any:
        """Every draft as moves, and no draft left, in one transaction."""
        kind = table.kind
        typed = [(seat, kind.action_from_json(state, data)) for seat, data in moves]
        session.execute(delete(Draft).where(Draft.game_id == table.id))
        return self.store.record_moves(session, table, state, typed, before_commit)
