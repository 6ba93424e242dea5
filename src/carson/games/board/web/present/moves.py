"""The board game's actions in its pages' words, for the hint box and the analysis
(:class:`carson.web.kernel.adapter.NamedMoves`): a cowboy on an action space or a parcel, the
parcels by the page's column letter and row number, the personalities, buildings, roads'
edges and menu options by their names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from carson.games.board.web.present.common import parcel_label
from carson.games.board.web.present.names import Names

#: The label of each menu option that needs no page (BG-7.2, BG-7.3).
_OPTIONS: dict[str, Callable[[Names], str]] = {
    "take": lambda n: n._("Buy it"),
    "money_now": lambda n: n._("$8 now"),
    "defer": lambda n: n._("Choose later"),
    "money": lambda n: n._("$8"),
    "vp": lambda n: n._("VP at the end of the round"),
    "cowboys_1": lambda n: n._("1 cowboy"),
    "cowboys_2": lambda n: n._("2 cowboys"),
    "cowboys_3": lambda n: n._("3 cowboys"),
    "revolvers_1": lambda n: n._("1 revolver"),
    "revolvers_2": lambda n: n._("2 revolvers"),
    "vp_3": lambda n: n._("%(count)s VP") % {"count": 3},
    "vp_5": lambda n: n._("%(count)s VP") % {"count": 5},
    "vp_7": lambda n: n._("%(count)s VP") % {"count": 7},
    "round_up": lambda n: n._("Round up to the next $10"),
}


def option_label(names: Names, option: str) -> str | None:
    """A menu option as its button reads, or ``None`` for an unknown one."""
    if option in _OPTIONS:
        return _OPTIONS[option](names)
    kind, _, arg = option.partition(":")
    if kind == "double":
        return names._("Double: %(building)s") % {"building": names.building(arg)}
    if kind == "worker":
        return names._("Buy the building of %(space)s") % {"space": names.space(f"build_{arg}")}
    return None


def _parcel(action: Mapping[str, Any]) -> str:
    x, y = action["parcel"]
    return parcel_label(int(x), int(y))


def _target(names: Names, action: Mapping[str, Any]) -> str:
    return names.where(action["space"] if "space" in action else action["parcel"])


def _seat(names: Names, page: Mapping[str, Any] | None, seat: int) -> str:
    """A seat as the page names it; its number without a page."""
    if page is not None and 0 <= seat < len(page.get("seats", ())):
        return names.seat_name(seat, page["seats"])
    return names._("player %(number)s") % {"number": seat + 1}


_Label = Callable[[Names, Mapping[str, Any], Mapping[str, Any] | None], str | None]

#: How each kind of action reads (:mod:`carson.games.board.engine.actions`).
_LABELS: dict[str, _Label] = {
    "pass": lambda n, a, p: n._("Pass"),
    "vote": lambda n, a, p: (
        n._("Red side: %(cards)s") % {"cards": ", ".join(n.personality(c) for c in a["red"])}
        if a["red"]
        else n._("No red side")
    ),
    "purchase": lambda n, a, p: n._("Buy %(item)s") % {"item": n.item(a["item"])},
    "claim": lambda n, a, p: n._("Claim %(parcel)s") % {"parcel": _parcel(a)},
    "personality": lambda n, a, p: n._("Take %(name)s") % {"name": n.personality(a["id"])},
    "option": lambda n, a, p: option_label(n, str(a["option"])),
    "cowboy": lambda n, a, p: n._("Place a cowboy on %(where)s") % {"where": _target(n, a)},
    "white": lambda n, a, p: n._("Place the white cowboy on %(where)s") % {"where": _target(n, a)},
    "order": lambda n, a, p: n._("Resolve %(parcel)s next") % {"parcel": _parcel(a)},
    "tile": lambda n, a, p: n._("Duel tile %(value)s") % {"value": a["value"]},
    "buy_parcel": lambda n, a, p: n._("Buy %(parcel)s") % {"parcel": _parcel(a)},
    "road": lambda n, a, p: n._("Road: %(edge)s") % {"edge": n.edge(a["edge"])},
    "ask": lambda n, a, p: n._("Ask %(name)s for a parcel") % {"name": _seat(n, p, int(a["seat"]))},
    "grant": lambda n, a, p: n._("Grant %(parcel)s") % {"parcel": _parcel(a)},
    "build": lambda n, a, p: n._("Build on %(parcel)s") % {"parcel": _parcel(a)},
    "house": lambda n, a, p: n._("Put the house on %(parcel)s") % {"parcel": _parcel(a)},
    "store": lambda n, a, p: n._("Store it"),
    "build_stored": lambda n, a, p: (
        n._("Build the %(building)s") % {"building": n.building(a["building"])}
    ),
    "count": lambda n, a, p: n._("%(count)s VP") % {"count": a["value"]},
    "grant_all": lambda n, a, p: n._("Grant all"),
}


def board_action_label(names: Names, action: Any, page: Mapping[str, Any] | None) -> str | None:
    """``action`` (its JSON form) as the page words it, or ``None`` for an unknown one."""
    if not isinstance(action, Mapping) or action.get("kind") not in _LABELS:
        return None
    try:
        return _LABELS[str(action["kind"])](names, action, page)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
