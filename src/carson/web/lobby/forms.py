"""The lobby's forms read: a new table with every setting of
:class:`~carson.server.play.table_settings.TableSettings` (the game, its variants, each seat),
and a quick-match seek. Anything a form cannot hold (a number that is no number, an unknown
seat) is a code the page says in the visitor's language; the server checks the rest."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from carson.core.clock import CORRESPONDENCE_DAYS
from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.core.registry import HUMAN, AnyGameKind
from carson.server.lobby.quickmatch import SeekRequest
from carson.web.kernel.adapter import web_game

#: The time controls the forms offer (any other the API takes is valid too).
LIVE_CONTROLS = ("3+2", "5+3", "10+5", "15+10", "30+20")
CORRESPONDENCE_CONTROLS = tuple(f"{days}d" for days in CORRESPONDENCE_DAYS)


class FormRefused(ValueError):
    """A form that cannot be read; ``code`` names what the page says."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class NewTable:
    """A table as the lobby's form asks for it."""

    game: str
    seats: list[str]
    variants: list[str]
    lang: str
    settings: JSON


def _number(form: Mapping[str, str], name: str) -> int | None:
    raw = form.get(name, "").strip()
    if not raw:
        return None
    if not raw.lstrip("-").isdigit() or len(raw) > 6:
        raise FormRefused("bad_number")
    return int(raw)


def _seat_kinds(kind: AnyGameKind, form: Mapping[str, str]) -> list[str]:
    """You in the first seat, then each other seat's kind as chosen."""
    count = _number(form, "seats")
    if count is None or not kind.min_seats <= count <= kind.max_seats:
        raise FormRefused("bad_seats")
    chosen = [HUMAN]
    for seat in range(1, count):
        seat_kind = form.get(f"seat-{seat}", HUMAN)
        if seat_kind not in kind.seat_kinds:
            raise FormRefused("bad_seats")
        chosen.append(seat_kind)
    return chosen


def _variants(kind: AnyGameKind, form: Mapping[str, str]) -> list[str]:
    adapter = web_game(kind)
    if adapter is not None:
        return adapter.variants(form)
    return [variant for variant in kind.variants if form.get(f"variant-{variant}")]


def _lang(form: Mapping[str, str], default: str) -> str:
    lang = form.get("lang", default)
    if lang not in LANGUAGES:
        raise FormRefused("bad_language")
    return lang


def new_table(kind: AnyGameKind, form: Mapping[str, str], default_lang: str) -> NewTable:
    """The table the posted form asks for (its settings as ``POST /api/games`` names them)."""
    settings = {
        "public": form.get("public") == "on",
        "rated": form.get("rated") == "on",
        "time_control": form.get("time_control") or None,
        "on_timeout": form.get("on_timeout", "move"),
        "timeout_level": form.get("timeout_level") or None,
        "rating_min": _number(form, "rating_min"),
        "rating_max": _number(form, "rating_max"),
    }
    return NewTable(
        kind.name, _seat_kinds(kind, form), _variants(kind, form),
        _lang(form, default_lang), settings,
    )  # fmt: skip


def new_seek(kind: AnyGameKind, form: Mapping[str, str], default_lang: str) -> SeekRequest:
    """The seek the posted quick-match form asks for."""
    seats = _number(form, "seats")
    if seats is None:
        raise FormRefused("bad_seats")
    return SeekRequest(
        game=kind.name,
        seats=seats,
        time_control=form.get("time_control", ""),
        rated=form.get("rated") == "on",
        fill_with=form.get("fill_with") or None,
        max_gap=_number(form, "max_gap"),
        lang=_lang(form, default_lang),
    )
