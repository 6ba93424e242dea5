"""The tables of mail: players' addresses, the links mailed to them (as digests) and the
language each account reads its mail in. Kept out of :mod:`carson.server.kernel.db`, on its
``Base`` (migration 0010)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now

#: The longest address (RFC 5321's path limit).
ADDRESS_CHARS = 254


class MailAddress(Base):
    """An account's address (one at most). ``verified`` holds the address in lower case
    once its owner followed the verification link, else ``NULL``: its unique index makes
    an address belong to one verified account, whatever its case, while unverified claims
    of it cannot lock its owner out."""

    __tablename__ = "mail_addresses"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(ADDRESS_CHARS))
    verified: Mapped[str | None] = mapped_column(String(ADDRESS_CHARS), unique=True)
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MailToken(Base):
    """A mailed link's token, stored only as its SHA-256: what it is for (``verify``,
    ``reset``), for whom, for which address, until when. One per account and purpose (a
    new one replaces it); using it deletes it."""

    __tablename__ = "mail_tokens"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    purpose: Mapped[str] = mapped_column(String(8))
    address: Mapped[str] = mapped_column(String(ADDRESS_CHARS))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountLanguage(Base):
    """The language an account's mail is written in: the one it registered in, then the
    one it last chose or logged in with."""

    __tablename__ = "account_languages"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    lang: Mapped[str] = mapped_column(String(2))
