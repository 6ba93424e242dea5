"""The end of a board game on the page: the score sheet by source, from the public events,
and the move log told as sentences."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from carson.core.game import JSON, Event
from carson.games.board.web.present.common import Seat
from carson.games.board.web.present.describe import describe
from carson.games.board.web.present.names import Names
from carson.web.play.log_filter import line_seat


def result(
    names: Names,
    view: JSON,
    events: Sequence[tuple[int, Event]],
    seats: list[Seat],
    me: int | None,
) -> JSON:
    """The score sheet: VP by source, from the public events (BG-8.2); the personalities'
    VP (the Settler's, the Grocer's, the red Banker's and Sheriff's) and whatever no event
    names are "other"."""
    _ = names._
    result = view.get("result") or {"scores": [], "winners": []}
    sources = ("beginning", "actions", "bought", "cash", "parcels", "money", "other")
    sheet = {source: [0] * len(seats) for source in sources}
    for _number, event in events:
        d = event.data
        if event.kind == "purchases":
            sheet["beginning"][d["seat"]] += purchased_vp(d)
        elif event.kind == "vp":
            source = "bought" if d["why"] == "bought" else "actions"
            if d["why"] in ("settler", "grocer", "banker", "sheriff"):
                source = "other"
            sheet[source][d["seat"]] += d["amount"]
        elif event.kind == "cash_limit":
            sheet["cash"][d["seat"]] += d["vp"]
        elif event.kind == "final":
            sheet["parcels"][d["seat"]] += d["parcels"]
            sheet["money"][d["seat"]] += d["money"]
    totals = [player["vp"] for player in view["players"]]
    for seat in range(len(seats)):
        known = sum(sheet[source][seat] for source in sources)
        sheet["other"][seat] += totals[seat] - known
    labels = {
        "beginning": _("A new beginning: VP bought or sold"),
        "actions": _("Action spaces"),
        "bought": _("VP bought"),
        "cash": _("Cash limit"),
        "parcels": _("Parcels with a tile"),
        "money": _("Money ($6 = 1 VP)"),
        "other": _("Personalities and other"),
    }
    rows = [
        {"label": labels[source], "values": sheet[source]}
        for source in sources
        if any(sheet[source])
    ]
    winners = result["winners"]
    return {
        "names": [seat.name for seat in seats],
        "colours": [seat.colour for seat in seats],
        "rows": rows,
        "totals": result["scores"] or totals,
        "winners": [seats[s].name for s in winners],
        "i_won": me in winners,
    }


def purchased_vp(purchases: Mapping[str, Any]) -> int:
    """BG-10.4: the VP a new beginning's purchases gave or took, as the engine's event tells
    them (games stored before the event carried them: derived from the items' names)."""
    if "vp" in purchases:
        return int(purchases["vp"])
    vp = 0
    for item in purchases["items"]:
        if item == "vp":
            vp += 1
        elif item.startswith("sell_"):
            vp -= int(item.split("_")[1])
    return vp


def events(
    names: Names, events: Sequence[tuple[int, Event]], seats: list[Seat], tiles: bool = False
) -> list[JSON]:
    """The whole game's move log, newest first: one sentence per event the page tells
    (``tiles``: duels are fought with duel tiles)."""
    shown = []
    for number, event in reversed(events):
        text = describe(names, event, seats, tiles)
        if text:
            seat = line_seat(event.data)
            shown.append({"move": number, "text": text, "kind": event.kind, "seat": seat})
    return shown
