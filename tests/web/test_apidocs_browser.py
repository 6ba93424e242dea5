"""``/docs`` in a real browser with no way out to the internet: Swagger UI draws the API's
operations from carson's own files, under its Content-Security-Policy, and asks no other
site for anything (issue 49: it used to load from a CDN and stay blank offline)."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Route, expect

#: Collects the browser's CSP violation reports, in the page before its own scripts.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", event => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
});
"""


def test_the_api_documentation_works_offline(browser: Browser, base_url: str) -> None:
    site = urlsplit(base_url).netloc
    elsewhere: list[str] = []

    def offline(route: Route) -> None:
        if urlsplit(route.request.url).netloc == site or route.request.url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context = browser.new_context()
    context.add_init_script(WATCH_VIOLATIONS)
    context.route("**/*", offline)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{base_url}/docs")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("carson")
        operation = page.locator(".opblock-summary-path", has_text="/api/games").first
        expect(operation).to_be_visible()
        operation.click()  # an operation opens: the UI runs, not only its first drawing
        expect(page.locator(".opblock.is-open").first).to_be_visible()
        assert page.evaluate("window.__cspViolations") == []
        assert errors == [] and elsewhere == []
    finally:
        context.close()
