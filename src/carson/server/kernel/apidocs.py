"""The interactive API documentation at ``/docs``: FastAPI's Swagger UI page, its files
served by carson itself under ``/static/swagger-ui/`` (no CDN: the page works offline and
its Content-Security-Policy names no other site).

The files are swagger-ui-dist's, as published on npm (``package.json`` names the version;
``tests/server/test_apidocs.py`` checks the copies here against it when ``npm ci`` fetched
it): ``swagger_ui/`` beside this module, in the wheel.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

DOCS_URL = "/docs"
OAUTH2_REDIRECT_URL = "/docs/oauth2-redirect"
#: Where the Swagger UI files are served (under the site's ``/static/``, cached as those).
ASSETS_URL = "/static/swagger-ui"
ASSETS = Path(__file__).with_name("swagger_ui")
#: The files served: swagger-ui-dist's bundle, its style sheet and icon, their licences.
FILES = (
    "swagger-ui-bundle.js",
    "swagger-ui.css",
    "favicon-32x32.png",
    "LICENSE",
    "NOTICE",
    "swagger-ui-bundle.js.LICENSE.txt",
)


def install(app: FastAPI) -> None:
    """``/docs`` and its OAuth2 redirect page on ``app`` (made with ``docs_url=None``),
    and the files they load."""
    openapi_url = app.openapi_url or "/openapi.json"

    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title=f"{app.title} — API",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon-32x32.png",
            oauth2_redirect_url=OAUTH2_REDIRECT_URL,
        )

    async def oauth2_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    app.add_api_route(DOCS_URL, swagger_ui, include_in_schema=False)
    app.add_api_route(OAUTH2_REDIRECT_URL, oauth2_redirect, include_in_schema=False)
    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS), name="swagger-ui")
