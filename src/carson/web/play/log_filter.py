"""The move log's filters (issue 25): a game page's log narrowed to one seat's lines and to
one group of event kinds. The game names its groups (which event kinds each holds, and their
label); this module reads the page's ``?log_seat=…&log_kind=…`` (the form without
JavaScript), marks every log line with its seat and group (what web/static/log_filter.js
filters by in the browser, across live updates) and keeps the lines the filter lets through.

A value the page never offered is refused with a translated message and filters nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON

Gettext = Callable[[str], str]


@dataclass(frozen=True)
class KindGroup:
    """One choice of the kind filter: its key in the query, label and event kinds."""

    key: str
    label: str
    kinds: frozenset[str]


def line_seat(data: Mapping[str, Any]) -> int | None:
    """The seat a log line is about: its actor, else a fight's winner; ``None`` for a line
    about everybody (a round beginning, the auction cards revealed)."""
    for key in ("seat", "winner"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def log_filter(
    query: Mapping[str, str],
    names: Sequence[str],
    groups: Sequence[KindGroup],
    gettext: Gettext,
    action: str | None = None,
) -> JSON:
    """The filter form's context: the seats and groups to offer, the choice read from
    ``query`` (``""`` for all), the error of a value it never offered, and the page the
    form asks again (``None``: the game's page; a replay's own address)."""
    seat, kind, errors = query.get("log_seat", ""), query.get("log_kind", ""), []
    if seat and seat not in {str(index) for index in range(len(names))}:
        seat = ""
        errors.append(gettext("There is no such player in this game."))
    if kind and kind not in {group.key for group in groups}:
        kind = ""
        errors.append(gettext("There is no such kind of move in the log."))
    return {
        "seats": list(enumerate(names)),
        "groups": [(group.key, group.label) for group in groups],
        "seat": seat,
        "kind": kind,
        "error": " ".join(errors) or None,
        "action": action,
        # The page's other settings (a comparison shown, …), sent again with the form: a
        # filter chosen without JavaScript loses nothing else the address held (bounded).
        "kept": [
            (key, value[:200])
            for key, value in query.items()
            if key not in ("log_seat", "log_kind")
        ][:8],
    }


def mark(lines: list[JSON], groups: Sequence[KindGroup]) -> None:
    """Give each line (its ``seat`` from :func:`line_seat`) its seat as the page writes it
    (``""`` for everybody's) and its ``group`` (``""`` for a kind in no group)."""
    by_kind = {kind: group.key for group in groups for kind in group.kinds}
    for line in lines:
        seat = line.get("seat")
        line["seat"] = "" if seat is None else str(seat)
        line["group"] = by_kind.get(str(line["kind"]), "")


def shown(lines: Sequence[JSON], chosen: Mapping[str, Any]) -> list[JSON]:
    """The marked lines the chosen filter lets through; a seat's filter hides the lines
    about everybody."""
    seat, kind = chosen["seat"], chosen["kind"]
    return [
        line
        for line in lines
        if (not seat or line["seat"] == seat) and (not kind or line["group"] == kind)
    ]


def filtered(
    lines: list[JSON],
    query: Mapping[str, str],
    names: Sequence[str],
    groups: Sequence[KindGroup],
    gettext: Gettext,
    action: str | None = None,
) -> tuple[list[JSON], JSON]:
    """A table's (or a replay's: ``action``, its address) log marked and narrowed by the
    page's query, with the filter form's context."""
    mark(lines, groups)
    chosen = log_filter(query, names, groups, gettext, action)
    return shown(lines, chosen), chosen
