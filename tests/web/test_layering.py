"""The web platform reaches games only through the registry and their web adapters: no
module of ``carson.web`` imports a game package, the CLI or the terminal, and the server
does not import the web (the composition root ``carson.app`` joins them)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "carson"


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (at any depth of its code)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("web", ("carson.games", "carson.cli", "carson.terminal")),
        ("server", ("carson.games", "carson.web", "carson.app")),
    ],
)
def test_a_platform_layer_imports_nothing_it_must_not(
    package: str, forbidden: tuple[str, ...]
) -> None:
    modules = sorted((SRC / package).rglob("*.py"))
    assert modules
    wrong = {
        f"{path.relative_to(SRC)}: {name}"
        for path in modules
        for name in imported(path)
        if any(name == prefix or name.startswith(prefix + ".") for prefix in forbidden)
    }
    assert not wrong, sorted(wrong)
