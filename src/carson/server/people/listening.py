"""What people listen to in play (:mod:`carson.server.play.listeners`): a join is refused
when a block keeps the joiner apart from anyone seated at the table."""

from __future__ import annotations

from sqlalchemy import select

from carson.server.kernel.db import GameSeat
from carson.server.kernel.errors import Forbidden
from carson.server.people.relations import apart
from carson.server.play.listeners import Joining, Listeners


def refuse_blocked(event: Joining) -> None:
    seated = event.session.scalars(
        select(GameSeat.user_id).where(GameSeat.game_id == event.game.id)
    ).all()
    if apart(event.session, event.user.id, seated):
        raise Forbidden("you cannot join this table", "blocked")


def listen(listeners: Listeners) -> None:
    """Refuse blocked joins (the composition root calls this)."""
    listeners.on(Joining, refuse_blocked)
