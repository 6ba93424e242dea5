"""Size limits that keep carson navigable, checked by ``make lint``.

- a module has at most ``MAX_MODULE_LINES`` lines (one job per module);
- a function or method spans at most ``MAX_FUNCTION_LINES`` lines, decorators and docstring
  included (a function that does not fit on a screen does more than one thing).

Complexity is ruff's job (``C901``, ``PLR0912``, ``PLR0915`` in ``pyproject.toml``); this
script checks what ruff has no rule for. Usage: ``python tools/check_sizes.py DIR ...``;
exits with status 1 and one line per excess.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60


def excesses(path: Path) -> Iterator[str]:
    text = path.read_text("utf-8")
    lines = text.count("\n") + (not text.endswith("\n") and bool(text))
    if lines > MAX_MODULE_LINES:
        yield f"{path}: {lines} lines (at most {MAX_MODULE_LINES} a module)"
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MAX_FUNCTION_LINES:
                yield (
                    f"{path}:{node.lineno}: {node.name} spans {length} lines "
                    f"(at most {MAX_FUNCTION_LINES} a function)"
                )


def main(roots: list[str]) -> int:
    found = [
        line
        for root in roots
        for path in sorted(Path(root).rglob("*.py"))
        for line in excesses(path)
    ]
    print("\n".join(found) or "sizes: every module and function within its limit")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src"]))
