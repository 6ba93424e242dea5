"""carson's one translation system: gettext catalogs (``.po``), read with Babel.

Every package that shows text to players — the web pages, the terminal, each game — keeps
its catalogs as ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``. English is the source
language: a message's id is its English text, so English needs no catalog. An installed wheel
holds each catalog compiled (``<domain>.mo`` beside the ``.po``, made by ``setup.py`` when
the wheel is built); a source checkout has only the ``.po``, compiled in memory when first
needed. Either is read once and kept for the process.

A page or screen of a game reads through a chain: the game's own catalog first, then the
platform's (:func:`chain`), so a game translates its own words and inherits the common ones.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

#: The languages carson speaks, English (the source) first.
LANGUAGES: tuple[str, ...] = ("en", "de", "it", "nl", "fr")
DEFAULT_LANGUAGE = "en"


class UnknownLanguage(ValueError):
    """A language carson does not speak; the message lists those it does."""

    def __init__(self, lang: str) -> None:
        super().__init__(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")


def check_language(lang: str) -> str:
    """``lang`` if carson speaks it, else :class:`UnknownLanguage`."""
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    return lang


def po_file(package: str, domain: str, lang: str) -> Traversable:
    """Where ``package`` keeps its ``domain`` catalog for ``lang``."""
    return resources.files(package).joinpath("locale", lang, "LC_MESSAGES", f"{domain}.po")


@cache
def catalog(package: str, domain: str, lang: str) -> NullTranslations:
    """The translations of one catalog. English, and a package without this catalog, give
    the English ids back unchanged."""
    check_language(lang)
    source = po_file(package, domain, lang)
    if lang == DEFAULT_LANGUAGE or not source.is_file():
        return NullTranslations()
    built = resources.files(package).joinpath("locale", lang, "LC_MESSAGES", f"{domain}.mo")
    if built.is_file():  # compiled when the wheel was built
        with built.open("rb") as mo:
            return Translations(mo)
    with source.open("rb") as po:
        messages = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return Translations(compiled)


@cache
def _chain(sources: tuple[tuple[str, str], ...], lang: str) -> NullTranslations:
    first, *rest = sources
    translations = _copy(catalog(*first, lang))
    for package, domain in rest:
        translations.add_fallback(catalog(package, domain, lang))
    return translations


def chain(sources: Iterable[tuple[str, str]], lang: str) -> NullTranslations:
    """One lookup over several catalogs, ``(package, domain)`` pairs, the first that
    translates a message winning."""
    return _chain(tuple(sources), lang)


def _copy(translations: NullTranslations) -> NullTranslations:
    """A fresh object over the same messages: fallbacks are added to the copy, never to the
    shared, cached catalog."""
    if isinstance(translations, Translations):
        copy = Translations()
        copy._catalog = translations._catalog  # the messages, shared read-only
        copy.plural = translations.plural
        return copy
    return NullTranslations()


def translated(package: str, domain: str, lang: str, context: str, english: str) -> str | None:
    """``english`` (with its ``msgctxt``) in ``lang``, or ``None`` where the catalog lacks it.
    gettext answers a missing message with its id, just as it answers a word spelt the same in
    both languages (Ranch, Cactus): only the catalog's own table tells the two apart."""
    if lang == DEFAULT_LANGUAGE:
        return english
    translations = catalog(package, domain, lang)
    if not isinstance(translations, Translations):
        return None
    found = translations._catalog.get(translations.CONTEXT_ENCODING % (context, english))
    return found if isinstance(found, str) else None


class MissingTranslation(LookupError):
    """A message that some language's catalog lacks; the message names them and the catalog."""


def in_every_language(package: str, domain: str, context: str, english: str) -> Mapping[str, str]:
    """``english`` (with its ``msgctxt``) in every language of carson, read-only; raises
    :class:`MissingTranslation` naming the languages whose catalog lacks it."""
    found = {lang: translated(package, domain, lang, context, english) for lang in LANGUAGES}
    missing = [lang for lang, text in found.items() if text is None]
    if missing:
        raise MissingTranslation(
            f"name {english!r} has no translation in {', '.join(missing)} "
            f'(msgctxt "{context}" in {package} locale/<lang>/LC_MESSAGES/{domain}.po)'
        )
    return MappingProxyType({lang: text for lang, text in found.items() if text is not None})


def language_name(lang: str) -> str:
    """The language's own name for itself: Deutsch, italiano, …"""
    return str(Locale.parse(lang).get_display_name(lang)).capitalize()
