"""Every gettext catalog in carson's source (``locale/<lang>/LC_MESSAGES/<domain>.po``, in any
package): it parses with Babel, each language translating into carson's languages has it, with
the same messages, every one translated, none fuzzy, each keeping its msgid's placeholders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po

import carson
from carson.core.i18n import DEFAULT_LANGUAGE, LANGUAGES

SOURCE = Path(carson.__file__).parent
#: English is the source (the msgids): every other language needs a catalog.
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
PO_FILES = sorted(SOURCE.glob("**/locale/*/LC_MESSAGES/*.po"))
#: ``%(name)s``-style and ``{name}``-style fields, conversion and format included.
PLACEHOLDER = re.compile(r"%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[a-zA-Z]|\{\w*(?:[!:][^{}]*)?\}")


def read(path: Path) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, abort_invalid=True)


def language(path: Path) -> str:
    return path.parent.parent.name  # locale/<lang>/LC_MESSAGES/<domain>.po


def forms(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A message's id or string as a tuple: one text, or the forms of a plural message."""
    return (text,) if isinstance(text, str) else tuple(text)


def placeholders(texts: Iterable[str]) -> set[str]:
    return {field for text in texts for field in PLACEHOLDER.findall(text)}


def label(message: Message) -> str:
    context = f" (msgctxt {message.context!r})" if message.context else ""
    return f"{forms(message.id)[0]!r}{context}"


def problems(path: Path) -> list[str]:
    """What is wrong with one catalog, one line each."""
    try:
        catalog = read(path)
    except PoFileError as error:
        return [f"does not parse: {error}"]
    found = []
    if language(path) not in TRANSLATED:
        found.append(f"{language(path)!r} is not one of {', '.join(TRANSLATED)}")
    for message in catalog:
        if not message.id:
            continue  # the header
        ids, strings = forms(message.id), forms(message.string)
        if message.fuzzy:
            found.append(f"{label(message)} is fuzzy")
        if not all(strings):
            found.append(f"{label(message)} is not translated")
        elif placeholders(ids) != placeholders(strings):
            found.append(
                f"{label(message)}: placeholders {sorted(placeholders(strings))} in the "
                f"translation, {sorted(placeholders(ids))} in the msgid"
            )
    return found


def keys(path: Path) -> set[tuple[str | None, str]]:
    """The messages of a catalog: (msgctxt, msgid)."""
    return {(m.context, forms(m.id)[0]) for m in read(path) if m.id}


def domains() -> list[tuple[Path, str]]:
    """Every (locale directory, domain) that some language has a catalog for."""
    return sorted({(path.parents[2], path.stem) for path in PO_FILES})


def test_the_source_has_catalogs() -> None:
    """The glob finds the catalogs (a wrong pattern would make the tests below vacuous)."""
    assert {"carson/web", "carson/games/card", "carson/games/board"} <= {
        path.parents[3].relative_to(SOURCE.parent).as_posix() for path in PO_FILES
    }


@pytest.mark.parametrize("path", PO_FILES, ids=lambda path: str(path.relative_to(SOURCE)))
def test_catalog_is_complete_and_keeps_placeholders(path: Path) -> None:
    assert problems(path) == []


@pytest.mark.parametrize(
    ("locale", "domain"), domains(), ids=lambda value: str(value).rpartition("/carson/")[2]
)
def test_every_language_has_the_same_messages(locale: Path, domain: str) -> None:
    files = {lang: locale / lang / "LC_MESSAGES" / f"{domain}.po" for lang in TRANSLATED}
    assert [lang for lang, path in files.items() if not path.is_file()] == []
    messages = {lang: keys(path) for lang, path in files.items()}
    every = set().union(*messages.values())
    missing = {lang: sorted(every - found, key=str) for lang, found in messages.items()}
    assert {lang: gaps for lang, gaps in missing.items() if gaps} == {}


# --- the checks themselves find what they look for ----------------------------------------------

HEADER = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def catalog_file(tmp_path: Path, body: str, lang: str = "de") -> Path:
    path = tmp_path / "locale" / lang / "LC_MESSAGES" / "test.po"
    path.parent.mkdir(parents=True)
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ('msgid "Hat"\nmsgstr ""\n', "'Hat' is not translated"),
        ('#, fuzzy\nmsgid "Hat"\nmsgstr "Hut"\n', "'Hat' is fuzzy"),
        ('msgctxt "suit"\nmsgid "Hat"\nmsgstr ""\n', "'Hat' (msgctxt 'suit') is not translated"),
        ('msgid "Use %(name)s"\nmsgstr "Einsetzen"\n', "placeholders [] in the translation"),
        ('msgid "Use %(name)s"\nmsgstr "%(name)d einsetzen"\n', "['%(name)d'] in the"),
        ('msgid "{who} plays"\nmsgstr "{wer} spielt"\n', "['{wer}'] in the translation"),
        ('msgid "{n:>3} left"\nmsgstr "{n} übrig"\n', "['{n:>3}'] in the msgid"),
        (
            'msgid "one card"\nmsgid_plural "%(n)d cards"\nmsgstr[0] "eine Karte"\n'
            'msgstr[1] "Karten"\n',
            "placeholders [] in the translation",
        ),
        ('msgid "Hat"\nmsgstr "Hut"\nHut\n', "does not parse"),
    ],
)
def test_problems_are_found(tmp_path: Path, body: str, problem: str) -> None:
    found = problems(catalog_file(tmp_path, body))
    assert len(found) == 1 and problem in found[0], found


def test_a_good_catalog_has_no_problems(tmp_path: Path) -> None:
    body = (
        'msgctxt "suit"\nmsgid "Hat"\nmsgstr "Hut"\n\n'
        'msgid "Use %(name)s"\nmsgstr "%(name)s einsetzen"\n\n'
        'msgid "{who} plays {{x}}"\nmsgstr "{who} spielt {{x}}"\n\n'
        'msgid "one card"\nmsgid_plural "%(n)d cards"\nmsgstr[0] "eine Karte (%(n)d)"\n'
        'msgstr[1] "%(n)d Karten"\n'
    )
    assert problems(catalog_file(tmp_path, body)) == []


def test_a_catalog_for_english_or_an_unknown_language_is_a_problem(tmp_path: Path) -> None:
    body = 'msgid "Hat"\nmsgstr "Hat"\n'
    assert "'en' is not one of" in problems(catalog_file(tmp_path / "a", body, "en"))[0]
    assert "'es' is not one of" in problems(catalog_file(tmp_path / "b", body, "es"))[0]


RULE_ID = re.compile(r"\b(?:CG|BG)-\d")


@pytest.mark.parametrize("path", PO_FILES, ids=lambda path: str(path.relative_to(SOURCE)))
def test_no_rule_id_reaches_a_player(path: Path) -> None:
    """Rule ids (CG-…, BG-…) are for code and tests; no text a player reads names one
    (translators' comments may)."""
    shown = [
        text for message in read(path) if message.id for text in (*forms(message.id),
                                                                 *forms(message.string))
    ]  # fmt: skip
    assert [text for text in shown if RULE_ID.search(text)] == []


#: One word a term is translated by in each language, where a language had two for it (the
#: word its rulebook uses): German says "Epoche" (the card game's rulebook), never "Ära".
GLOSSARY = {"de": re.compile(r"\bÄr(?:a|en)\b")}


@pytest.mark.parametrize(
    "path",
    [path for path in PO_FILES if language(path) in GLOSSARY],
    ids=lambda path: str(path.relative_to(SOURCE)),
)
def test_a_term_has_one_word_in_a_language(path: Path) -> None:
    avoided = GLOSSARY[language(path)]
    shown = [text for message in read(path) if message.id for text in forms(message.string)]
    assert [text for text in shown if avoided.search(text)] == []


#: French addresses the player as "vous" everywhere: the tutoiement's pronouns.
TUTOIEMENT = re.compile(r"\b(?:tu|toi|ton|ta|tes|tienne|tiens)\b|\bt['’]", re.IGNORECASE)
FRENCH = [path for path in PO_FILES if language(path) == "fr"]


@pytest.mark.parametrize("path", FRENCH, ids=lambda path: str(path.relative_to(SOURCE)))
def test_french_says_vous_throughout(path: Path) -> None:
    """One register in one language: the pages and the terminal say "vous", so none of
    their French texts says "tu" (the lobby and the clocks mixed them)."""
    shown = [text for message in read(path) if message.id for text in forms(message.string)]
    assert [text for text in shown if TUTOIEMENT.search(text)] == []
