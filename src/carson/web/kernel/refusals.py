"""The pages' answers to a request the server's limits refuse: too many in a short time
(429), the server busy hashing passwords (503), a body too large (413) — each a message in
the visitor's language, with the status and ``Retry-After`` the API answers too."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse
from starlette.types import Scope

from carson.server.accounts.passwords import HashingBusy
from carson.server.kernel.cookies import CSRF_COOKIE
from carson.server.kernel.ratelimit import RateLimited
from carson.web.kernel.i18n import choose_language
from carson.web.kernel.visit import Visit


def refused_page(visit: Visit, error: RateLimited | HashingBusy) -> HTMLResponse:
    if isinstance(error, RateLimited):
        wait, status = error.retry_after, 429
        text = visit.gettext(
            "Too many attempts in a short time. Wait %(seconds)s seconds, then try again."
        )
        message = text % {"seconds": wait}
    else:
        wait, status = 1, 503
        message = visit.gettext("The server is busy. Try again in a moment.")
    response = visit.render("kernel/message.html", status=status, message=message)
    response.headers["Retry-After"] = str(wait)
    return response


async def too_large_page(scope: Scope, limit: int) -> tuple[str, bytes]:
    """The 413 page of a form too large (the body limit's answer for a page's path)."""
    request = Request(scope)
    lang = choose_language(request.cookies.get("lang"), request.headers.get("accept-language"))
    visit = Visit(request, None, lang, request.cookies.get(CSRF_COOKIE, ""))
    message = visit.gettext("That form is too large to be sent. Shorten it and try again.")
    page = visit.render("kernel/message.html", status=413, message=message)
    return "text/html; charset=utf-8", bytes(page.body)
