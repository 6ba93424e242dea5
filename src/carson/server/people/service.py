"""Following and blocking by name, and the list of one's friends with who is online.

Each change is one account's decision about another; both lists are bounded, so that no
account can grow a table without end, and each change counts against the account's rate
(``Rule.PEOPLE_USER``). Blocking someone also ends any follow between the two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, delete, func, or_, select
from sqlalchemy.orm import Session, sessionmaker

from carson.server.accounts.guests import require_member
from carson.server.kernel.db import Game, GameSeat, Token, User
from carson.server.kernel.errors import NotFound, Unprocessable
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.people.tables import Block, Follow

#: Accounts one account may follow, and block (each list stays bounded).
MAX_FOLLOWS = 500
MAX_BLOCKS = 500
#: Used the site this recently: online (a session is touched every 5 minutes at most).
ONLINE_WITHIN = timedelta(minutes=10)
#: A friend's public games in play listed at most.
MAX_GAMES_SHOWN = 5


@dataclass(frozen=True)
class Friend:
    """A followed account as its follower sees it."""

    username: str
    online: bool
    playing: tuple[str, ...]  # the ids of its public games in play, newest first


class People:
    """Follows and blocks over the server's database and rate limits."""

    def __init__(
        self, sessions: sessionmaker[Session], limiter: RateLimiter, clock: Callable[[], datetime]
    ) -> None:
        self.sessions = sessions
        self.limiter = limiter
        self.clock = clock

    def follow(self, user: User, username: str) -> str:
        """``user`` follows ``username`` (again: nothing changes); answers the name."""
        require_member(user, "follow people")
        self.limiter.take(Rule.PEOPLE_USER, str(user.id))
        with self.sessions.begin() as session:
            other = account(session, username, user, "follow")
            if session.get(Block, (other.id, user.id)) or session.get(Block, (user.id, other.id)):
                raise Unprocessable(f"you cannot follow {other.username}", "blocked")
            if session.get(Follow, (user.id, other.id)) is None:
                _bounded(session, select(Follow.friend_id).where(Follow.user_id == user.id),
                         MAX_FOLLOWS, "follow")  # fmt: skip
                session.add(Follow(user_id=user.id, friend_id=other.id))
            return other.username

    def unfollow(self, user: User, username: str) -> str:
        with self.sessions.begin() as session:
            other = account(session, username)
            session.execute(
                delete(Follow).where(Follow.user_id == user.id, Follow.friend_id == other.id)
            )
            return other.username

    def block(self, user: User, username: str) -> str:
        """``user`` blocks ``username``: follows between them end; answers the name."""
        self.limiter.take(Rule.PEOPLE_USER, str(user.id))
        with self.sessions.begin() as session:
            other = account(session, username, user, "block")
            if session.get(Block, (user.id, other.id)) is None:
                _bounded(session, select(Block.blocked_id).where(Block.user_id == user.id),
                         MAX_BLOCKS, "block")  # fmt: skip
                session.add(Block(user_id=user.id, blocked_id=other.id))
            session.execute(
                delete(Follow).where(
                    or_(
                        (Follow.user_id == user.id) & (Follow.friend_id == other.id),
                        (Follow.user_id == other.id) & (Follow.friend_id == user.id),
                    )
                )
            )
            return other.username

    def unblock(self, user: User, username: str) -> str:
        with self.sessions.begin() as session:
            other = account(session, username)
            session.execute(
                delete(Block).where(Block.user_id == user.id, Block.blocked_id == other.id)
            )
            return other.username

    def blocked(self, user: User) -> list[str]:
        """The accounts ``user`` blocked, by name (whom blocked ``user`` is never told)."""
        with self.sessions() as session:
            query = select(User.username).join(Block, Block.blocked_id == User.id)
            return list(session.scalars(query.where(Block.user_id == user.id)
                                        .order_by(func.lower(User.username))))  # fmt: skip

    def friends(self, user: User) -> list[Friend]:
        """The accounts ``user`` follows, online ones first, each with its public games."""
        with self.sessions() as session:
            rows = session.execute(
                select(User.id, User.username)
                .join(Follow, Follow.friend_id == User.id)
                .where(Follow.user_id == user.id)
            ).all()
            ids = [row.id for row in rows]
            online = _online(session, ids, self.clock() - ONLINE_WITHIN)
            playing = _playing(session, ids)
        friends = [Friend(name, id in online, playing.get(id, ())) for id, name in rows]
        return sorted(friends, key=lambda friend: (not friend.online, friend.username.lower()))

    def follows(self, user: User, username: str) -> tuple[bool, bool]:
        """Whether ``user`` follows, and blocked, ``username`` (for its profile page)."""
        with self.sessions() as session:
            other = account(session, username)
            return (
                session.get(Follow, (user.id, other.id)) is not None,
                session.get(Block, (user.id, other.id)) is not None,
            )


def account(session: Session, username: str, user: User | None = None, verb: str = "") -> User:
    """The account named ``username`` (any case); not ``user`` itself, if given."""
    found = session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if found is None:
        raise NotFound(f"no account {username!r}")
    if user is not None and found.id == user.id:
        raise Unprocessable(f"you cannot {verb} yourself", f"{verb}_self")
    return found


def _bounded(session: Session, kept: Select[int], most: int, verb: str) -> None:
    """Refuses one more ``verb`` when the account's list (``kept``: its rows) is full."""
    count = session.scalar(select(func.count()).select_from(kept.subquery()))
    if (count or 0) >= most:
        raise Unprocessable(f"you {verb}ed {most} accounts, the most one may", f"too_many_{verb}s")


def _online(session: Session, ids: Sequence[int], since: datetime) -> set[int]:
    if not ids:
        return set()
    query = select(Token.user_id).where(Token.user_id.in_(ids), Token.last_used_at >= since)
    return set(session.scalars(query.distinct()))


def _playing(session: Session, ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
    """Each account's public games in play, newest first, a few at most."""
    if not ids:
        return {}
    rows = session.execute(
        select(GameSeat.user_id, Game.id)
        .join(Game, Game.id == GameSeat.game_id)
        .where(GameSeat.user_id.in_(ids), Game.status == "playing", Game.public.is_(True))
        .order_by(Game.created_at.desc())
    )
    games: dict[int, list[str]] = {}
    for user_id, game_id in rows:
        shown = games.setdefault(user_id, [])
        if len(shown) < MAX_GAMES_SHOWN:
            shown.append(game_id)
    return {user_id: tuple(shown) for user_id, shown in games.items()}
