"""Players' e-mail addresses: checked (email-validator's syntax check, no DNS), one per
account, verified through a mailed link, unique among verified accounts whatever their case,
never shown to anyone but their owner. Mail other than the verification mail goes only to a
verified address (:func:`deliverable`). Also the language an account's mail is written in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from carson.server.accounts.auth import normal_username
from carson.server.kernel.db import User
from carson.server.mail import tokens as mail_tokens
from carson.server.mail.tables import ADDRESS_CHARS, AccountLanguage, MailAddress


class AddressError(ValueError):
    """A refused address or link; ``code`` names the problem for a page to say it in its
    visitor's language (``bad_address``, ``bad_link``, ``address_taken``)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class AddressInfo:
    """An account's address as its owner sees it."""

    address: str
    verified: bool


def checked_address(raw: str) -> str:
    """The address as it is kept (its domain in lower case and ASCII), or
    :class:`AddressError` saying what is wrong with it."""
    text = raw.strip()
    if not text or len(text) > ADDRESS_CHARS:
        raise AddressError(f"an address has 1 to {ADDRESS_CHARS} characters", "bad_address")
    try:
        found = validate_email(text, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as error:
        raise AddressError(f"not a valid e-mail address: {error}", "bad_address") from None
    address = str(found.ascii_email or found.normalized)
    if len(address) > ADDRESS_CHARS:
        raise AddressError(f"an address has 1 to {ADDRESS_CHARS} characters", "bad_address")
    return address


def address_of(session: Session, user_id: int) -> AddressInfo | None:
    row = session.get(MailAddress, user_id)
    return None if row is None else AddressInfo(row.address, row.verified is not None)


def deliverable(session: Session, user_id: int) -> str | None:
    """The account's address if it is verified: the only one mail (but the verification
    mail) may go to."""
    row = session.get(MailAddress, user_id)
    return row.address if row is not None and row.verified is not None else None


def set_address(session: Session, user_id: int, address: str, now: datetime) -> bool:
    """Give the account ``address`` (checked by :func:`checked_address`), unverified until
    its link is followed; ``False`` if it already has it (nothing changes, no mail)."""
    row = session.get(MailAddress, user_id)
    if row is not None and row.address.lower() == address.lower():
        if row.address != address:
            row.address = address
        return False
    mail_tokens.forget(session, user_id, "verify")
    mail_tokens.forget(session, user_id, "reset")  # a link mailed to the old address
    if row is None:
        session.add(MailAddress(user_id=user_id, address=address, verified=None, changed_at=now))
    else:
        row.address, row.verified, row.changed_at = address, None, now
    session.flush()
    return True


def remove_address(session: Session, user_id: int) -> bool:
    row = session.get(MailAddress, user_id)
    if row is None:
        return False
    session.delete(row)
    mail_tokens.forget(session, user_id, "verify")
    mail_tokens.forget(session, user_id, "reset")
    return True


def taken_by_another(session: Session, user_id: int, address: str) -> bool:
    """Whether another account verified ``address`` (whatever its case)."""
    owner = session.scalar(
        select(MailAddress.user_id).where(MailAddress.verified == address.lower())
    )
    return owner is not None and owner != user_id


def verify(session: Session, token: str, now: datetime) -> int:
    """Follow a verification link: the account's address is verified (its id answered),
    or :class:`AddressError` (``bad_link``: unknown, used, expired or for an address the
    account no longer has; ``address_taken``: another account verified it meanwhile)."""
    used = mail_tokens.take(session, token, "verify", now)
    row = None if used is None else session.get(MailAddress, used.user_id)
    if used is None or row is None or row.address.lower() != used.address.lower():
        raise AddressError("this link does not work (used, expired or replaced)", "bad_link")
    if taken_by_another(session, used.user_id, row.address):
        raise AddressError("another account has verified this address", "address_taken")
    row.verified = row.address.lower()
    try:
        session.flush()
    except IntegrityError:  # another account verified it in a racing transaction
        raise AddressError("another account has verified this address", "address_taken") from None
    return used.user_id


def account_for(session: Session, login: str) -> User | None:
    """The account a forgotten-password request names: by its username (whatever its
    case) or by its verified address; ``None`` if none."""
    text = login.strip()
    if "@" in text:
        owner = session.scalar(
            select(MailAddress.user_id).where(MailAddress.verified == text.lower())
        )
        return None if owner is None else session.get(User, owner)
    name = normal_username(text).lower()
    return session.scalar(select(User).where(func.lower(User.username) == name))


def language_of(session: Session, user_id: int) -> str:
    """The language the account's mail is written in (English if it never said)."""
    row = session.get(AccountLanguage, user_id)
    return row.lang if row is not None and row.lang in LANGUAGES else DEFAULT_LANGUAGE


def remember_language(session: Session, user_id: int, lang: str) -> None:
    if lang not in LANGUAGES:
        return
    row = session.get(AccountLanguage, user_id)
    if row is None:
        session.add(AccountLanguage(user_id=user_id, lang=lang))
    elif row.lang != lang:
        row.lang = lang
