"""Guests: playing without signing up (issue 48). A guest is an account with a made-up name
and no password, reached only through its session; it plays practice games and casual
tables, is never rated, holds at most a few games at once, and neither chats, writes,
follows nor enters tournaments (:func:`require_member`). Signing up from it (:func:`claim`)
keeps its games: the account gets the chosen name and password and is a guest no more.
"""

from __future__ import annotations

import secrets

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from carson.server.accounts import auth, tokens
from carson.server.accounts.passwords import PasswordPool
from carson.server.kernel.db import Game, GameSeat, Token, User
from carson.server.kernel.errors import Conflict, Forbidden

#: The label of a guest's sessions in the account's list of sessions.
GUEST_LABEL = "guest"
#: Games not over a guest may hold at once.
GUEST_GAMES = 3


def new_guest(session: Session) -> User:
    """A guest account: ``guest-`` and 8 random hex digits, no password."""
    user = User(username=f"guest-{secrets.token_hex(4)}", password_hash="-", is_guest=True)
    session.add(user)
    session.flush()
    return user


def claim(session: Session, user: User, username: str, password: str,
          pool: PasswordPool, label: str = "") -> list[str]:  # fmt: skip
    """The guest signs up: the account takes ``username`` and ``password`` (checked as a
    registration's), keeping its games; ``auth.AuthError`` if they do not do. Its sessions
    labelled "guest" take ``label`` (the device's, as a login's has). Answers the digests
    of its sessions, which every process forgets (they knew it by its old name)."""
    stored = session.get(User, user.id)
    if stored is None or not stored.is_guest:
        raise Conflict("this account is not a guest's", "not_a_guest")
    username = auth.normal_username(username)
    if not auth.USERNAME.fullmatch(username) or username.lower().startswith("guest-"):
        raise auth.AuthError("a username is 3–32 letters, digits, '.', '_' or '-'",
                             "bad_username")  # fmt: skip
    if len(password) < auth.MIN_PASSWORD:
        raise auth.AuthError(f"a password has at least {auth.MIN_PASSWORD} characters")
    taken = select(User.id).where(func.lower(User.username) == username.lower())
    if session.scalar(taken.limit(1)) is not None:
        raise auth.UsernameTaken(f"the username {username!r} is taken")
    stored.username, stored.is_guest = username, False
    stored.password_hash = pool.hash(password)
    if label:  # the session list said "guest" for the account's own sessions
        session.execute(
            update(Token)
            .where(Token.user_id == user.id, Token.label == GUEST_LABEL)
            .values(label=label)
        )
    digests = tokens.digests_of(session, user.id)
    tokens.announce_forgotten(session, digests)
    return digests


def require_member(user: User, what: str) -> None:
    """403 for a guest: ``what`` needs an account."""
    if user.is_guest:
        raise Forbidden(f"sign up to {what}: guests cannot", "guest")


def check_guest_games(session: Session, user: User) -> None:
    """409 once a guest holds :data:`GUEST_GAMES` games not over."""
    if not user.is_guest:
        return
    held = session.scalar(
        select(func.count()).select_from(GameSeat).join(Game, Game.id == GameSeat.game_id)
        .where(GameSeat.user_id == user.id, Game.status != "over")
    )  # fmt: skip
    if (held or 0) >= GUEST_GAMES:
        raise Conflict(f"a guest plays at most {GUEST_GAMES} games at once: sign up for more",
                       "guest_limit")  # fmt: skip


def check_seat(session: Session, user: User, rated: bool) -> None:
    """A guest takes a seat only at an unrated table, and only below its limit of games."""
    if rated:
        require_member(user, "play rated games")
    check_guest_games(session, user)
