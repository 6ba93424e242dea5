"""Taking back a move before the turn is confirmed (issue 25), where the rules allow it:
the moves of a step of several moves (the board game's new-beginning purchases, a
construction's roads, building and house), which the server keeps as the seat's private
draft (:mod:`carson.server.play.drafts`) and which nobody else has seen. The last move of the
draft is dropped while the seat's step is still open; once the seat closed its step, or the
step resolved, nothing can be taken back."""

from __future__ import annotations

from sqlalchemy import delete

from carson.core.game import JSON
from carson.server.kernel.db import Draft, Game, User
from carson.server.kernel.errors import Conflict, Unprocessable
from carson.server.play.games import GameService

NOTHING = "nothing to take back: only the moves of a secret step still open can be undone"


def undo_last(service: GameService, user: User, game_id: str, seq: int) -> JSON:
    """Drop the caller's last drafted move (``seq``: the caller's seq, as for a move, so a
    repeated request takes back one move only); the caller's view after it."""
    store = service.store
    with store.lock(game_id), service.sessions() as session:
        table = store.table(session, game_id)
        seat = table.seat_of(user)
        if store.postgres:  # one drafting seat of a game at a time, in every process
            session.get(Game, table.id, with_for_update=True)
        game = store.state(session, table)
        drafts = service.drafts.of(session, table, game)
        state = service.drafts.seat_state(game, drafts, seat)
        if seq != len(state.actions):
            raise Conflict(f"stale seq {seq}: the game is at seq {len(state.actions)}",
                           "stale_seq")  # fmt: skip
        mine = drafts.get(seat, [])
        if not mine or not table.kind.drafts(state, seat):
            raise Unprocessable(NOTHING, "nothing_to_undo")
        with store.write_turn:
            if len(mine) > 1:
                session.merge(Draft(game_id=table.id, seat=seat, actions=mine[:-1]))
            else:
                session.execute(delete(Draft).where(Draft.game_id == table.id, Draft.seat == seat))
            store.announce(session, table.id)  # the seat's own streams, everywhere
            session.commit()
    store.notifier.publish(game_id)
    return service.view(user, game_id)
