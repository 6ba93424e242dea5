"""``carson.rl`` is platform: it reaches games only through the registry, never by import."""

from __future__ import annotations

import ast
from pathlib import Path

import carson.rl

RL = Path(carson.rl.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
    return found


def test_carson_rl_imports_no_game_package() -> None:
    modules = sorted(RL.glob("*.py"))
    assert len(modules) >= 6
    for path in modules:
        games = {name for name in _imported_modules(path) if name.startswith("carson.games")}
        assert not games, f"{path.name} imports {games}"
