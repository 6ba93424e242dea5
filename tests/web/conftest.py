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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not chromium_available():
        pytest.skip(f"no chromium at {CHROMIUM}: `make test-deps` installs Debian's package")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
