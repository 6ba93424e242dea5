"""The terminal's texts in carson's languages: gettext catalogs read through
:mod:`carson.core.i18n`.

The platform's terminal keeps the words every game shares (``carson/terminal/locale``);
each game keeps its own in its package (``<game>/locale``), and its screens read through
both, the game's catalog first. Code looks a text up by section and key,
``texts("ui", "round", round=3)``: in a catalog the message's context is ``"ui.round"`` and
its id the English text, which the template (``locale/terminal.pot``) gives for a context.
No context may come in two catalogs of one lookup (a game cannot silently change a shared
word).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po

from carson.core.i18n import chain, check_language

__all__ = ["DOMAIN", "SHARED", "Source", "Texts", "english", "machine_kind"]

#: The gettext domain of the terminal's catalogs.
DOMAIN = "terminal"
#: A catalog: (package that holds its ``locale`` folder, domain).
Source = tuple[str, str]
#: The platform terminal's own catalog: the words every game shares.
SHARED: Source = ("carson.terminal", DOMAIN)


class Texts:
    """Look-ups in one language over some catalogs: ``texts("ui", "round", round=3)``."""

    def __init__(self, lang: str, sources: Iterable[Source] = (SHARED,)) -> None:
        self.lang = check_language(lang)
        self.sources = tuple(sources)
        self._english = english(self.sources)
        self._translations = chain(self.sources, lang)

    def __call__(self, section: str, key: str, **values: Any) -> str:
        return self.template(section, key).format(**values)

    def template(self, section: str, key: str) -> str:
        """The text with its ``{placeholders}`` unfilled; ``KeyError`` if there is none."""
        context = f"{section}.{key}"
        return str(self._translations.pgettext(context, self._english[context]))

    def has(self, section: str, key: str) -> bool:
        return f"{section}.{key}" in self._english

    def keys(self, section: str) -> list[str]:
        """The keys of one section, in the catalogs' order."""
        prefix = f"{section}."
        return [key.removeprefix(prefix) for key in self._english if key.startswith(prefix)]

    def yes(self, answer: str) -> bool | None:
        """True for yes, False for no (``n``, ``no``, ``nein``, ``nee``, ``non``), else None."""
        word = answer.strip().lower()
        if word in self("yes", "letters").split():
            return True
        if word in ("n", "no", "nein", "nee", "non"):
            return False
        return None


def machine_kind(kind: str, texts: Texts) -> str:
    """A machine seat's kind as players read it (``ai-easy``: "Machine (easy)"), in their language
    (a kind the catalogs do not know, as it is)."""
    return texts("kinds", kind) if texts.has("kinds", kind) else kind


@cache
def english_of(package: str, domain: str) -> dict[str, str]:
    """context → English text of one catalog (its ``locale/<domain>.pot``); empty for a
    package without one."""
    source = resources.files(package).joinpath("locale", f"{domain}.pot")
    if not source.is_file():
        return {}
    with source.open("rb") as pot:
        messages = read_po(pot)
    found: dict[str, str] = {}
    for message in messages:
        if message.id and isinstance(message.id, str):
            if message.context is None:
                raise ValueError(f"{package} {domain}: {message.id!r} has no context")
            found[message.context] = message.id
    return found


@cache
def english(sources: tuple[Source, ...]) -> dict[str, str]:
    """context → English text over several catalogs; ``ValueError`` if two define one."""
    merged: dict[str, str] = {}
    for package, domain in sources:
        own = english_of(package, domain)
        twice = sorted(merged.keys() & own.keys())
        if twice:
            raise ValueError(f"texts {', '.join(twice)} are defined twice ({package})")
        merged.update(own)
    return merged
