"""The card game's actions in its pages' words, for the hint box and the analysis
(:class:`carson.web.kernel.adapter.NamedMoves`): the auction card, the card of the row, the corner
of a placement, the personalities by name.

A placement's corner is given in the city's stable frame of columns and rows (the
terminal's, :mod:`carson.games.card.tui.places`) where the seat's page tells the city's
origin: a hint's page, or the page at an analysed decision (replayed by the analysis page,
:mod:`carson.web.analysis.decision_pages`); without a page, the engine's x, y of its moment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carson.games.card.web.present import Presenter


def origin(page: Mapping[str, Any] | None) -> tuple[int, int]:
    """Where the seat's city's (0, 0) is in its stable frame; (0, 0) without a page."""
    if page is None or page.get("seat") is None:
        return 0, 0
    try:
        x, y = page["view"]["seats"][int(page["seat"])]["city"]["origin"]
    except (KeyError, IndexError, TypeError, ValueError):
        return 0, 0
    return int(x), int(y)


def card_action_label(
    present: Presenter, action: Any, page: Mapping[str, Any] | None
) -> str | None:
    """``action`` (its JSON form) as the table words it, or ``None`` for an unknown one. Its
    kind under ``kind``, or ``type`` as analyses stored before it was renamed name it."""
    kind = action.get("kind", action.get("type")) if isinstance(action, Mapping) else None
    if not isinstance(kind, str):
        return None
    _ = present._
    try:
        if kind == "bid":
            return _("Auction card %(card)s") % {"card": action["value"]}
        if kind == "take":
            return _("Take card %(slot)s of the row") % {"slot": int(action["slot"]) + 1}
        if kind == "place":
            dx, dy = origin(page)
            where = {"x": int(action["x"]) + dx, "y": int(action["y"]) + dy}
            return _("Place the card at (%(x)s, %(y)s)") % where
        if kind == "use":
            return _("Use %(name)s") % {"name": present.personality(str(action["ability"]))}
        if kind == "sell":
            return _("Sell %(card)s") % {"card": present.terrain_card_name(int(action["card"]))}
        if kind == "pick":
            return present.personality(str(action["personality"]))
        if kind == "pass":
            return _("Pass")
    except (KeyError, ValueError, TypeError):
        return None
    return None
