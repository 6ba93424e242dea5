"""The server's limits, in one place: rate limits, request-body sizes, live-stream caps and
password hashing. Each has a default and an environment variable (``docs/limits.md``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace

from limits import parse

#: Environment variable of each setting.
ENVIRONMENT = {
    "rate_storage": "CARSON_RATE_LIMIT_STORAGE",
    "login_failures_per_address": "CARSON_LIMIT_LOGIN_ADDRESS",
    "login_failures_per_account": "CARSON_LIMIT_LOGIN_ACCOUNT",
    "registrations_per_address": "CARSON_LIMIT_REGISTER_ADDRESS",
    "password_changes_per_account": "CARSON_LIMIT_PASSWORD_ACCOUNT",
    "moves_per_user": "CARSON_LIMIT_MOVES_USER",
    "password_resets_per_address": "CARSON_LIMIT_RESET_ADDRESS",
    "password_resets_per_account": "CARSON_LIMIT_RESET_ACCOUNT",
    "mail_changes_per_account": "CARSON_LIMIT_MAIL_ACCOUNT",
    "watching_per_address": "CARSON_LIMIT_WATCH_ADDRESS",
    "chat_messages_per_user": "CARSON_LIMIT_CHAT_USER",
    "analysis_requests_per_user": "CARSON_LIMIT_ANALYSIS_USER",
    "people_changes_per_user": "CARSON_LIMIT_PEOPLE_USER",
    "data_exports_per_user": "CARSON_LIMIT_EXPORTS_USER",
    "vacation_changes_per_user": "CARSON_LIMIT_VACATION_USER",
    "analyses_waiting_per_user": "CARSON_LIMIT_ANALYSES_WAITING",
    "max_body_bytes": "CARSON_LIMIT_BODY_BYTES",
    "streams_per_user": "CARSON_LIMIT_STREAMS_USER",
    "streams_total": "CARSON_LIMIT_STREAMS_TOTAL",
    "hash_workers": "CARSON_HASH_WORKERS",
}

#: The settings that are rates ("N per period", in the syntax of the ``limits`` library).
RATES = (
    "login_failures_per_address",
    "login_failures_per_account",
    "registrations_per_address",
    "password_changes_per_account",
    "moves_per_user",
    "password_resets_per_address",
    "password_resets_per_account",
    "mail_changes_per_account",
    "watching_per_address",
    "chat_messages_per_user",
    "analysis_requests_per_user",
    "people_changes_per_user",
    "data_exports_per_user",
    "vacation_changes_per_user",
)


@dataclass(frozen=True)
class Limits:
    """What one server process allows. Rates are strings such as ``"10/15 minutes"``."""

    #: Where rate-limit counters live: ``memory://`` (this process) or a store that server
    #: processes share, as the ``limits`` library names it (``redis://host:6379``, …).
    rate_storage: str = "memory://"
    #: Failed logins from one client address, then 429 until the window has room.
    login_failures_per_address: str = "30/15 minutes"
    #: Failed logins on one account, from any address.
    login_failures_per_account: str = "10/15 minutes"
    #: Registration attempts from one client address.
    registrations_per_address: str = "10/hour"
    #: Password changes (attempts) on one account.
    password_changes_per_account: str = "5/15 minutes"
    #: Moves of one account (a player clicks a few a second at most; bots more).
    moves_per_user: str = "1200/minute"
    #: Forgotten-password requests from one client address (answered 429 beyond).
    password_resets_per_address: str = "10/hour"
    #: Reset mails to one account (beyond, the request is answered alike and sends nothing).
    password_resets_per_account: str = "3/hour"
    #: Address changes and verification mails asked by one account.
    mail_changes_per_account: str = "10/hour"
    #: Spectators' requests from one client address (anonymous views, pages and streams of
    #: games, and anyone's looks for a game that does not exist: ids are not guessed cheaply).
    watching_per_address: str = "600/minute"
    #: Chat messages of one account, in all games together.
    chat_messages_per_user: str = "10/minute"
    #: Hints and post-game analyses asked by one account (each is a worker's job).
    analysis_requests_per_user: str = "30/minute"
    #: Follows, blocks and invitations by name of one account (each invitation tells someone).
    people_changes_per_user: str = "60/hour"
    #: Downloads of one's own data (each reads every table that holds some of it).
    data_exports_per_user: str = "10/hour"
    #: Vacations declared by one account (each is checked against the yearly allowance).
    vacation_changes_per_user: str = "10/day"
    #: Hints and analyses one account may have waiting for the workers at once (beyond: 429
    #: until one is done), so that one account's requests do not hold up everyone's.
    analyses_waiting_per_user: int = 3
    #: Largest request body, in bytes, unless ``body_bytes_by_path`` names the path.
    max_body_bytes: int = 16 * 1024
    #: A larger (or smaller) body limit for paths starting with a prefix.
    body_bytes_by_path: Mapping[str, int] = field(default_factory=dict)
    #: Live streams open at once for one account (429 beyond) and in all (503 beyond).
    streams_per_user: int = 8
    streams_total: int = 500
    #: Password hashes computed at once (memory: 19 MiB each); ``None``: the cores.
    hash_workers: int | None = None

    def __post_init__(self) -> None:
        for name in RATES:
            value = getattr(self, name)
            try:
                parse(value)
            except ValueError:
                raise ValueError(
                    f"{name} ({ENVIRONMENT[name]}) must be a rate such as '10/minute' or "
                    f"'30/15 minutes', not {value!r}"
                ) from None
        for name in (
            "max_body_bytes",
            "streams_per_user",
            "streams_total",
            "analyses_waiting_per_user",
        ):
            if getattr(self, name) < 1:
                raise ValueError(
                    f"{name} ({ENVIRONMENT[name]}) must be 1 or more, not {getattr(self, name)}"
                )
        if self.hash_workers is not None and self.hash_workers < 1:
            raise ValueError(
                f"hash_workers (CARSON_HASH_WORKERS) must be 1 or more, not {self.hash_workers}"
            )

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The defaults, changed by the ``CARSON_LIMIT_…`` variables that are set."""
        environ = os.environ if environ is None else environ
        chosen: dict[str, str | int] = {}
        numbers = {item.name for item in fields(cls) if item.type in ("int", "int | None")}
        for name, variable in ENVIRONMENT.items():
            raw = environ.get(variable, "").strip()
            if not raw:
                continue
            if name in numbers:
                try:
                    chosen[name] = int(raw)
                except ValueError:
                    raise ValueError(f"{variable} must be a whole number, not {raw!r}") from None
            else:
                chosen[name] = raw
        return replace(cls(), **chosen)  # type: ignore[arg-type]

    def body_limit(self, path: str) -> int:
        """The largest body a request to ``path`` may send."""
        for prefix, size in self.body_bytes_by_path.items():
            if path.startswith(prefix):
                return size
        return self.max_body_bytes
