"""One's e-mail address and the forgotten password, in the API. The address is shown to its
owner only; the forgotten-password request answers alike whatever it names."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import AfterValidator, BaseModel, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth
from carson.server.accounts.deps import CurrentCaller
from carson.server.accounts.models import bounded_password
from carson.server.kernel.errors import Conflict, Unprocessable, declared
from carson.server.kernel.ratelimit import client_address
from carson.server.mail.account_mail import base_url_for
from carson.server.mail.accounts import MAX_LOGIN, MailAccounts
from carson.server.mail.addresses import AddressError
from carson.server.mail.tables import ADDRESS_CHARS
from carson.server.mail.tokens import MAX_TOKEN
from carson.server.play.api import Service

router = APIRouter(tags=["mail"])


async def mail_accounts(service: Service) -> MailAccounts:
    return MailAccounts(service.accounts, service.jobs)


Mail = Annotated[MailAccounts, Depends(mail_accounts)]


class AddressOut(BaseModel):
    address: str | None = Field(description="the account's address; null: none")
    verified: bool = Field(description="whether its verification link was followed")


class AddressChange(BaseModel):
    email: str = Field(min_length=1, max_length=ADDRESS_CHARS)
    password: Annotated[str, AfterValidator(bounded_password)] = Field(
        description="the account's password"
    )


class AddressChanged(BaseModel):
    address: str
    verified: bool
    mail_queued: bool = Field(description="a verification link is on its way")


class Removed(BaseModel):
    removed: bool


class Queued(BaseModel):
    queued: bool


class Verification(BaseModel):
    token: str = Field(min_length=1, max_length=MAX_TOKEN)


class Verified(BaseModel):
    verified: bool


class ForgottenPassword(BaseModel):
    login: str = Field(min_length=1, max_length=MAX_LOGIN, description="username or address")


class PasswordReset(BaseModel):
    token: str = Field(min_length=1, max_length=MAX_TOKEN)
    new_password: Annotated[str, AfterValidator(bounded_password)] = Field(
        min_length=auth.MIN_PASSWORD
    )


class ResetDone(BaseModel):
    reset: bool
    sessions_ended: bool = Field(description="every session and token of the account ended")


def _refused(error: AddressError) -> Exception:
    if error.code == "address_taken":
        return Conflict(str(error), error.code)
    if error.code in ("no_address", "verified"):
        return Conflict(str(error), error.code)
    return Unprocessable(str(error), error.code)


@router.get(
    "/api/email", operation_id="my_address", response_model=AddressOut, responses=declared(401)
)
async def my_address(caller: CurrentCaller, mail: Mail) -> AddressOut:
    """The caller's address and whether it is verified (no one else ever sees it)."""
    found = await run_in_threadpool(mail.address, caller.user)
    if found is None:
        return AddressOut(address=None, verified=False)
    return AddressOut(address=found.address, verified=found.verified)


@router.put(
    "/api/email", operation_id="change_address", response_model=AddressChanged,
    responses=declared(400, 401, 403, 413, 422, 429, 503),
)  # fmt: skip
async def change_address(
    body: AddressChange, request: Request, caller: CurrentCaller, mail: Mail
) -> AddressChanged:
    """Set the caller's address (the password proves the owner asks). A new address is
    unverified, gets no mail but its verification link, and replaces the old one."""
    base_url = base_url_for(request)
    try:
        queued = await run_in_threadpool(
            mail.change_address, caller.user, body.email, body.password, base_url
        )
    except AddressError as error:
        raise _refused(error) from None
    except auth.AuthError as error:
        raise Unprocessable(str(error), "wrong_password") from None
    found = await run_in_threadpool(mail.address, caller.user)
    assert found is not None
    return AddressChanged(address=found.address, verified=found.verified, mail_queued=queued)


@router.delete(
    "/api/email", operation_id="remove_address", response_model=Removed,
    responses=declared(401, 403),
)  # fmt: skip
async def remove_address(caller: CurrentCaller, mail: Mail) -> Removed:
    """Remove the caller's address: no mail goes to it any more."""
    return Removed(removed=await run_in_threadpool(mail.remove_address, caller.user))


@router.post(
    "/api/email/verification", operation_id="send_verification", status_code=202,
    response_model=Queued, responses=declared(400, 401, 403, 409, 429, 503),
)  # fmt: skip
async def send_verification(request: Request, caller: CurrentCaller, mail: Mail) -> Queued:
    """Mail the verification link again (a new link; the last one stops working)."""
    try:
        await run_in_threadpool(mail.send_verification, caller.user, base_url_for(request))
    except AddressError as error:
        raise _refused(error) from None
    return Queued(queued=True)


@router.post(
    "/api/email/verify", operation_id="verify_address", response_model=Verified,
    responses=declared(400, 409, 413, 422),
)  # fmt: skip
async def verify_address(body: Verification, mail: Mail) -> Verified:
    """Follow a verification link with its token (no session needed: it is the proof)."""
    try:
        await run_in_threadpool(mail.verify, body.token)
    except AddressError as error:
        raise _refused(error) from None
    return Verified(verified=True)


@router.post(
    "/api/password/forgot", operation_id="forgot_password", status_code=202,
    response_model=Queued, responses=declared(400, 413, 422, 429, 503),
)  # fmt: skip
async def forgot_password(body: ForgottenPassword, request: Request, mail: Mail) -> Queued:
    """Ask for a reset link, naming the account by its username or verified address. The
    answer is the same whether or not an account was found: a mail goes only to a
    verified address."""
    address, base_url = client_address(request), base_url_for(request)
    await run_in_threadpool(mail.forgot, address, body.login, base_url)
    return Queued(queued=True)


@router.post(
    "/api/password/reset", operation_id="reset_password", response_model=ResetDone,
    responses=declared(400, 413, 422, 503),
)  # fmt: skip
async def reset_password(body: PasswordReset, mail: Mail) -> ResetDone:
    """Set a new password with a reset link's token (it works once, for an hour). Every
    session and API token of the account ends."""
    try:
        await run_in_threadpool(mail.reset, body.token, body.new_password)
    except AddressError as error:
        raise _refused(error) from None
    except auth.AuthError as error:
        raise Unprocessable(str(error), error.code) from None
    return ResetDone(reset=True, sessions_ended=True)
