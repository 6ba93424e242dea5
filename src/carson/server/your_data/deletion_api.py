"""Deleting one's account in the API: ask (with the password), see when, or cancel."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from carson.server.accounts.auth import account_key
from carson.server.accounts.deps import CHANGE, CurrentUser, accounts_of
from carson.server.accounts.passwords import PasswordTooLong
from carson.server.kernel.db import User
from carson.server.kernel.errors import NotFound, Unprocessable, declared
from carson.server.kernel.ratelimit import Rule
from carson.server.play.api import Service
from carson.server.play.games import GameService
from carson.server.your_data import deletion

router = APIRouter(tags=["accounts"])


class DeletionIn(BaseModel):
    password: str = Field(max_length=1024, description="the account's password, to confirm")


class DeletionOut(BaseModel):
    due_at: datetime = Field(description="when the account will be deleted, unless cancelled")


class CancelledOut(BaseModel):
    cancelled: bool = Field(description="a deletion was asked, and is now cancelled")


def ask_deletion(service: GameService, request: Request, user: User, password: str) -> datetime:
    """Check the password (its attempts counted as a password change's), then ask."""
    accounts = accounts_of(request)
    accounts.limiter.take(Rule.PASSWORD_ACCOUNT, account_key(user.username))
    with service.sessions() as session:
        stored = session.get(User, user.id)
        hashed = None if stored is None else stored.password_hash
    try:
        right = accounts.pool.verify(hashed, password)
    except PasswordTooLong:
        right = False
    if not right:
        raise Unprocessable("the password is wrong", "wrong_password")
    with service.store.write_turn, service.sessions.begin() as session:
        return deletion.ask(session, user, service.jobs.clock(), service.jobs)


@router.post("/api/me/deletion", operation_id="delete_account", response_model=DeletionOut,
             responses=declared(*CHANGE, 400, 413, 422, 429))  # fmt: skip
def delete_account(body: DeletionIn, user: CurrentUser, service: Service,
                   request: Request) -> DeletionOut:  # fmt: skip
    """Ask that the account be deleted in 7 days (asking again changes nothing). Until then
    the account works as before and ``DELETE /api/me/deletion`` keeps it. Then every game in
    progress is resigned (a machine plays on), the waiting tables are cancelled or left, and
    the account's data is erased: see docs/your-data.md."""
    return DeletionOut(due_at=ask_deletion(service, request, user, body.password))


@router.get("/api/me/deletion", operation_id="account_deletion", response_model=DeletionOut,
            responses=declared(401, 404))  # fmt: skip
def account_deletion(user: CurrentUser, service: Service) -> DeletionOut:
    """When the account will be deleted (404 if no deletion is asked)."""
    with service.sessions() as session:
        due = deletion.due(session, user)
    if due is None:
        raise NotFound("no deletion of this account is asked", "no_deletion")
    return DeletionOut(due_at=due)


@router.delete("/api/me/deletion", operation_id="keep_account", response_model=CancelledOut,
               responses=declared(*CHANGE))  # fmt: skip
def keep_account(user: CurrentUser, service: Service) -> CancelledOut:
    """Keep the account: a deletion asked is cancelled."""
    with service.store.write_turn, service.sessions.begin() as session:
        return CancelledOut(cancelled=deletion.cancel(session, user))
