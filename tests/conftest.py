"""Shared test settings: hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more), and
the tiers (docs/testing.md): a test that needs PostgreSQL or Chromium is marked ``postgres``
or ``browser`` here, by the fixtures it asks for, and ``slow`` with them; a module that
starts server processes or terminals says ``pytestmark = pytest.mark.slow`` itself.
``make test-fast`` runs what is not ``slow``; ``make test``, everything."""

import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))  # shared test helpers (toy.py)
from smtp_mailbox import Mailbox, running_mailbox
from toy import toy_installed

settings.register_profile("default", max_examples=200, deadline=None)
settings.register_profile("thorough", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


#: Fixtures that bring a real PostgreSQL server or a real Chromium (with a server to browse).
POSTGRES_FIXTURES = {"postgres_server", "pg_url"}
BROWSER_FIXTURES = {"browser", "base_url"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("db_url") == "postgresql"
        if on_postgres or fixtures & POSTGRES_FIXTURES:
            item.add_marker(pytest.mark.postgres)
            item.add_marker(pytest.mark.slow)
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def root_logging_restored() -> Iterator[None]:
    """Each test leaves the root logger as it found it: a command run in-process
    (`carson serve`, `carson worker`) configures logging for its whole process, and a later
    test in the same worker would otherwise read library records in its captured stderr."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def toy_game() -> Iterator[None]:
    """A third game, installed only through its entry point (``tests/toy.py``)."""
    with toy_installed():
        yield


@pytest.fixture
def server_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``server_seed(n)``: the server draws ``n`` as the secret seed of the games created
    after (a game between people takes no chosen seed; a test still wants the same deal)."""

    def fix(seed: int) -> None:
        monkeypatch.setattr("carson.server.play.integrity.secret_seed", lambda: seed)

    return fix


@pytest.fixture
def mailbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[Mailbox]:
    """A local SMTP server that keeps what arrives; the server's mail settings point at it."""
    with running_mailbox() as box:
        monkeypatch.setenv("CARSON_SMTP_HOST", "127.0.0.1")
        monkeypatch.setenv("CARSON_SMTP_PORT", str(box.port))
        monkeypatch.setenv("CARSON_SMTP_SECURITY", "none")
        monkeypatch.setenv("CARSON_MAIL_FROM", "carson@example.org")
        for variable in ("CARSON_SMTP_USER", "CARSON_SMTP_PASSWORD", "CARSON_SMTP_TIMEOUT"):
            monkeypatch.delenv(variable, raising=False)
        yield box
