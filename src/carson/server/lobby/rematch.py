"""Rematch: after a game is over, any of its people offers the same table again — the same
game, variants, seats, language and settings, a new secret seed — and each of the others
accepts by asking for it too. Each person takes the seat they had; the new game starts when
every one of them has accepted (as any game does once its human seats are taken).

A game has one rematch (a unique index on ``games.rematch_of``: two players asking at once
make one table). The rematch is private — its free seats are kept for the old game's
people, nobody else may join it — and it waits, like any table, until it expires
(:data:`OFFER_DAYS`) or its players take their seats.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.registry import game_kind
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import Conflict, Forbidden, NotFound
from carson.server.lobby.tables import schedule_expiry
from carson.server.play.events import encode_events, opening_events
from carson.server.play.integrity import game_seed
from carson.server.play.listeners import Invited
from carson.server.ratings.profiles import utc

if TYPE_CHECKING:
    from carson.server.play.games import GameService

#: How long a rematch offer waits for the others before it expires.
OFFER_DAYS = 1
#: How games that cannot be played again ended (they never started).
NEVER_STARTED = ("cancelled", "expired")


class Rematches:
    """The rematches of a server's games."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    def offer(self, user: User, game_id: str) -> JSON:
        """Offer the rematch of ``game_id``, or accept the one offered: the caller takes
        their old seat at it. Asking again changes nothing."""
        try:
            return self._offer(user, game_id)
        except IntegrityError:  # another player made the rematch a moment ago: accept it
            return self._offer(user, game_id)

    def _offer(self, user: User, game_id: str) -> JSON:
        with self.service.sessions.begin() as session:
            old, seat = self._played(session, user, game_id)
            rematch = self._rematch(session, game_id)
            if rematch is None:
                rematch = self._new_table(session, old, user)
                others = set(self.store.holders(session, game_id).values()) - {user.id}
                offer = {"by": user.username, "rematch_of": game_id}
                self.store.listeners.publish(
                    Invited(session, self.store.jobs, rematch.id, others, offer)
                )
            holders = self.store.holders(session, rematch.id)
            if seat not in holders:
                rematch = self.store.game(session, rematch.id, lock=True)  # not expiring now
                if rematch.status != "waiting" or rematch.ended is not None:
                    raise Conflict("this rematch offer lapsed: nobody accepted it in time",
                                   "rematch_lapsed")  # fmt: skip
                session.add(GameSeat(game_id=rematch.id, seat=seat, user_id=user.id))
                session.flush()
                self.service.start_if_full(session, rematch)
                self.store.announce(session, rematch.id)
            self.store.announce(session, game_id)  # the old game's pages hear of the offer
        self.service.notifier.publish(rematch.id)
        self.service.notifier.publish(game_id)
        return self.state(user, game_id)

    def state(self, user: User, game_id: str) -> JSON:
        """The rematch of ``game_id`` as its people see it (404 while none is offered)."""
        with self.service.sessions() as session:
            self._played(session, user, game_id)
            rematch = self._rematch(session, game_id)
            if rematch is None:
                raise NotFound("no rematch of this game has been offered", "no_rematch")
            old_holders = self.store.holders(session, game_id)
            taken = self.store.holders(session, rematch.id)
            names = dict(
                session.execute(
                    select(User.id, User.username).where(User.id.in_(list(old_holders.values())))
                ).all()
            )
            return {
                "game": game_id,
                "rematch": rematch.id,
                "status": rematch.status,
                "accepted": [names[old_holders[seat]] for seat in sorted(taken)],
                "waiting_for": [
                    names[user_id]
                    for seat, user_id in sorted(old_holders.items())
                    if seat not in taken
                ],
                "expires_at": utc(rematch.expires_at),
            }

    def _played(self, session: Session, user: User, game_id: str) -> tuple[Game, int]:
        """The game, over, and the caller's seat in it (403 without one, 409 if not over)."""
        old = self.store.game(session, game_id)
        seat = next(
            (seat for seat, holder in self.store.holders(session, game_id).items()
             if holder == user.id),
            None,
        )  # fmt: skip
        if seat is None:
            raise Forbidden("you had no seat in this game")
        if old.status != "over" or old.ended in NEVER_STARTED:
            raise Conflict("a rematch is offered once the game is over", "not_over")
        return old, seat

    def _rematch(self, session: Session, game_id: str) -> Game | None:
        return session.scalars(select(Game).where(Game.rematch_of == game_id)).first()

    def _new_table(self, session: Session, old: Game, user: User) -> Game:
        """The rematch's table, waiting for its players."""
        which = game_kind(old.game)
        seed = game_seed(None, old.seat_kinds, old.rated)
        state = which.new_state(old.config, seed)
        rematch = Game(
            id=secrets.token_hex(6),
            game=old.game,
            config=old.config,
            seat_kinds=list(old.seat_kinds),
            seed=seed,
            lang=old.lang,
            status="waiting",
            creator_id=user.id,  # who offered it
            opening_events=encode_events(opening_events(state)),
            public=False,  # its seats are the old game's people's
            rated=old.rated,
            time_control=old.time_control,
            on_timeout=old.on_timeout,
            timeout_level=old.timeout_level,
            rating_min=old.rating_min,
            rating_max=old.rating_max,
            expires_at=self.store.jobs.clock() + timedelta(days=OFFER_DAYS),
            rematch_of=old.id,
        )
        session.add(rematch)
        session.flush()  # the unique rematch_of: a second offer at once fails here
        schedule_expiry(self.store.jobs, session, rematch)  # an offer nobody accepts lapses
        self.store.cache.put(rematch.id, state)
        return rematch
