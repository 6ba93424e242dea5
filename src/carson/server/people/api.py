"""People in the API: whom one follows (with who is online and their public games), whom one
blocks, and inviting someone to one's table by name."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, Field

from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.kernel.errors import declared
from carson.server.people.invitations import invite
from carson.server.people.service import MAX_GAMES_SHOWN, People
from carson.server.play.api import Service

router = APIRouter(tags=["people"])
Username = Annotated[str, Path(max_length=32, description="an account's name (any case)")]
GameId = Annotated[str, Path(max_length=16)]


def people_of(service: Service, request: Request) -> People:
    """Follows and blocks over the server's database and rate limits."""
    return People(service.sessions, accounts_of(request).limiter, service.jobs.clock)


PeopleDep = Annotated[People, Depends(people_of)]


class FriendOut(BaseModel):
    username: str
    online: bool = Field(description="used the site in the last 10 minutes")
    playing: list[str] = Field(
        description=f"the ids of its public games in play, newest first ({MAX_GAMES_SHOWN} at most)"
    )


class FriendsOut(BaseModel):
    friends: list[FriendOut] = Field(description="the accounts the caller follows, online first")


class BlocksOut(BaseModel):
    usernames: list[str] = Field(description="the accounts the caller blocked")


class NameOut(BaseModel):
    username: str = Field(description="the account's name as it is spelt")


class InviteIn(BaseModel):
    username: str = Field(max_length=32, description="whom to invite (any case)")


@router.get("/api/friends", operation_id="friends", response_model=FriendsOut,
            responses=declared(401))  # fmt: skip
def friends(user: CurrentUser, people: PeopleDep) -> FriendsOut:
    """The accounts the caller follows: online ones first, each with its public games."""
    listed = [FriendOut(username=f.username, online=f.online, playing=list(f.playing))
              for f in people.friends(user)]  # fmt: skip
    return FriendsOut(friends=listed)


@router.put("/api/friends/{username}", operation_id="follow", response_model=NameOut,
            responses=declared(*CHANGE, 404, 422, 429))  # fmt: skip
def follow(username: Username, user: CurrentUser, people: PeopleDep) -> NameOut:
    """Follow an account (it is not asked; following again changes nothing). Refused (422)
    for oneself and between accounts a block keeps apart."""
    return NameOut(username=people.follow(user, username))


@router.delete("/api/friends/{username}", operation_id="unfollow", response_model=NameOut,
               responses=declared(*CHANGE, 404))  # fmt: skip
def unfollow(username: Username, user: CurrentUser, people: PeopleDep) -> NameOut:
    return NameOut(username=people.unfollow(user, username))


@router.get("/api/blocks", operation_id="blocks", response_model=BlocksOut,
            responses=declared(401))  # fmt: skip
def blocks(user: CurrentUser, people: PeopleDep) -> BlocksOut:
    """The accounts the caller blocked."""
    return BlocksOut(usernames=people.blocked(user))


@router.put("/api/blocks/{username}", operation_id="block", response_model=NameOut,
            responses=declared(*CHANGE, 404, 422, 429))  # fmt: skip
def block(username: Username, user: CurrentUser, people: PeopleDep) -> NameOut:
    """Block an account: neither may then join a table the other sits at, be paired with the
    other by quick match, or invite the other; its chat is hidden from the caller; follows
    between the two end. The blocked account is not told."""
    return NameOut(username=people.block(user, username))


@router.delete("/api/blocks/{username}", operation_id="unblock", response_model=NameOut,
               responses=declared(*CHANGE, 404))  # fmt: skip
def unblock(username: Username, user: CurrentUser, people: PeopleDep) -> NameOut:
    return NameOut(username=people.unblock(user, username))


@router.post("/api/games/{game_id}/invite", operation_id="invite", response_model=NameOut,
             responses=declared(*CHANGE, 400, 404, 409, 413, 422, 429))  # fmt: skip
def invite_by_name(
    game_id: GameId, body: InviteIn, user: CurrentUser, service: Service, request: Request
) -> NameOut:
    """Invite an account to the caller's table while it waits for people: it is notified
    and takes a seat on the table's page (``POST /api/games/{id}/join``). Only a seated
    player invites (403); never someone a block keeps apart from the table (403)."""
    limiter = accounts_of(request).limiter
    return NameOut(username=invite(service.store, limiter, user, game_id, body.username))
