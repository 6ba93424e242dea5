"""An unknown address a browser asks for: a page in the visitor's language (404) with the
site's header and a way home, not the API's JSON body. The API's paths keep their JSON
answer, and every other refusal (405, …) stays the API's."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from carson.web.kernel.outage import JSON_PREFIXES
from carson.web.kernel.visit import visit_of

#: Paths that are no pages: the API's (JSON) and the static files (a plain 404).
NOT_PAGES = (*JSON_PREFIXES, "/static/")


def install(app: FastAPI) -> None:
    """Answer a page's unknown address with a page; anything else as the server did."""
    api_answer = app.exception_handlers[StarletteHTTPException]

    async def missing_page(request: Request, error: Exception) -> Response:
        assert isinstance(error, StarletteHTTPException)
        path = request.url.path
        page_asked = request.method in ("GET", "HEAD") and not path.startswith(NOT_PAGES)
        if error.status_code != 404 or not page_asked:
            answer = api_answer(request, error)
            return answer if isinstance(answer, Response) else await answer
        visit = await visit_of(request)
        message = visit.gettext("There is no page at this address.")
        return visit.render("kernel/message.html", status=404, message=message)

    app.add_exception_handler(StarletteHTTPException, missing_page)
