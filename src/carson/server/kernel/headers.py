"""Security headers on every response: a Content-Security-Policy that allows no inline
script or style on the pages, no framing, no referrer to other sites, no content sniffing,
and no copy kept by a browser or a proxy of anything but the static files (``no-store``:
pages and API answers carry CSRF tokens, secret cards, private games).

Pages load only this site's own files (``/static``: htmx, the CSS, carson.js, live.js); the API's
JSON documents load nothing at all. The interactive API documentation holds no user data:
``/docs`` is Swagger UI from this site's own files (:mod:`carson.server.kernel.apidocs`),
started by an inline script and styled inline, so its policy allows inline code from this
site and nothing from any other; ``/redoc`` is FastAPI's, which loads ReDoc and its fonts
from their CDNs, which its policy allows and nothing more.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
REDOC_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.jsdelivr.net; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
#: Anything that is not a page (JSON, the live stream, static files): nothing to run.
NO_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'"

COMMON = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def policy_for(path: str, content_type: bytes) -> str:
    if not content_type.startswith(b"text/html"):
        return NO_CONTENT_POLICY
    if path == "/docs" or path.startswith("/docs/"):
        return DOCS_POLICY
    if path == "/redoc":
        return REDOC_POLICY
    return PAGE_POLICY


#: Files the same for everyone: a cache may keep them (each route may say how long).
STATIC_PREFIX = "/static/"


def security_headers(path: str, content_type: bytes) -> list[tuple[bytes, bytes]]:
    """The headers above for an answer of ``content_type`` on ``path``."""
    headers = [*COMMON, (b"content-security-policy", policy_for(path, content_type).encode())]
    if not path.startswith(STATIC_PREFIX):
        headers.append((b"cache-control", b"no-store"))
    return headers


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                content_type = next((v for n, v in headers if n.lower() == b"content-type"), b"")
                headers += [
                    (n, v) for n, v in security_headers(path, content_type) if n not in names
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
