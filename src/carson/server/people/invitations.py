"""Inviting a person to a table by name: a seated player of a table still waiting for people
tells someone, who is notified (the bell, and a push or a mail as they chose) and takes the
seat on the table's page. Never someone kept apart by a block from anyone at the table."""

from __future__ import annotations

from carson.server.accounts.guests import require_member
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Forbidden
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.people.relations import apart
from carson.server.people.service import account
from carson.server.play.listeners import Invited
from carson.server.play.store import GameStore


def invite(store: GameStore, limiter: RateLimiter, user: User, game_id: str, username: str) -> str:
    """``user`` invites ``username`` to the table ``game_id``; answers the name."""
    require_member(user, "invite people")
    limiter.take(Rule.PEOPLE_USER, str(user.id))
    with store.sessions.begin() as session:
        game = store.game(session, game_id, lock=True)
        seated = set(store.holders(session, game_id).values())
        if user.id not in seated:
            raise Forbidden("only a player at this table may invite to it", "not_seated")
        if game.status != "waiting" or game.rematch_of is not None:
            raise Conflict("this table has no free seat to invite to", "no_free_seat")
        other = account(session, username, user, "invite")
        if other.id in seated:
            raise Conflict(f"{other.username} already holds a seat here", "already_seated")
        if apart(session, other.id, seated):
            raise Forbidden(f"you cannot invite {other.username}", "blocked")
        offer = {"by": user.username, "invite": True}
        store.listeners.publish(Invited(session, store.jobs, game_id, [other.id], offer))
        return other.username
