"""The pages of a game without a web adapter of its own, like boardgame.io's debug panel:
the seat's view (the JSON of ``GET /api/games/{id}``) laid out as nested lists, and one
button per legal action, labelled with the action's JSON. Only what the seat's view holds is
shown, so the game's observer alone decides what a seat may see."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from carson.core.registry import AnyGameKind
from carson.web.adapter import Fragment, ReplayRequest, TableRequest


def generic_table(request: TableRequest, kind: AnyGameKind) -> Fragment:
    return Fragment("generic.html", {"board": _board(request.page, kind, request.error)})


def generic_replay(request: ReplayRequest, kind: AnyGameKind) -> Fragment:
    data = _board(request.page, kind, None)
    context = {"board": data, "step": request.step, "total": request.total}
    return Fragment("generic_replay.html", {**context, "game_id": request.game_id})


def _board(page: Mapping[str, Any], kind: AnyGameKind, error: str | None) -> dict[str, Any]:
    seats = [
        {"seat": seat["seat"], "kind": seat["kind"], "user": seat.get("user")}
        for seat in page["seats"]
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


def _label(action: Any) -> str:
    """An action as its button says it: its JSON, keys in a fixed order."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False)
