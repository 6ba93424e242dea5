"""Every setting in one typed place (carson.server.kernel.settings): bad values refused in
words that name the variable, ``carson config`` with its sources and no secret shown, and
docs/settings.md holding every variable the code reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.cli.main import app
from carson.server.kernel import settings
from carson.server.kernel.errors import BadSetting
from carson.server.kernel.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "carson"
TABLE = ROOT / "docs" / "settings.md"
runner = CliRunner()


def test_defaults_are_the_old_ones() -> None:
    chosen = settings.load({})
    assert chosen.cached_games == 2000
    assert chosen.token_memory == 10_000
    assert (chosen.hint_iterations, chosen.analysis_iterations) == (600, 300)
    assert chosen.metrics_allow == "127.0.0.0/8,::1"
    assert chosen.smtp_security == "starttls" and chosen.mail_from == "carson@localhost"
    assert not chosen.secure_cookies and chosen.public_url is None
    # The limits' defaults are Limits' own.
    assert Limits.from_environment({}) == Limits()


@pytest.mark.parametrize(
    ("variable", "raw", "words"),
    [
        ("CARSON_SMTP_PORT", "smtp", "CARSON_SMTP_PORT must be a whole number, not 'smtp'"),
        ("CARSON_SMTP_TIMEOUT", "0", "CARSON_SMTP_TIMEOUT must be from 1 to 600, not 0"),
        ("CARSON_CACHED_GAMES", "many", "CARSON_CACHED_GAMES must be a number of games"),
        ("CARSON_HINT_ITERATIONS", "0", "CARSON_HINT_ITERATIONS must be a number of iterations"),
        ("CARSON_TOKEN_MEMORY", "-5", "CARSON_TOKEN_MEMORY must be a whole number of tokens"),
        ("CARSON_PUBLIC_URL", "ftp://x", "CARSON_PUBLIC_URL: a public address is http"),
        ("CARSON_METRICS_TOKEN", "short", "CARSON_METRICS_TOKEN must have at least 16"),
        ("CARSON_LIMIT_CHAT_USER", "often", "CARSON_LIMIT_CHAT_USER must be a rate"),
        ("CARSON_LIMIT_STREAMS_TOTAL", "0", "CARSON_LIMIT_STREAMS_TOTAL must be 1 or more"),
        ("CARSON_LOG_LEVEL", "loud", "CARSON_LOG_LEVEL must be one of debug"),
    ],
)
def test_a_bad_value_is_refused_naming_its_variable(variable: str, raw: str, words: str) -> None:
    with pytest.raises(BadSetting, match=re.escape(words)):
        settings.load({variable: raw})


def test_empty_or_blank_is_the_default() -> None:
    chosen = settings.load({"CARSON_CACHED_GAMES": "  ", "CARSON_SMTP_PORT": ""})
    assert chosen.cached_games == 2000 and chosen.smtp_port is None
    assert settings.sources({"CARSON_CACHED_GAMES": " "})["CARSON_CACHED_GAMES"] == "default"


def test_only_reads_the_variables_asked_for() -> None:
    """A module that needs one setting is not refused for another's bad value."""
    environ = {"CARSON_SMTP_PORT": "smtp", "CARSON_CACHED_GAMES": "12"}
    assert settings.load(environ, only={"CARSON_CACHED_GAMES"}).cached_games == 12
    with pytest.raises(BadSetting, match="CARSON_SMTP_PORT"):
        settings.load(environ)


SECRETS = {
    "DATABASE_URL": "postgresql+psycopg://carson:db-pass-1234@db.example/carson",
    "CARSON_SMTP_USER": "mailer",
    "CARSON_SMTP_PASSWORD": "smtp-pass-5678",
    "CARSON_METRICS_TOKEN": "metrics-token-abcdefgh",
    "CARSON_RATE_LIMIT_STORAGE": "redis://:redis-pass-90@cache:6379",
}


def test_config_prints_values_and_sources_and_hides_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in settings.FIELDS:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in SECRETS.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setenv("CARSON_CACHED_GAMES", "77")
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 0, result.output
    for secret in ("db-pass-1234", "smtp-pass-5678", "metrics-token-abcdefgh", "redis-pass-90"):
        assert secret not in result.output
    lines = {line.split()[0]: line for line in result.output.splitlines()}
    assert set(lines) == set(settings.FIELDS)
    assert lines["DATABASE_URL"].split()[1:] == [
        "postgresql+psycopg://carson:***@db.example/carson", "(environment)"]  # fmt: skip
    assert lines["CARSON_SMTP_PASSWORD"].split()[1:] == ["***", "(environment)"]
    assert lines["CARSON_METRICS_TOKEN"].split()[1:] == ["***", "(environment)"]
    assert lines["CARSON_SMTP_USER"].split()[1:] == ["mailer", "(environment)"]
    assert lines["CARSON_CACHED_GAMES"].split()[1:] == ["77", "(environment)"]
    assert lines["CARSON_TOKEN_MEMORY"].split()[1:] == ["10000", "(default)"]


def test_config_refuses_a_bad_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARSON_SMTP_SECURITY", "ssl")
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 2
    assert "bad setting: CARSON_SMTP_SECURITY must be one of none, starttls, tls" in result.output


def _table() -> set[str]:
    return set(re.findall(r"^\| `([A-Z_]+)` \|", TABLE.read_text(), re.MULTILINE))


def test_every_variable_the_code_names_is_in_the_table() -> None:
    named = set()
    for path in SRC.rglob("*.py"):
        named |= set(re.findall(r"\bCARSON_[A-Z][A-Z_]*[A-Z]\b", path.read_text()))
    named -= {"CARSON_LIMIT", "CARSON_SMTP"}  # "CARSON_LIMIT_…" in prose: a family
    assert named, "the search finds nothing: it would pass whatever the code reads"
    assert named - _table() == set()


def test_the_table_is_the_model() -> None:
    assert _table() == set(settings.FIELDS)
