"""Babel's workflow: every catalog has its ``.pot`` template, in step with its catalogs
(``tools/catalog_templates.py``), and every text the pages' code and templates spell out
(Babel's extraction, ``babel.cfg``) is in the catalogs the pages read."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tool_modules import tool

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "carson"
catalog_templates = tool("catalog_templates")
WEB = SRC / "web" / "locale" / "de" / "LC_MESSAGES" / "carson.po"


def ids(po: Path) -> set[str]:
    with po.open("rb") as source:
        return {m.id for m in read_po(source, locale="de") if isinstance(m.id, str) and m.id}


def test_every_catalog_has_its_template_in_step() -> None:
    found = catalog_templates.catalogs()
    assert len(found) == 10  # web, mail, notify, terminal; each game's data, terminal, web
    for locale, domain in found:
        target = locale / f"{domain}.pot"
        assert target.is_file(), f"{target} is missing (python tools/catalog_templates.py)"
        assert target.read_text(encoding="utf-8") == catalog_templates.template(locale, domain)


def extracted(directory: Path) -> set[str]:
    """The ids Babel extracts from ``directory`` with the methods of ``babel.cfg``."""
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
    assert "[python: **.py]" in (ROOT / "babel.cfg").read_text()
    assert "[jinja2: **/templates/**.html]" in (ROOT / "babel.cfg").read_text()
    found = extract_from_dir(str(directory), method_map, keywords={"_": None, "gettext": None})
    return {message for _, _, message, *_ in found if isinstance(message, str)}


@pytest.mark.parametrize(
    ("directory", "catalogs"),
    [
        ("web", []),
        ("games/card/web", ["games/card/locale/de/LC_MESSAGES/web.po"]),
        ("games/board/web", ["games/board/locale/de/LC_MESSAGES/web.po"]),
    ],
)
def test_what_the_pages_spell_out_is_in_their_catalogs(directory: str, catalogs: list[str]) -> None:
    """A page reads its game's catalog, then the platform's (carson.core.i18n.chain)."""
    found = extracted(SRC / directory)
    assert len(found) > 20
    known = ids(WEB).union(*(ids(SRC / path) for path in catalogs))
    assert found - known == set()
