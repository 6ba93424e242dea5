"""The rules page: one tab per game that has a rules part in its web adapter."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from carson.core.registry import games
from carson.web.kernel.adapter import Fragment, web_game
from carson.web.kernel.visit import game_label, visit_of
from carson.web.lobby.home import tab_url

router = APIRouter(include_in_schema=False)


@router.get("/rules", response_class=HTMLResponse)
async def rules(request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    parts: dict[str, Fragment] = {}
    tabs: list[tuple[str, str, str]] = []
    for name, kind in games().items():
        found = web_game(kind)
        part = None if found is None else found.rules(visit.lang, visit.for_game(kind).gettext)
        if part is not None:
            parts[name] = part
            tabs.append((name, game_label(kind, visit), tab_url("/rules", name)))
    wanted = request.query_params.get("game")
    chosen = wanted if wanted in parts else next(iter(parts), "")
    part = parts.get(chosen, Fragment("", {}))
    if chosen:
        visit = visit.for_game(games()[chosen])
    return visit.render(
        "lobby/rules.html", tabs=tabs, chosen=chosen, part=part.template, **part.context
    )
