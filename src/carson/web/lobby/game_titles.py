"""A game as players name it — "Card game · alice, bob + 2 · 4 Dec" — in My games, a game's
page title and its replay: the game, the others at the table (two by name, the rest
counted, machines included) and the day the table was made (issue 44: games were named by
their hex id)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from babel.dates import format_skeleton

from carson.web.kernel.visit import Visit

#: Players named before the rest are counted.
NAMED = 2


def game_title(
    visit: Visit,
    label: str,
    players: Sequence[str | None],
    seat: int | None,
    created: str | None = None,
) -> str:
    """``label`` (the game's name), the others at the table — ``players`` by seat, ``None``
    for a machine — without the reader's ``seat``, and the day ``created`` (ISO date)."""
    others = [name for index, name in enumerate(players) if index != seat]
    people = [name for name in others if name]
    machines = len(others) - len(people)
    parts = [label]
    if people:
        rest = len(people) - NAMED + machines if len(people) > NAMED else machines
        table = ", ".join(people[:NAMED])
        parts.append(f"{table} + {rest}" if rest else table)
    elif machines:
        parts.append(visit.gettext("%(count)s machines") % {"count": machines}
                     if machines > 1 else visit.gettext("a machine"))  # fmt: skip
    if created:
        try:
            day = date.fromisoformat(created)
        except ValueError:
            day = None
        if day is not None:
            parts.append(format_skeleton("dMMM", day, locale=visit.lang))
    return " · ".join(parts)
