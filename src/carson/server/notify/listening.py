"""What notifications listen to in play (:mod:`carson.server.play.listeners`), each written
in the transaction of what caused it: a person's turn, the game's end, a seat given at a
table (quick match, a rematch offered), a game aborted, a pause in an arena for a timeout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carson.server.notify.notices import GAME_OVER, INVITATION, TIMEOUT_SOON, after_moves, notify
from carson.server.people.relations import unblocked_by
from carson.server.play.listeners import GameAborted, Invited, Listeners, MovesWritten
from carson.server.tournaments.pausing import ArenaPaused

if TYPE_CHECKING:
    from carson.server.play.table import Table


class TurnNotices:
    """Each person newly asked to act is told; at the end, all are told the game is over.
    Not at a table of one person against machines: that person is on the page."""

    def writes(self, table: Table, after: Any) -> bool:
        return len(table.holders) > 1

    def written(self, moves: MovesWritten) -> None:
        table = moves.table
        if self.writes(table, moves.after):
            after_moves(moves.session, moves.queue, table.id, table.people, moves.before,
                        moves.after)  # fmt: skip


def invited(event: Invited) -> None:
    """Nobody hears of an offer or an invitation from someone they blocked."""
    by = event.offer.get("by") if event.offer else None
    people = event.people if not by else unblocked_by(event.session, event.people, str(by))
    notify(event.session, event.queue, people, INVITATION, event.game_id, event.offer)


def aborted(event: GameAborted) -> None:
    notify(event.session, event.queue, event.told, GAME_OVER, event.game_id,
           {"ended": "aborted"})  # fmt: skip


def arena_paused(event: ArenaPaused) -> None:
    """Told as a clock's notice: one's time ran out, so one is paused in the arena."""
    notify(event.session, event.queue, [event.user_id], TIMEOUT_SOON, event.game_id,
           {"paused": event.tournament_id})  # fmt: skip


def listen(listeners: Listeners) -> None:
    """Notify of turns, ends, invitations and aborts (the composition root calls this)."""
    listeners.on_moves(TurnNotices())
    listeners.on(Invited, invited)
    listeners.on(GameAborted, aborted)
    listeners.on(ArenaPaused, arena_paused)
