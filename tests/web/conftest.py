from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import CHROMIUM, CHROMIUM_ARGS, chromium_available, running_server
from playwright.sync_api import Browser, sync_playwright


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``carson serve`` (SQLite) for the browser tests of one module."""
    directory: Path = tmp_path_factory.mktemp("web")
    with running_server(directory) as base:
        yield base


#: Where a failed browser test leaves what each of its pages showed (CI keeps the tree).
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def pages_kept_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    """When a test fails, save each open page's HTML and a screenshot (and the server log
    path), then close what the test left open so the next test starts clean."""
    yield
    if "browser" not in request.fixturenames:
        return
    browser: Browser = request.getfixturevalue("browser")
    report = getattr(request.node, "report_call", None)
    failed = report is not None and report.failed
    for number, context in enumerate(browser.contexts):
        for index, page in enumerate(context.pages):
            if failed:
                stem = ARTIFACTS / f"{request.node.name}-{number}-{index}"
                stem.parent.mkdir(exist_ok=True)
                stem.with_suffix(".html").write_text(f"<!-- {page.url} -->\n{page.content()}")
                page.screenshot(path=str(stem.with_suffix(".png")), full_page=True)
                print(f"page {page.url} saved as {stem}.html/.png")
        context.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not chromium_available():
        pytest.skip(f"no chromium at {CHROMIUM}: `make test-deps` installs Debian's package")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
