"""The ``.pot`` template of every gettext catalog, written from its catalogs (or checked).

carson's message ids are the English texts, and every language's ``.po`` of a catalog holds
the same ids (``tests/test_po_catalogs.py``), so a catalog's template is those ids with empty
translations: what a translator starts a new language from (``pybabel init -i <domain>.pot``).
Babel's extraction (``babel.cfg``) finds the ids the code and templates spell out; a test
checks that each is in its catalog (``tests/test_catalog_templates.py``).

    python tools/catalog_templates.py           # write every template
    python tools/catalog_templates.py --check   # exit 1 if one is missing or out of step
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

SRC = Path(__file__).resolve().parents[1] / "src" / "carson"
#: The language whose catalog the ids are read from (any would do: they are the same).
FROM = "de"


def catalogs() -> list[tuple[Path, str]]:
    """Each catalog as (its ``locale`` directory, its domain)."""
    found = {(po.parents[2], po.stem) for po in SRC.rglob(f"locale/{FROM}/LC_MESSAGES/*.po")}
    return sorted(found)


def template(locale: Path, domain: str) -> str:
    """The template's text: the existing template's opening comment (or a new one), then
    every id of the catalog, in the catalog's order."""
    with (locale / FROM / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        messages = read_po(source, locale=FROM)
    target = locale / f"{domain}.pot"
    old = target.read_text(encoding="utf-8").splitlines() if target.is_file() else []
    notes: dict[tuple[object, object], list[str]] = {}  # its own notes for translators, kept
    if target.is_file():
        with target.open("rb") as existing:
            notes = {(m.context, m.id): m.auto_comments for m in read_po(existing) if m.id}
    comment = _leading_comment(old) or [
        f"# carson {domain} texts: the template (English), from the catalogs "
        "(tools/catalog_templates.py)."
    ]
    empty = Catalog(locale=None)
    for message in messages:
        if message.id:
            kept = message.auto_comments or notes.get((message.context, message.id), [])
            empty.add(message.id, context=message.context, auto_comments=kept,
                      user_comments=message.user_comments)  # fmt: skip
    body = io.BytesIO()
    write_po(body, empty, omit_header=True, width=0)
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    return "\n".join(comment) + "\n" + header + "\n" + body.getvalue().decode().lstrip("\n")


def _leading_comment(lines: list[str]) -> list[str]:
    kept = []
    for line in lines:
        if not line.startswith("#"):
            break
        kept.append(line)
    return kept


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for locale, domain in catalogs():
        target = locale / f"{domain}.pot"
        text = template(locale, domain)
        current = target.read_text(encoding="utf-8") if target.is_file() else None
        if current == text:
            continue
        if check:
            stale.append(str(target.relative_to(SRC.parent)))
        else:
            target.write_text(text, encoding="utf-8")
    for name in stale:
        print(f"{name}: missing or out of step (python tools/catalog_templates.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
