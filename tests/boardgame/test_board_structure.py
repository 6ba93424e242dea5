"""The board game's engine imports one way: plain types (``model``, ``tasks``, ``options``,
``frozen``) at the bottom, then the table, the flow, the decisions, and the game state on
top; no module of the engine imports the AI or an interface, and no two modules import each
other."""

from __future__ import annotations

import ast
from pathlib import Path

import carson.games.board

PACKAGE = Path(carson.games.board.__file__).parent
PREFIX = "carson.games.board"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX, *parts))


def imports() -> dict[str, set[str]]:
    """Every module of the board game and the other modules of carson it imports."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
        graph[module_name(path)] = {name for name in found if name.startswith("carson.")}
    return graph


def test_no_import_cycle_in_the_board_game() -> None:
    graph = imports()
    local = {name: {dep for dep in deps if dep in graph} for name, deps in graph.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, f"import cycle: {' → '.join([*path, name])}"
        if name in done:
            return
        for dep in local[name]:
            visit(dep, [*path, name])
        done.add(name)

    for name in local:
        visit(name, [])
    assert f"{PREFIX}.engine.state" in local and f"{PREFIX}.engine.flow.run" in local


def test_the_engine_imports_no_ai_and_no_interface() -> None:
    for name, deps in imports().items():
        if not name.startswith(f"{PREFIX}.engine"):
            continue
        for dep in deps:
            assert not dep.startswith(f"{PREFIX}.ai"), (name, dep)
            assert not dep.startswith(("carson.web", "carson.terminal", "carson.server")), (
                name,
                dep,
            )


def test_plain_types_import_no_engine_logic() -> None:
    graph = imports()
    plain_deps = {f"{PREFIX}.engine.options", f"{PREFIX}.engine.frozen"}
    for plain in ("model", "tasks", "options", "frozen"):
        deps = {d for d in graph[f"{PREFIX}.engine.{plain}"] if d.startswith(f"{PREFIX}.engine")}
        deps &= graph.keys()  # the modules imported (not the names imported from them)
        assert deps <= plain_deps, (plain, deps)
