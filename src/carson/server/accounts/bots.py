"""Bot accounts, as on lichess: an account played by a program through the API, flagged as
a bot wherever its name shows (views, the lobby). An account becomes a bot only before it
has played: no seat at any table and no seek, so no person's game changes meaning."""

from __future__ import annotations

from contextlib import AbstractContextManager

from sqlalchemy import exists, select, update
from sqlalchemy.orm import Session, sessionmaker

from carson.server.accounts import tokens
from carson.server.kernel.db import GameSeat, SeekRow, User
from carson.server.kernel.errors import Conflict


def make_bot(
    sessions: sessionmaker[Session], write_turn: AbstractContextManager[object], user: User
) -> None:
    """Flag the caller's account as a bot (409 if it has played or is one already), in the
    database's write turn (:mod:`carson.server.kernel.write_turn`)."""
    with write_turn, sessions.begin() as session:
        played = session.scalar(
            select(
                exists().where(GameSeat.user_id == user.id)
                | exists().where(SeekRow.user_id == user.id)
            )
        )
        if played:
            raise Conflict("only an account that has played no game can become a bot",
                           "has_played")  # fmt: skip
        changed = session.execute(
            update(User).where(User.id == user.id, User.is_bot.is_(False)).values(is_bot=True)
        )
        if getattr(changed, "rowcount", 0) != 1:
            raise Conflict("this account is a bot already", "already_bot")
        # Other processes remember the account as it was: they read it again.
        tokens.announce_forgotten(session, tokens.digests_of(session, user.id))
    user.is_bot = True  # this process's remembered copy
