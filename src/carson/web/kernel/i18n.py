"""The web interface in five languages, through carson's one translation system
(:mod:`carson.core.i18n`): the platform's sentences in ``carson.web``'s catalog
(``locale/<lang>/LC_MESSAGES/carson.po``), each game's own in its package's ``web`` catalog
(``carson/games/<game>/locale/<lang>/LC_MESSAGES/web.po``), which a game's pages read first
(:func:`translations`); and the choice of language from the ``lang`` cookie or the browser's
``Accept-Language``.

Game terms (parcels, personalities, levels) come from the games' catalogs and the texts shared
with the terminal; these catalogs hold the interface's own sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from babel import negotiate_locale
from babel.support import NullTranslations

from carson.core.i18n import DEFAULT_LANGUAGE as DEFAULT
from carson.core.i18n import LANGUAGES, chain, language_name

#: The platform's catalog of the pages: ``(package, domain)``.
PLATFORM = ("carson.web", "carson")

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "PLATFORM",
    "choose_language",
    "language_name",
    "machine_label",
    "machine_seat_name",
    "translations",
]


def translations(lang: str, games: Iterable[tuple[str, str]] = ()) -> NullTranslations:
    """The gettext translations of ``lang``: the given games' catalogs first (``(package,
    domain)`` pairs), then the platform's. English is the source: ids come back as they are."""
    return chain((*games, PLATFORM), lang)


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
        "ai-master": gettext("AI, master"),
        "greedy": gettext("greedy bot"),
        "random": gettext("random bot"),
    }
    return labels.get(kind, kind)


def machine_level(kind: str, gettext: Callable[[str], str]) -> str | None:
    """A machine's level in a word (``easy``, ``greedy``), ``None`` for a kind not known."""
    levels = {
        "ai-easy": gettext("easy"),
        "ai-medium": gettext("medium"),
        "ai-hard": gettext("hard"),
        "ai-master": gettext("master"),
        "greedy": gettext("greedy"),
        "random": gettext("random"),
    }
    return levels.get(kind)


def machine_seat_name(kinds: list[str], index: int, gettext: Callable[[str], str]) -> str:
    """The name of the machine at seat ``index`` of a table whose seats are of ``kinds``:
    "Machine (easy)", numbered only when another machine seat has the same level ("Machine
    1 (easy)", "Machine 2 (easy)", counted among those alike)."""
    kind = kinds[index]
    level = machine_level(kind, gettext)
    if level is None:
        return machine_label(kind, gettext)
    alike = [seat for seat, other in enumerate(kinds) if other == kind]
    if len(alike) == 1:
        return gettext("Machine (%(level)s)") % {"level": level}
    number = alike.index(index) + 1
    return gettext("Machine %(number)s (%(level)s)") % {"number": number, "level": level}
