"""An account's mail, as the API and the pages ask for it: the address (set, removed,
verified, its verification mail sent again) and the forgotten password (a reset mail, then
a new password that ends every session of the account).

Rate limits: address changes and verification mails per account; forgotten-password
requests per client address (429) and reset mails per account (beyond, the request is
answered as any other and sends nothing: the answer never tells whether an account or an
address exists).
"""

from __future__ import annotations

import logging

from sqlalchemy import delete, update

from carson.server.accounts import auth, tokens
from carson.server.accounts.auth import account_key
from carson.server.accounts.passwords import PasswordTooLong, check_length
from carson.server.accounts.service import Accounts
from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import Token, User
from carson.server.kernel.ratelimit import RateLimited, Rule
from carson.server.mail import addresses
from carson.server.mail import tokens as mail_tokens
from carson.server.mail.account_mail import queue_account_mail
from carson.server.mail.addresses import AddressError, AddressInfo

log = logging.getLogger(__name__)
#: The longest name or address a forgotten-password request may send.
MAX_LOGIN = 254
BAD_LINK = "this link does not work (used, expired or replaced)"


class MailAccounts:
    """The mail side of accounts for one server process."""

    def __init__(self, accounts: Accounts, queue: JobQueue) -> None:
        self.accounts = accounts
        self.queue = queue

    def address(self, user: User) -> AddressInfo | None:
        with self.accounts.sessions() as session:
            return addresses.address_of(session, user.id)

    def change_address(self, user: User, raw: str, password: str, base_url: str) -> bool:
        """Give the account a new address (its password proves the owner asks), unverified:
        its verification mail is queued. ``False``: it had it already. Refused with
        :class:`AddressError`, ``auth.AuthError`` (wrong password) or ``RateLimited``."""
        address = addresses.checked_address(raw)
        self.accounts.limiter.take(Rule.MAIL_ACCOUNT, account_key(user.username))
        with self.accounts.sessions.begin() as session:
            stored = session.get(User, user.id)
            if stored is None or not self.accounts.pool.verify(stored.password_hash, password):
                raise auth.AuthError("the password is wrong", "wrong_password")
            changed = addresses.set_address(session, user.id, address, self.accounts.clock())
            if changed:
                queue_account_mail(self.queue, session, user.id, "verify", base_url)
        return changed

    def remember_language(self, user: User, lang: str) -> None:
        """The account's mail is written in ``lang`` from now on (a page's language switch)."""
        with self.accounts.sessions.begin() as session:
            addresses.remember_language(session, user.id, lang)

    def remove_address(self, user: User) -> bool:
        with self.accounts.sessions.begin() as session:
            return addresses.remove_address(session, user.id)

    def send_verification(self, user: User, base_url: str) -> None:
        """Mail the verification link again (:class:`AddressError` ``no_address`` or
        ``verified``; ``RateLimited``)."""
        with self.accounts.sessions() as session:
            found = addresses.address_of(session, user.id)
        if found is None:
            raise AddressError("the account has no address", "no_address")
        if found.verified:
            raise AddressError("the address is verified already", "verified")
        self.accounts.limiter.take(Rule.MAIL_ACCOUNT, account_key(user.username))
        with self.queue.write_turn, self.accounts.sessions.begin() as session:
            queue_account_mail(self.queue, session, user.id, "verify", base_url)

    def verify(self, token: str) -> None:
        """Follow a verification link (:class:`AddressError` if it does not work)."""
        with self.queue.write_turn, self.accounts.sessions.begin() as session:
            addresses.verify(session, token, self.accounts.clock())

    def forgot(self, client: str, login: str, base_url: str) -> None:
        """A forgotten password: the account named by ``login`` (its username or verified
        address) gets a reset mail, if it has a verified address. Answers nothing either
        way; ``RateLimited`` only for the client address's rate."""
        self.accounts.limiter.take(Rule.RESET_ADDRESS, client)
        text = login.strip()[:MAX_LOGIN]
        with self.accounts.sessions() as session:
            user = addresses.account_for(session, text)
            user_id = None if user is None else user.id
        # Counted on the account, or on the name asked when no account has it: alike.
        counted = f"user:{user_id}" if user_id is not None else f"name:{text.lower()}"
        try:
            self.accounts.limiter.take(Rule.RESET_ACCOUNT, counted)
        except RateLimited:
            log.info("password reset not mailed: too many for one account lately")
            return
        if user_id is None:
            return
        with self.queue.write_turn, self.accounts.sessions.begin() as session:
            if addresses.deliverable(session, user_id) is not None:
                queue_account_mail(self.queue, session, user_id, "reset", base_url)

    def reset_link_works(self, token: str) -> bool:
        """Whether a password link would work now (its page shows the form only then)."""
        with self.accounts.sessions() as session:
            return mail_tokens.usable(session, token, "reset", self.accounts.clock())

    def reset(self, token: str, new_password: str) -> None:
        """Set the password of the link's account and end every session of it. Refused
        with ``auth.AuthError`` (the password rules) or :class:`AddressError` ``bad_link``
        (unknown, used, expired); a refused password leaves the link usable."""
        if len(new_password) < auth.MIN_PASSWORD:
            raise auth.AuthError(
                f"a password has at least {auth.MIN_PASSWORD} characters", "short_password"
            )
        try:
            check_length(new_password)
        except PasswordTooLong as error:
            raise auth.BadPassword(str(error)) from None
        with self.accounts.sessions() as session:  # no hash is worked out for a dead link
            if not mail_tokens.usable(session, token, "reset", self.accounts.clock()):
                raise AddressError(BAD_LINK, "bad_link")
        password_hash = self.accounts.pool.hash(new_password)
        with self.queue.write_turn, self.accounts.sessions.begin() as session:
            used = mail_tokens.take(session, token, "reset", self.accounts.clock())
            if used is None or addresses.deliverable(session, used.user_id) != used.address:
                raise AddressError(
                    "this link does not work (used, expired or replaced)", "bad_link"
                )
            session.execute(
                update(User).where(User.id == used.user_id).values(password_hash=password_hash)
            )
            ended = tokens.digests_of(session, used.user_id)
            session.execute(delete(Token).where(Token.user_id == used.user_id))
            tokens.announce_forgotten(session, ended)
        self.accounts.forget(ended)
        log.info(
            "account %d: password reset by mail, %d session(s) ended", used.user_id, len(ended)
        )
