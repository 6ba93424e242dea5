"""The one cookie policy of browser sessions, used by every place that sets or clears them
(the API's ``/api/session`` and the web pages' log-in, sign-up and log-out), and the check
that a state-changing request comes from this site.

* ``carson_session`` holds the session's token: ``HttpOnly`` (no script reads it),
  ``SameSite=Lax`` (sent when a visitor follows a link here from elsewhere, e.g. an
  invitation, but never with another site's form posts or scripts' requests), ``Path=/``,
  kept :data:`COOKIE_SECONDS` (the token itself expires sooner when left idle,
  :mod:`carson.server.accounts.tokens`).
* ``carson_csrf`` holds the CSRF token of the double-submit check: the same attributes but
  readable by the page's script, which sends it back in ``X-CSRF-Token`` (forms send it in a
  hidden ``csrf`` field). Anonymous visitors get one too, so the log-in and sign-up forms are
  protected as well; logging in replaces it.
* Both are ``Secure`` when the request came over https — behind a TLS proxy, uvicorn takes
  the scheme from ``X-Forwarded-Proto`` of the proxies it trusts (``carson serve
  --forwarded-allow-ips``) — or when the server is told so (``--secure-cookies``,
  ``CARSON_SECURE_COOKIES=1``).

On top of the token, a request that changes something and names its origin (``Origin``, else
``Referer``, which browsers send) must name this site's: :func:`same_origin`.
"""

from __future__ import annotations

import secrets
from typing import Final, Literal
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response

from carson.server.kernel import settings

SESSION_COOKIE = "carson_session"
CSRF_COOKIE = "carson_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: How long a browser keeps the cookies (the server forgets an idle token sooner).
COOKIE_SECONDS = 30 * 24 * 3600
SAMESITE: Final[Literal["lax"]] = "lax"
#: The environment variable that makes every cookie ``Secure`` (``1``).
SECURE_ENV = "CARSON_SECURE_COOKIES"


def secure_configured() -> bool:
    """Whether ``CARSON_SECURE_COOKIES=1`` asks for ``Secure`` cookies on every request."""
    return settings.load(only={SECURE_ENV}).secure_cookies


def is_secure(request: Request) -> bool:
    """Whether this request's cookies get ``Secure``: over https, or when configured."""
    configured = getattr(request.app.state, "secure_cookies", False)
    return request.url.scheme == "https" or bool(configured)


def new_csrf() -> str:
    return secrets.token_urlsafe(24)


def set_session(response: Response, request: Request, token: str, csrf: str) -> None:
    """Log the browser in: the session's token and a fresh CSRF token."""
    _set(response, request, SESSION_COOKIE, token, httponly=True)
    set_csrf(response, request, csrf)


def set_csrf(response: Response, request: Request, csrf: str) -> None:
    """The CSRF cookie alone (an anonymous visitor's, for the log-in and sign-up forms)."""
    _set(response, request, CSRF_COOKIE, csrf, httponly=False)


def clear_session(response: Response, request: Request) -> None:
    """Log the browser out: both cookies are dropped (with the attributes they were set
    with, or a browser keeps them)."""
    secure = is_secure(request)
    for name, httponly in ((SESSION_COOKIE, True), (CSRF_COOKIE, False)):
        response.delete_cookie(name, secure=secure, httponly=httponly, samesite=SAMESITE)


def _set(response: Response, request: Request, name: str, value: str, *, httponly: bool) -> None:
    response.set_cookie(
        name,
        value,
        max_age=COOKIE_SECONDS,
        path="/",
        secure=is_secure(request),
        httponly=httponly,
        samesite=SAMESITE,
    )


def same_origin(request: Request) -> bool:
    """Whether a state-changing request may come from where it says it comes from: its
    ``Origin`` (else its ``Referer``) must be this site's scheme, host and port. A request
    naming neither (an API client, an old browser) passes here; its CSRF token is still
    checked. Safe methods always pass."""
    if request.method in SAFE_METHODS:
        return True
    claimed = request.headers.get("origin") or request.headers.get("referer")
    if claimed is None:
        return True
    parts = urlsplit(claimed)
    own = request.base_url
    return (parts.scheme, parts.netloc.lower()) == (own.scheme, own.netloc.lower())
