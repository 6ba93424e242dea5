"""Comparing the places a cowboy may go (issue 25): while placing a cowboy (BG-4.2), the
player marks up to four of the action spaces and parcels the decision offers, and the page
shows them side by side: who stands there already and with what strength, the seat's own
strength once the cowboy has left its supply (BG-4.3.3: a cowboy on the board does not
count), and what winning the place costs (BG-9.5: an unowned parcel's price, a building at
the seat's price), with a button to place the cowboy there.

The marks travel in the page's query (``?cmp=wages,D4``: a space by its id, a parcel by its
label), as the parcels of a building do: nothing is stored, and a place the decision does
not offer now is left out. Everything comes from the seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from carson.core.game import JSON
from carson.games.board.catalog import SPACE_IDS
from carson.games.board.web.present.common import COLUMNS, Seat, key, parcel_label
from carson.games.board.web.present.compare import MAX_COMPARED
from carson.games.board.web.present.names import Names

#: The kinds of action that place a cowboy: one of the player's, or the Sheriff's white one.
PLACING = ("cowboy", "white")


def marked_places(query: Mapping[str, str]) -> list[str] | None:
    """The places the query marks (``None``: the player is not comparing), the last
    :data:`MAX_COMPARED` of them: space ids and parcel labels; other parts are ignored."""
    if "cmp" not in query:
        return None
    marks: list[str] = []
    for part in query["cmp"].split(",")[: 4 * MAX_COMPARED]:  # a bounded amount of work
        mark = _mark(part.strip())
        if mark is not None and mark not in marks:
            marks.append(mark)
    return marks[-MAX_COMPARED:]


def _mark(part: str) -> str | None:
    if part.lower() in SPACE_IDS:
        return part.lower()
    label = part.upper()
    if len(label) == 2 and label[0] in COLUMNS and label[1] in "12345678":
        return label
    return None


def place_of(action: Mapping[str, Any]) -> str:
    """A cowboy's target as the query marks it: a space's id or a parcel's label."""
    if "space" in action:
        return str(action["space"])
    x, y = action["parcel"]
    return parcel_label(x, y)


def cowboy_comparison(
    names: Names,
    view: Mapping[str, Any],
    me: int,
    legal: Sequence[Mapping[str, Any]],
    marks: Sequence[str],
    seats: Sequence[Seat],
    white: bool,
) -> JSON | None:
    """The rows of the comparison (a place, who is there, the seat's strength then, the cost
    of winning it, the action) and, for each place offered, the query that marks or unmarks
    it; ``None`` when the decision offers fewer than two places for the cowboy (``white``:
    the Sheriff's white one) to compare."""
    kind = PLACING[1] if white else PLACING[0]
    offered = {place_of(action): action for action in legal if action["kind"] == kind}
    if len(offered) < 2:
        return None
    kept = [mark for mark in marks if mark in offered]
    rows = [_row(names, view, me, seats, mark, offered[mark]) for mark in kept]
    links: dict[bool, list[JSON]] = {True: [], False: []}  # on the track or not
    for mark in offered:  # in the order of the legal actions: the track, then the town
        marked = mark in kept
        toggled = [m for m in kept if m != mark] if marked else [*kept, mark]
        query = ",".join(toggled[-MAX_COMPARED:])
        links[mark in SPACE_IDS].append(
            {"place": mark, "label": _label(names, mark), "marked": marked, "query": query}
        )
    groups = [
        {"title": title, "links": links[on_track],
         "open": on_track or any(link["marked"] for link in links[on_track])}
        for title, on_track in ((names._("The action track"), True), (names._("The town"), False))
        if links[on_track]
    ]  # fmt: skip
    return {"rows": rows, "groups": groups, "white": white}


def _label(names: Names, mark: str) -> str:
    return names.space(mark) if mark in SPACE_IDS else mark


def _row(
    names: Names,
    view: Mapping[str, Any],
    me: int,
    seats: Sequence[Seat],
    mark: str,
    action: Mapping[str, Any],
) -> JSON:
    _ = names._
    place = _place(view, action)
    there = [
        _("%(name)s (strength %(strength)s)")
        % {"name": seats[s].name, "strength": view["players"][s]["strength"]}
        for s in dict.fromkeys(cowboy["seat"] for cowboy in place["cowboys"])
    ]
    label = _label(names, mark)
    if "parcel" in action and place["tile"] is not None:
        label = f"{label} · {names.tile(place['tile'])}"
    return {
        "place": mark,
        "label": label,
        "there": ", ".join(there) or _("nobody"),
        "no_duel": bool(place.get("no_duel")),
        "strength": view["players"][me]["strength"] - 1,  # the cowboy leaves the supply
        "cost": _cost(view, me, action, place),
        "action": key(action),
    }


def _place(view: Mapping[str, Any], action: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view's entry of the action's space or parcel."""
    if "space" in action:
        return next(space for space in view["spaces"] if space["id"] == action["space"])
    x, y = action["parcel"]
    return next(p for p in view["parcels"] if (p["x"], p["y"]) == (x, y))


def _cost(
    view: Mapping[str, Any], me: int, action: Mapping[str, Any], place: Mapping[str, Any]
) -> int | None:
    """BG-9.5: what winning the place costs the seat (``None``: nothing to pay)."""
    if "parcel" in action:
        return int(place["price"]) if place["owner"] is None else None
    if place.get("building") is None:
        return None
    return int(view["players"][me]["building_prices"][action["space"]])
