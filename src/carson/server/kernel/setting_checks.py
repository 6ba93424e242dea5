"""The checks of the settings' values (:mod:`carson.server.kernel.settings`): each turns a
variable's text into its value, or raises ``ValueError`` in words that name the variable."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from email.utils import parseaddr
from typing import Literal
from urllib.parse import urlsplit

from limits import parse

MAX_BASE_URL = 200
MOST_ITERATIONS = 100_000
DEFAULT_METRICS_ALLOW = "127.0.0.0/8,::1"
Security = Literal["none", "starttls", "tls"]
SECURITIES: tuple[Security, ...] = ("none", "starttls", "tls")
LogLevel = Literal["debug", "info", "warning", "error"]


def checked_base_url(url: str) -> str:
    """An ``http(s)://host[/prefix]`` address without its last ``/`` (``ValueError``)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"a public address is http(s)://host[/path], not {url!r}")
    if len(url) > MAX_BASE_URL:
        raise ValueError(f"a public address has at most {MAX_BASE_URL} characters")
    return url.strip().rstrip("/")


# ------------------------------------------------------------- the checks, with their words


def _whole(variable: str, raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{variable} must be a whole number, not {raw!r}") from None


def number_check(low: int, high: int) -> Callable[[str, str], int]:
    """A whole number from ``low`` to ``high`` (the mail's port and timeout)."""

    def check(variable: str, raw: str) -> int:
        value = _whole(variable, raw)
        if not low <= value <= high:
            raise ValueError(f"{variable} must be from {low} to {high}, not {value}")
        return value

    return check


def counted_check(what: str, high: int) -> Callable[[str, str], int]:
    """A count of ``what`` from 1 to ``high`` (iterations, cached games)."""

    def check(variable: str, raw: str) -> int:
        if not raw.isdigit() or not 1 <= int(raw) <= high:
            raise ValueError(f"{variable} must be a number of {what} from 1 to {high}, not {raw!r}")
        return int(raw)

    return check


def tokens_check(variable: str, raw: str) -> int:
    if not raw.isdecimal() or int(raw) < 1:
        raise ValueError(f"{variable} must be a whole number of tokens (1 or more), not {raw!r}")
    return int(raw)


def rate_check(variable: str, raw: str) -> str:
    try:
        parse(raw)
    except ValueError:
        raise ValueError(
            f"{variable} must be a rate such as '10/minute' or '30/15 minutes', not {raw!r}"
        ) from None
    return raw


def one_or_more_check(variable: str, raw: str) -> int:
    value = _whole(variable, raw)
    if value < 1:
        raise ValueError(f"{variable} must be 1 or more, not {value}")
    return value


def public_url_check(variable: str, raw: str) -> str:
    try:
        return checked_base_url(raw)
    except ValueError as error:
        raise ValueError(f"{variable}: {error}") from None


def security_check(variable: str, raw: str) -> str:
    if raw.lower() not in SECURITIES:
        raise ValueError(f"{variable} must be one of {', '.join(SECURITIES)}, not {raw!r}")
    return raw.lower()


def sender_check(variable: str, raw: str) -> str:
    if "@" not in parseaddr(raw)[1]:
        raise ValueError(f"{variable} must be an address, not {raw!r}")
    return raw


def networks_check(variable: str, raw: str) -> str:
    for part in (p.strip() for p in raw.split(",")):
        if not part:
            continue
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise ValueError(
                f"{variable} must list addresses or networks (10.0.0.0/8), not {part!r}"
            ) from None
    return raw


def metrics_token_check(variable: str, raw: str) -> str:
    if len(raw) < 16:
        raise ValueError(f"{variable} must have at least 16 characters")
    return raw


def one_check(variable: str, raw: str) -> bool:
    """``1`` switches it on; any other value leaves it off (as these variables always did)."""
    return raw == "1"


def yes_check(variable: str, raw: str) -> bool:
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{variable} must be 1 or 0 (true or false), not {raw!r}")


def level_check(variable: str, raw: str) -> str:
    if raw.lower() not in ("debug", "info", "warning", "error"):
        raise ValueError(f"{variable} must be one of debug, info, warning, error, not {raw!r}")
    return raw.lower()


def text_check(variable: str, raw: str) -> str:
    return raw
