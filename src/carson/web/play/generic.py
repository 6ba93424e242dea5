"""The pages of a game without a web adapter of its own, like boardgame.io's debug panel:
the seat's view (the JSON of ``GET /api/games/{id}``) laid out as nested lists, one button
per legal action, labelled with the action's JSON, and the move log, one line per stored
event (its kind and data). Only what the seat's view and its events hold is shown, so the
game's observer and the events' audiences alone decide what a seat may see."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from carson.core.game import JSON, Event
from carson.core.registry import HUMAN, AnyGameKind
from carson.web.kernel.adapter import Fragment, Gettext, ReplayRequest, TableRequest
from carson.web.kernel.i18n import machine_seat_name


def generic_table(request: TableRequest, kind: AnyGameKind) -> Fragment:
    data = _board(request.page, kind, request.gettext, request.error)
    data["log"] = log_lines(request.log_events)
    data["log_from"] = request.log_from
    return Fragment("play/generic.html", {"board": data})


def generic_replay(request: ReplayRequest, kind: AnyGameKind) -> Fragment:
    data = _board(request.page, kind, request.gettext, None)
    data["log"] = log_lines(request.events)
    context = {"board": data, "step": request.step, "total": request.total}
    return Fragment("play/generic_replay.html", {**context, "game_id": request.game_id})


def _board(page: Mapping[str, Any], kind: AnyGameKind, gettext: Gettext, error: str | None) -> JSON:
    kinds = [str(seat["kind"]) for seat in page["seats"]]
    seats = [
        {"seat": seat["seat"], "name": _seat_name(seat, kinds, index, gettext)}
        for index, seat in enumerate(page["seats"])
    ]
    return {
        "id": page["id"],
        "title": kind.title,
        "seq": page["seq"],
        "status": page["status"],
        "seat": page["seat"],
        "seats": seats,
        "view": page["view"],
        "actions": [(_label(action), json.dumps(action)) for action in page["legal_actions"]],
        "error": error,
    }


def _seat_name(seat: Mapping[str, Any], kinds: list[str], index: int, gettext: Gettext) -> str:
    if seat["kind"] == HUMAN:
        return str(seat.get("user") or gettext("free seat"))
    return machine_seat_name(kinds, index, gettext)


def _label(action: Any) -> str:
    """An action as its button says it: its JSON, keys in a fixed order."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False)


def log_lines(events: Sequence[tuple[int, Event]]) -> list[JSON]:
    """The move log, newest first: each event's move, kind and data (as JSON; the template
    escapes it)."""
    return [
        {"seq": seq, "kind": event.kind, "data": _label(dict(event.data)) if event.data else ""}
        for seq, event in reversed(events)
    ]
