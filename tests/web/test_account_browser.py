"""Sessions in a real browser against a real ``carson serve`` (issue 20): the account page
from the header, a password change through its form; and the server's cookies behind a TLS
proxy it trusts (``--forwarded-allow-ips``) or not."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from browser import running_server
from play import register
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.slow  # a `carson serve` process


def test_the_account_page_and_a_password_change(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    register(page, base_url, "carol")
    page.click("header a.who")
    expect(page.locator("#sessions")).to_contain_text("this session")
    page.fill("#password-form input[name=current_password]", "a long password")
    page.fill("#password-form input[name=new_password]", "another long password")
    page.fill("#password-form input[name=repeat_password]", "another long password")
    page.click("#password-form button")
    expect(page.locator(".notice")).to_contain_text("your other sessions have ended")
    page.click("header form.inline button")  # log out
    page.fill("#login-form input[name=username]", "carol")
    page.fill("#login-form input[name=password]", "another long password")
    page.click("#login-form button")
    expect(page.locator("#play-now")).to_be_visible()


def csrf_cookie_of(base: str) -> str:
    """The Set-Cookie of the home page, asked as a TLS proxy on this machine would."""
    request = urllib.request.Request(base + "/", headers={"X-Forwarded-Proto": "https"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return next(c for c in response.headers.get_all("set-cookie") if "carson_csrf" in c)


@pytest.mark.parametrize(
    ("options", "secure"), [((), True), (("--forwarded-allow-ips", "10.9.9.9"), False)]
)
def test_cookies_are_secure_behind_a_trusted_tls_proxy_only(
    tmp_path: Path, options: tuple[str, ...], secure: bool
) -> None:
    """By default the proxy on 127.0.0.1 is trusted; told to trust another address, the
    server ignores the forwarded scheme of this one."""
    with running_server(tmp_path, options=options) as base:
        assert ("; Secure" in csrf_cookie_of(base)) is secure
