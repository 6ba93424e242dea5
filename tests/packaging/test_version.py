"""One version: pyproject.toml's, read from the installed metadata by ``carson --version``
and the API's OpenAPI document alike."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

import carson
from carson.app import create_app
from carson.cli.main import app as command

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def test_the_command_and_the_api_tell_the_version_of_pyproject(tmp_path: Path) -> None:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    declared = project["version"]
    assert project["name"] == carson.DISTRIBUTION == "carson-city"  # `carson` is taken
    assert version(carson.DISTRIBUTION) == carson.__version__ == declared

    shown = CliRunner().invoke(command, ["--version"])
    assert shown.exit_code == 0 and shown.stdout == f"carson {declared}\n"

    server = create_app(f"sqlite:///{tmp_path / 'carson.db'}", worker=False)
    with TestClient(server) as client:
        assert client.get("/openapi.json").json()["info"]["version"] == declared
