"""The lint's count of ``Any`` (tools/count_any.py): uses in code, not imports, comments or
strings; above the ceiling, ``make lint`` fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tool_modules import tool


def test_uses_in_code_are_counted_and_nothing_else(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "import typing\n"
        "from typing import Any\n"
        "# Any in a comment\n"
        "x: dict[str, Any] = {}\n"
        "y: typing.Any = 'Any in a string'\n"
        "def f(a: Any) -> list[Any]: ...\n"
    )
    assert tool("count_any").uses(source) == 4


def test_above_the_ceiling_the_lint_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "m.py").write_text("from typing import Any\nx: Any\ny: Any\n")
    count_any = tool("count_any")
    monkeypatch.setattr(count_any, "CEILING", 1)
    assert count_any.main([str(tmp_path)]) == 1
    assert "Any: 2 uses in code (at most 1)" in capsys.readouterr().out
    monkeypatch.setattr(count_any, "CEILING", 2)
    assert count_any.main([str(tmp_path)]) == 0
