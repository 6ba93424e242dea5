"""A missing extra is one line that names it (exit status 2 for a command), and the
modules carson checks for each extra are those pyproject.toml's extras install."""

from __future__ import annotations

import importlib
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from importlib.util import find_spec
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.core import extras
from carson.core.extras import EXTRA_MODULES, MissingExtra, extra_providing

pytestmark = pytest.mark.slow  # fresh environments per extra

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"
runner = CliRunner()


def declared_extras() -> dict[str, set[str]]:
    """Each extra of pyproject.toml (but dev) with the distributions it names itself."""
    table = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    return {
        extra: {normalized(re.split(r"[\s\[<>=!~;]", requirement)[0]) for requirement in listed}
        for extra, listed in table.items()
        if extra != "dev"
    }


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_each_extras_modules_come_from_that_extra() -> None:
    declared = declared_extras()
    assert set(EXTRA_MODULES) == set(declared)
    providers = packages_distributions()
    for extra, modules in EXTRA_MODULES.items():
        for module in modules:
            if extra in ("ray", "train") and find_spec(module) is None:
                continue  # not in every dev environment (`make test` adds train): names below
            assert {normalized(name) for name in providers[module]} & declared[extra], module
    assert EXTRA_MODULES["ray"] == ("ray",) and "ray" in declared["ray"]
    assert EXTRA_MODULES["train"] == ("torch",) and "torch" in declared["train"]


def hide(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Make ``module`` look uninstalled to carson's check and to ``import``."""
    real = extras.find_spec
    monkeypatch.setattr(extras, "find_spec", lambda name: None if name == module else real(name))
    monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.parametrize("command", ["serve", "worker", "jobs", "admin list"])
def test_server_commands_without_the_server_extra(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    from carson.cli.main import app

    hide(monkeypatch, "fastapi")
    result = runner.invoke(app, command.split())
    assert result.exit_code == 2
    assert result.stderr == (
        f"carson {command} needs the server extra: pip install 'carson-city[server]'\n"
    )
    assert result.stdout == ""


@pytest.mark.parametrize("command", [["serve"], ["worker"], ["jobs"]])
def test_a_postgresql_url_without_the_postgres_extra(
    monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    from carson.cli.main import app

    hide(monkeypatch, "psycopg")
    result = runner.invoke(app, [*command, "--db", "postgresql+psycopg://nobody@127.0.0.1/none"])
    assert result.exit_code == 2
    # `carson serve` may have logged its start (alembic's plugins) before it opens the database
    assert result.stderr.splitlines()[-1] == (
        f"carson {command[0]} needs the postgres extra: pip install 'carson-city[postgres]'"
    )
    assert result.stdout == ""


def test_carson_rl_without_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "carson.rl", raising=False)
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    with pytest.raises(MissingExtra, match=r"^carson\.rl needs the rl extra: ") as raised:
        importlib.import_module("carson.rl")
    assert str(raised.value).endswith("pip install 'carson-city[rl]'")
    assert raised.value.extra == "rl"


@pytest.mark.parametrize("module", ["carson.app", "carson.server", "carson.web"])
def test_the_server_modules_without_the_server_extra(
    monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    monkeypatch.delitem(sys.modules, module, raising=False)
    hide(monkeypatch, "fastapi")
    with pytest.raises(MissingExtra) as raised:
        importlib.import_module(module)
    assert str(raised.value) == (
        f"{module} needs the server extra: pip install 'carson-city[server]'"
    )
    assert raised.value.extra == "server"


def test_a_games_learning_part_without_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name.startswith(("carson.rl", "carson.games"))]:
        if name == "carson.rl" or ".rl" in name:
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    with pytest.raises(MissingExtra, match=r"^carson\.rl needs the rl extra: "):
        importlib.import_module("carson.games.card.rl.openspiel")


def test_a_module_of_no_extra_is_a_fault_not_a_missing_extra() -> None:
    assert extra_providing(ModuleNotFoundError(name="carson.nowhere")) is None
    assert extra_providing(ModuleNotFoundError(name="sqlalchemy.dialects")) == "server"
