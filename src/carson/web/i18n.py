"""The web interface in five languages: gettext catalogs (``locale/<lang>/LC_MESSAGES/
carson.po``, read with Babel when first needed, so no compile step) and the choice of
language from the ``lang`` cookie or the browser's ``Accept-Language``.

Game terms (parcels, personalities, levels) come from the card catalog and the game texts
shared with the terminal; this catalog holds the interface's own sentences.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from importlib import resources

from babel import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "de", "it", "nl", "fr")
DEFAULT = "en"


@cache
def translations(lang: str) -> NullTranslations:
    """The gettext translations of ``lang`` (English is the source: no catalog)."""
    if lang == DEFAULT:
        return NullTranslations()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    source = resources.files("carson.web").joinpath("locale", lang, "LC_MESSAGES", "carson.po")
    with source.open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def language_name(lang: str) -> str:
    """The language's own name for itself: Deutsch, italiano, …"""
    return str(Locale.parse(lang).get_display_name(lang)).capitalize()


def choose_language(cookie: str | None, accept_language: str | None) -> str:
    """The ``lang`` cookie if it names a language of carson, else the browser's first
    preference that carson speaks, else English."""
    if cookie in LANGUAGES:
        return cookie
    return negotiate_locale(_preferences(accept_language or ""), LANGUAGES, sep="-") or DEFAULT


def _preferences(header: str) -> list[str]:
    """``de-CH,de;q=0.9,en;q=0.8`` → ``["de-CH", "de", "en"]`` (by quality, then order)."""
    ranked = []
    for position, part in enumerate(header.split(",")):
        tag, _, parameters = part.strip().partition(";")
        quality = 1.0
        if parameters.strip().startswith("q="):
            try:
                quality = float(parameters.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, position, tag.strip()))
    tags = [tag for _, _, tag in sorted(ranked)]
    # negotiate_locale matches whole tags: let "de-CH" also offer plain "de".
    return [candidate for tag in tags for candidate in (tag, tag.split("-")[0])]


def machine_label(kind: str, gettext: Callable[[str], str]) -> str:
    """A machine seat kind as players read it (``AI, easy``, ``greedy bot``), in both games."""
    labels = {
        "ai-easy": gettext("AI, easy"),
        "ai-medium": gettext("AI, medium"),
        "ai-hard": gettext("AI, hard"),
        "greedy": gettext("greedy bot"),
        "random": gettext("random bot"),
    }
    return labels.get(kind, kind)
