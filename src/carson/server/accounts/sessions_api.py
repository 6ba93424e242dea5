"""One's sessions and password, in the API: list the sessions (never their tokens), end one,
change the password (which ends every other session)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth
from carson.server.accounts.deps import CurrentCaller, ServerAccounts
from carson.server.kernel.errors import NotFound, Unprocessable, declared

router = APIRouter(tags=["sessions"])


class SessionOut(BaseModel):
    id: str = Field(description="names the session to end it (not its token)")
    created_at: datetime
    last_used_at: datetime = Field(description="renewed at most every few minutes")
    expires_at: datetime = Field(description="unless it is used before (30 days idle)")
    label: str = Field(description="the client that opened it, from its user agent")
    current: bool = Field(description="whether this request was sent with it")


class SessionsOut(BaseModel):
    sessions: list[SessionOut]


class SessionEnded(BaseModel):
    id: str
    ended: bool


class PasswordChange(BaseModel):
    current_password: str
    new_password: str


class PasswordChanged(BaseModel):
    changed: bool
    other_sessions_ended: bool


SessionId = Annotated[str, Path(max_length=16, description="a session's id from the list")]


@router.get(
    "/api/sessions", operation_id="list_sessions", response_model=SessionsOut,
    responses=declared(401),
)  # fmt: skip
async def list_sessions(caller: CurrentCaller, accounts: ServerAccounts) -> SessionsOut:
    """The caller's live sessions, most recently used first."""
    found = await run_in_threadpool(accounts.sessions_of, caller.user, caller.token)
    return SessionsOut(sessions=[SessionOut(**vars(info)) for info in found])


@router.delete(
    "/api/sessions/{session_id}", operation_id="end_session", response_model=SessionEnded,
    responses=declared(401, 403, 404, 422),
)  # fmt: skip
async def end_session(
    session_id: SessionId, caller: CurrentCaller, accounts: ServerAccounts
) -> SessionEnded:
    """End one of the caller's sessions (its token stops working at once, in every server
    process on PostgreSQL). Ending the current one logs out."""
    if not await run_in_threadpool(accounts.end_session, caller.user, session_id):
        raise NotFound(f"you have no session {session_id!r}", "no_such_session")
    return SessionEnded(id=session_id, ended=True)


@router.post(
    "/api/password", operation_id="change_password", response_model=PasswordChanged,
    responses=declared(400, 401, 403, 413, 422, 429),
)  # fmt: skip
async def change_password(
    body: PasswordChange, caller: CurrentCaller, accounts: ServerAccounts
) -> PasswordChanged:
    """Change the caller's password; every other session of the caller ends, this one
    stays. A wrong current password changes nothing."""
    try:
        await run_in_threadpool(
            accounts.change_password,
            caller.user,
            caller.token,
            body.current_password,
            body.new_password,
        )
    except auth.AuthError as error:
        raise Unprocessable(str(error), "password_refused") from None
    return PasswordChanged(changed=True, other_sessions_ended=True)
