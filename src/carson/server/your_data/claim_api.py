"""A guest signs up from its guest account (:mod:`carson.server.accounts.guests`), keeping
its games: here, above play, so that the games' cached tables learn the new name."""

from __future__ import annotations

from fastapi import APIRouter, Request

from carson.server.accounts import auth
from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of, client_label
from carson.server.accounts.models import Credentials, Me
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Unprocessable, declared
from carson.server.play.api import Service
from carson.server.play.games import GameService

router = APIRouter(tags=["accounts"])


def claim(service: GameService, request: Request, user: User, username: str,
          password: str) -> str:  # fmt: skip
    """The guest ``user`` takes ``username`` and ``password``; answers the name."""
    try:
        accounts_of(request).claim(user, username, password, client_label(request))
    except auth.UsernameTaken as error:
        raise Conflict(str(error), "username_taken") from None
    except auth.AuthError as error:
        raise Unprocessable(str(error), "invalid_account") from None
    with service.sessions.begin() as session:  # their seats show the new name
        service.store.announce_renamed(session, user.id)
    service.store.forget_tables_of(user.id)
    return auth.normal_username(username)


@router.post("/api/me/claim", operation_id="claim_guest", response_model=Me,
             responses=declared(*CHANGE, 400, 409, 413, 422))  # fmt: skip
def claim_guest(body: Credentials, user: CurrentUser, service: Service, request: Request) -> Me:
    """A guest signs up: the account takes this name and password and keeps its games and
    sessions (409 for an account that is not a guest's, or a name taken)."""
    name = claim(service, request, user, body.username, body.password)
    return Me(id=user.id, username=name, bot=False, guest=False)
