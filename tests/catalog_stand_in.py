"""A stand-in for a game's catalog of names (``data.po`` in every language) with one name
missing in one language: what the catalog tests load to see that the gap is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carson.core import i18n
from carson.core.i18n import LANGUAGES


def names_without(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game_package: str,
    lang: str,
    context: str,
    english: str,
) -> str:
    """Copy ``game_package``'s names catalogs into a new importable package, without the
    name ``english`` (in ``context``) in ``lang``; the package's name."""
    slug = re.sub(r"\W", "_", english).lower()
    package = tmp_path / f"names_without_{lang}_{slug}"
    entry = rf'msgctxt "{context}"\nmsgid "{re.escape(english)}"\n.*\n'
    for other in LANGUAGES[1:]:
        text = i18n.po_file(game_package, "data", other).read_text("utf-8")
        if other == lang:
            text, done = re.subn(entry, "", text)
            assert done == 1
        po = package / "locale" / other / "LC_MESSAGES" / "data.po"
        po.parent.mkdir(parents=True)
        po.write_text(text, encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return package.name
