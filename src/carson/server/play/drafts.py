"""Steps of several moves kept as a seat's private draft until the step ends, then written
as moves all at once: what nobody else has seen can be taken back (:mod:`.undo`).

A game says which steps these are (``GameKind.drafting``): the board game's new-beginning
purchases, one move per item, hidden until the reveal by BG-11.4, and a construction's
roads, building and house (BG-9.1). Were each move written as it comes, the others would see
the game's seq advance, and a live message arrive, once per move. Instead the server keeps a
drafting seat's moves in the ``drafts`` table: the seat is shown the game with its own draft
played (its seq counts its draft), everyone else the game without any draft. When the seat's
step ends, and no other seat asked with it is still in its own (a step all seats take
together), every draft is written as moves in one transaction, seat after seat, the closing
seat last, and the step resolves (the reveal) in that last move. A move that draws anything
random ends a draft at once. A draft holds no event anybody is served before."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from carson.core.chance import ChanceNeeded, ChanceTape
from carson.core.game import JSON, Action
from carson.core.registry import AnyGameKind
from carson.server.kernel.db import Draft, Game
from carson.server.kernel.errors import Conflict
from carson.server.play.store import BeforeCommit, GameStore
from carson.server.play.table import State, Table

Drafts = dict[int, list[JSON]]
STALE = "another move was accepted first; look at the game again"


def draws_chance(kind: AnyGameKind, state: State, seat: int, action: Action) -> bool:
    """Whether ``action`` draws anything random (a die, a bag): what it draws is revealed at
    once, so a draft never holds it. Played on a copy whose generator has no outcome to
    give (:class:`ChanceTape`); a game without a chance hook draws nothing a draft holds."""
    if kind.chance is None:
        return False
    probe = state.clone()
    kind.chance.draw_from(probe, ChanceTape())
    try:
        probe.apply_json(seat, action.to_json())
    except ChanceNeeded:
        return True
    return False


class DraftBook:
    """The drafts of the server's games (stored in the database, read per request)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def of(self, session: Session, table: Table, state: State) -> Drafts:
        """The game's drafts by seat; no query unless a seat is in a drafting step."""
        kind = table.kind
        if kind.drafting is None or not any(kind.drafts(state, s) for s in state.seats_to_act):
            return {}
        rows = session.execute(
            select(Draft.seat, Draft.actions).where(Draft.game_id == table.id)
        ).all()
        return {seat: list(actions) for seat, actions in rows}

    def seat_state(self, state: State, drafts: Drafts, seat: int | None) -> State:
        """The game as ``seat`` knows it: with its own draft played, nobody else's (a
        spectator, ``None``: the game as stored, no draft at all)."""
        mine = None if seat is None else drafts.get(seat)
        if not mine or seat is None:
            return state
        own = state.clone()
        for action in mine:
            own.apply_json(seat, action)
        return own

    def submit(
        self,
        session: Session,
        table: Table,
        state: State,
        drafts: Drafts,
        seat: int,
        action: Action,
        before_commit: BeforeCommit | None = None,
    ) -> State:
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
        drew = draws_chance(table.kind, self.seat_state(state, drafts, seat), seat, action)
        if drew or not table.kind.drafts(after, seat):
            # The seat's step ended (or a random draw revealed something: the draft ends
            # there). The others asked with it may still be in theirs (a secret step that
            # all seats take together): then they are waited for, unless this draft ends
            # on a draw, which is written at once, alone.
            waiting = [
                other
                for other in state.seats_to_act
                if other != seat and table.kind.drafts(self.seat_state(state, drafts, other), other)
            ]
            written = [seat] if waiting else [*sorted(s for s in drafts if s != seat), seat]
            if drew or not waiting:
                with_mine = {**drafts, seat: mine}
                moves = [(s, data) for s in written for data in with_mine.get(s, [])]
                return self._write(session, table, state, moves, written, before_commit)
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
        state: State,
        moves: list[tuple[int, JSON]],
        seats: list[int],
        before_commit: BeforeCommit | None,
    ) -> State:
        """The drafts of ``seats`` as moves, and no draft of theirs left, in one
        transaction."""
        kind = table.kind
        typed = [(seat, kind.action_from_json(state, data)) for seat, data in moves]

        def drop_drafts(within: Session, after: State) -> None:
            # Written in the store's write turn, with the moves: a write before the turn
            # would hold SQLite's lock while waiting for it (carson.server.kernel.write_turn).
            within.execute(delete(Draft).where(Draft.game_id == table.id, Draft.seat.in_(seats)))
            if before_commit is not None:
                before_commit(within, after)

        return self.store.record_moves(session, table, state, typed, drop_drafts)
