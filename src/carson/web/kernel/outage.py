"""What a visitor reads when the database fails: a page in their language with 503 and
``Retry-After`` (the API keeps its JSON answer). Built without asking the database."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from carson.server.kernel import health
from carson.server.kernel.cookies import CSRF_COOKIE
from carson.web.kernel.i18n import choose_language
from carson.web.kernel.visit import Visit

#: Paths answered in JSON, as the server alone would: everything else is a page.
JSON_PREFIXES = ("/api/", "/healthz", "/readyz", "/openapi.json", "/docs", "/redoc")


async def database_down_page(request: Request, error: Exception) -> Response:
    if request.url.path.startswith(JSON_PREFIXES):
        return await health.database_down(request, error)
    health.log_database_failure(request, error)
    lang = choose_language(request.cookies.get("lang"), request.headers.get("accept-language"))
    visit = Visit(request, None, lang, request.cookies.get(CSRF_COOKIE, ""))
    message = visit.gettext(
        "The game server cannot reach its database right now. Try again in a few seconds."
    )
    page = visit.render("kernel/message.html", status=503, message=message)
    page.headers["Retry-After"] = str(health.RETRY_AFTER_SECONDS)
    return page
