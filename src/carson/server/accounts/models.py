"""The bodies of the account routes' requests and answers (:mod:`carson.server.accounts.api`),
as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from carson.server.accounts.auth import MIN_PASSWORD
from carson.server.accounts.passwords import PasswordTooLong, check_length

_ACCOUNT: JsonDict = {"username": "alice", "password": "correct-horse"}


def bounded_password(password: str) -> str:
    """A password of at most MAX_PASSWORD_BYTES (a longer one is not hashed: 422)."""
    try:
        check_length(password)
    except PasswordTooLong as error:
        raise ValueError(str(error)) from None
    return password


class Credentials(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [_ACCOUNT]})

    username: str = Field(max_length=256)
    password: Annotated[str, AfterValidator(bounded_password)]


class NewAccount(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [_ACCOUNT]})

    username: str = Field(pattern=r"^[A-Za-z0-9_.-]{3,32}$",
                          description="3–32 letters, digits, '.', '_' or '-'")  # fmt: skip
    password: Annotated[str, AfterValidator(bounded_password)] = Field(min_length=MIN_PASSWORD)
    email: str | None = Field(
        default=None, max_length=254,
        description="optional; a link mailed to it verifies it (never shown to others)",
    )  # fmt: skip
    language: Literal["en", "de", "it", "nl", "fr"] | None = Field(
        default=None, description="the language of the account's mail (default: English)"
    )


class TokenOut(BaseModel):
    token: str = Field(description="send it as `Authorization: Bearer <token>`")


class SessionOpened(BaseModel):
    username: str
    csrf: str = Field(description="send it back in `X-CSRF-Token` with every change")


class SessionClosed(BaseModel):
    username: str
    logged_out: bool


class Me(BaseModel):
    id: int
    username: str
    bot: bool = Field(default=False, description="a bot account (played by a program)")
    guest: bool = Field(default=False, description="a guest: never rated, limited")
