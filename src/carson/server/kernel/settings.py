"""Every setting of the server in one typed place (``docs/settings.md``, ``carson config``).

Each field is one environment variable, named exactly as before (``CARSON_…``, and
``DATABASE_URL``); a variable that is unset, empty or only spaces leaves the default. A value
a setting cannot take is refused with :class:`~carson.server.kernel.errors.BadSetting`, whose
message names the variable.

The settings are read from one mapping (``os.environ`` unless a caller passes its own), and
``only`` reads just some variables: a module that needs one setting is not refused for
another's bad value, as before. ``CARSON_HOME`` is also read by :mod:`carson.core.paths`
(the engines need no extra, so not through this model); ``CARSON_LOG_JSON`` and
``CARSON_LOG_LEVEL`` are read by ``carson serve``'s options, and listed here so that one table
holds them all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field, SecretStr, ValidationError, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from carson.server.kernel.errors import BadSetting
from carson.server.kernel.setting_checks import (
    DEFAULT_METRICS_ALLOW,
    MOST_ITERATIONS,
    LogLevel,
    Security,
    counted_check,
    level_check,
    metrics_token_check,
    networks_check,
    number_check,
    one_check,
    one_or_more_check,
    public_url_check,
    rate_check,
    security_check,
    sender_check,
    text_check,
    tokens_check,
    yes_check,
)


class Settings(BaseSettings):
    """The server's settings. Field names are Python's; each alias is its variable."""

    model_config = SettingsConfigDict(frozen=True, populate_by_name=False, extra="ignore")

    # --- where things are
    home: str | None = Field(
        None,
        validation_alias="CARSON_HOME",
        description="carson's data directory (SQLite database, saved games); else the "
        "platform's (~/.local/share/carson)",
    )
    database_url: str | None = Field(
        None,
        validation_alias="DATABASE_URL",
        description="the database (SQLAlchemy URL); else SQLite in the data directory",
    )
    public_url: str | None = Field(
        None,
        validation_alias="CARSON_PUBLIC_URL",
        description="the address players open (http(s)://host[/path]): mailed "
        "links start with it; unset: no notification mail, account mail only to localhost",
    )
    secure_cookies: bool = Field(
        False,
        validation_alias="CARSON_SECURE_COOKIES",
        description="1: every cookie Secure (else only over https)",
    )
    log_json: bool = Field(
        False, validation_alias="CARSON_LOG_JSON", description="carson serve: log JSON lines"
    )
    log_level: LogLevel = Field(
        "info",
        validation_alias="CARSON_LOG_LEVEL",
        description="carson serve: the least severe records logged (debug, info, warning, error)",
    )
    # --- mail (docs/mail.md)
    smtp_host: str | None = Field(
        None,
        validation_alias="CARSON_SMTP_HOST",
        description="the SMTP server; unset: no mail is sent",
    )
    smtp_port: int | None = Field(
        None,
        validation_alias="CARSON_SMTP_PORT",
        description="its port (1–65535); else 25, 587 or 465 after CARSON_SMTP_SECURITY",
    )
    smtp_user: str | None = Field(
        None, validation_alias="CARSON_SMTP_USER", description="login (with CARSON_SMTP_PASSWORD)"
    )
    smtp_password: SecretStr | None = Field(
        None, validation_alias="CARSON_SMTP_PASSWORD", description="password (secret)"
    )
    smtp_security: Security = Field(
        "starttls", validation_alias="CARSON_SMTP_SECURITY", description="none, starttls or tls"
    )
    mail_from: str = Field(
        "carson@localhost", validation_alias="CARSON_MAIL_FROM", description="the sender's address"
    )
    smtp_timeout: int = Field(
        30, validation_alias="CARSON_SMTP_TIMEOUT", description="seconds per SMTP step (1–600)"
    )
    # --- notifications (docs/notifications.md)
    push_contact: str = Field(
        "mailto:carson@localhost",
        validation_alias="CARSON_PUSH_CONTACT",
        description="the VAPID contact given to push services",
    )
    push_http: bool = Field(
        False,
        validation_alias="CARSON_PUSH_HTTP",
        description="1: push endpoints may be http (tests)",
    )
    outbound_allow: str = Field(
        "",
        validation_alias="CARSON_OUTBOUND_ALLOW",
        description="host:port origins, comma-"
        "separated, reached although not public (a local test service)",
    )
    # --- metrics (docs/metrics.md)
    metrics_allow: str = Field(
        DEFAULT_METRICS_ALLOW,
        validation_alias="CARSON_METRICS_ALLOW",
        description="addresses or networks that may read /metrics",
    )
    metrics_token: SecretStr | None = Field(
        None,
        validation_alias="CARSON_METRICS_TOKEN",
        description="a bearer token that may read /metrics from anywhere (16+ characters, secret)",
    )
    multiprocess_dir: str | None = Field(
        None,
        validation_alias="PROMETHEUS_MULTIPROC_DIR",
        description="the directory where a host's processes share their metrics",
    )
    # --- memory and the workers' searches
    cached_games: int = Field(
        2000,
        validation_alias="CARSON_CACHED_GAMES",
        description="games a process keeps in memory (1–10000000)",
    )
    token_memory: int = Field(
        10_000,
        validation_alias="CARSON_TOKEN_MEMORY",
        description="session tokens a process remembers (1 or more)",
    )
    hint_iterations: int = Field(
        600,
        validation_alias="CARSON_HINT_ITERATIONS",
        description="search iterations of a hint (1–100000)",
    )
    analysis_iterations: int = Field(
        300,
        validation_alias="CARSON_ANALYSIS_ITERATIONS",
        description="search iterations of each decision of an analysis (1–100000)",
    )
    # --- limits (docs/limits.md; carson.server.kernel.limits.Limits)
    rate_storage: str = Field(
        "memory://",
        validation_alias="CARSON_RATE_LIMIT_STORAGE",
        description="where rate-limit "
        "counters live: memory:// or a shared store (redis://host:6379)",
    )
    login_failures_per_address: str = Field(
        "30/15 minutes",
        validation_alias="CARSON_LIMIT_LOGIN_ADDRESS",
        description="failed logins from one address",
    )
    login_failures_per_account: str = Field(
        "10/15 minutes",
        validation_alias="CARSON_LIMIT_LOGIN_ACCOUNT",
        description="failed logins on one account",
    )
    registrations_per_address: str = Field(
        "10/hour",
        validation_alias="CARSON_LIMIT_REGISTER_ADDRESS",
        description="registrations from one address",
    )
    password_changes_per_account: str = Field(
        "5/15 minutes",
        validation_alias="CARSON_LIMIT_PASSWORD_ACCOUNT",
        description="password changes on one account",
    )
    moves_per_user: str = Field(
        "1200/minute",
        validation_alias="CARSON_LIMIT_MOVES_USER",
        description="moves of one account",
    )
    password_resets_per_address: str = Field(
        "10/hour",
        validation_alias="CARSON_LIMIT_RESET_ADDRESS",
        description="forgotten-password requests from one address",
    )
    password_resets_per_account: str = Field(
        "3/hour",
        validation_alias="CARSON_LIMIT_RESET_ACCOUNT",
        description="reset mails to one account",
    )
    mail_changes_per_account: str = Field(
        "10/hour",
        validation_alias="CARSON_LIMIT_MAIL_ACCOUNT",
        description="address changes and verification mails",
    )
    watching_per_address: str = Field(
        "600/minute",
        validation_alias="CARSON_LIMIT_WATCH_ADDRESS",
        description="spectators' requests from one address",
    )
    chat_messages_per_user: str = Field(
        "10/minute",
        validation_alias="CARSON_LIMIT_CHAT_USER",
        description="chat messages of one account",
    )
    analysis_requests_per_user: str = Field(
        "30/minute",
        validation_alias="CARSON_LIMIT_ANALYSIS_USER",
        description="hints and analyses asked by one account",
    )
    people_changes_per_user: str = Field(
        "60/hour",
        validation_alias="CARSON_LIMIT_PEOPLE_USER",
        description="follows, blocks and invitations of one account",
    )
    data_exports_per_user: str = Field(
        "10/hour",
        validation_alias="CARSON_LIMIT_EXPORTS_USER",
        description="downloads of one's own data",
    )
    vacation_changes_per_user: str = Field(
        "10/day",
        validation_alias="CARSON_LIMIT_VACATION_USER",
        description="vacations declared by one account",
    )
    analyses_waiting_per_user: int = Field(
        3,
        validation_alias="CARSON_LIMIT_ANALYSES_WAITING",
        description="hints and analyses of one account waiting at once",
    )
    max_body_bytes: int = Field(
        16 * 1024,
        validation_alias="CARSON_LIMIT_BODY_BYTES",
        description="largest request body, in bytes",
    )
    streams_per_user: int = Field(
        8,
        validation_alias="CARSON_LIMIT_STREAMS_USER",
        description="live streams open at once for one account",
    )
    streams_total: int = Field(
        500,
        validation_alias="CARSON_LIMIT_STREAMS_TOTAL",
        description="live streams open at once in all",
    )
    hash_workers: int | None = Field(
        None,
        validation_alias="CARSON_HASH_WORKERS",
        description="password hashes computed at once (19 MiB each); else the number of cores",
    )

    @model_validator(mode="after")
    def _together(self) -> Settings:
        if (self.smtp_user is None) != (self.smtp_password is None):
            raise ValueError(
                "CARSON_SMTP_USER and CARSON_SMTP_PASSWORD are set together or not at all"
            )
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Only what :func:`load` gives: the one mapping it read (the environment)."""
        return (init_settings,)


#: How each variable's text is checked and turned into its value, in the words of its message.
CHECKS: dict[str, Callable[[str, str], object]] = {
    "CARSON_PUBLIC_URL": public_url_check,
    "CARSON_SECURE_COOKIES": one_check,
    "CARSON_LOG_JSON": yes_check,
    "CARSON_LOG_LEVEL": level_check,
    "CARSON_SMTP_PORT": number_check(1, 65535),
    "CARSON_SMTP_SECURITY": security_check,
    "CARSON_MAIL_FROM": sender_check,
    "CARSON_SMTP_TIMEOUT": number_check(1, 600),
    "CARSON_PUSH_HTTP": one_check,
    "CARSON_METRICS_ALLOW": networks_check,
    "CARSON_METRICS_TOKEN": metrics_token_check,
    "CARSON_CACHED_GAMES": counted_check("games", 10_000_000),
    "CARSON_TOKEN_MEMORY": tokens_check,
    "CARSON_HINT_ITERATIONS": counted_check("iterations", MOST_ITERATIONS),
    "CARSON_ANALYSIS_ITERATIONS": counted_check("iterations", MOST_ITERATIONS),
    "CARSON_LIMIT_ANALYSES_WAITING": one_or_more_check,
    "CARSON_LIMIT_BODY_BYTES": one_or_more_check,
    "CARSON_LIMIT_STREAMS_USER": one_or_more_check,
    "CARSON_LIMIT_STREAMS_TOTAL": one_or_more_check,
    "CARSON_HASH_WORKERS": one_or_more_check,
}
#: Shown as ``***`` (or, in a URL, with its password as ``***``) by ``carson config``.
SECRETS = frozenset({"CARSON_SMTP_PASSWORD", "CARSON_METRICS_TOKEN"})
#: Set but empty, these are checked instead of leaving the default, as they always were:
#: no network may read ``/metrics`` (only the token's bearer); no token memory is refused.
EMPTY_IS_A_VALUE = frozenset({"CARSON_METRICS_ALLOW", "CARSON_TOKEN_MEMORY"})
#: Those that are URLs: their password is hidden, the rest shown.
URLS = frozenset({"DATABASE_URL", "CARSON_RATE_LIMIT_STORAGE"})


def variable(name: str) -> str:
    """The environment variable of the field ``name``."""
    alias = Settings.model_fields[name].validation_alias
    assert isinstance(alias, str)
    return alias


#: Field name of each variable, in the model's order.
FIELDS = {variable(name): name for name in Settings.model_fields}
for _name in FIELDS:
    if _name.startswith("CARSON_LIMIT_") and _name not in CHECKS:
        CHECKS[_name] = rate_check


def load(environ: Mapping[str, str] | None = None, only: Collection[str] | None = None) -> Settings:
    """The settings of ``environ`` (``os.environ``): of the variables ``only`` names, or all.

    :class:`BadSetting` names the variable of a value a setting cannot take."""
    environ = os.environ if environ is None else environ
    given: dict[str, object] = {}
    for name in FIELDS if only is None else only:
        raw = environ.get(name, "").strip()
        if raw or (name in EMPTY_IS_A_VALUE and name in environ):
            try:
                given[name] = CHECKS.get(name, text_check)(name, raw)
            except ValueError as error:
                raise BadSetting(str(error)) from None
    try:
        return Settings(**given)  # type: ignore[arg-type]  # by alias, checked above
    except ValidationError as error:  # the model's own checks (settings set together)
        first = error.errors()[0]
        context = first.get("ctx") or {}
        raise BadSetting(str(context.get("error", first["msg"]))) from None


def sources(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Where each variable's value comes from: ``environment`` or ``default``."""
    environ = os.environ if environ is None else environ
    return {
        name: "environment"
        if environ.get(name, "").strip() or (name in EMPTY_IS_A_VALUE and name in environ)
        else "default"
        for name in FIELDS
    }


def shown(name: str, value: object) -> str:
    """A value as ``carson config`` prints it: secrets hidden, URLs without their password."""
    if value is None:
        return "(unset)"
    if isinstance(value, SecretStr):
        return "***"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if not text:
        return "(empty)"
    if name in URLS:
        return _without_password(text)
    if name in SECRETS:
        return "***"
    return text


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None and "@" not in parts.netloc:
        return url
    user, _, host = parts.netloc.rpartition("@")
    name = user.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{name}:***@{host}" if name else f"***@{host}"))
