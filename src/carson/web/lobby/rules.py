"""The rules pages: one page per game that has a rules part in its web adapter
(``/rules/<game>``), with a tab to each other game's page. The old addresses (``/rules``,
``/rules?game=<game>``) lead there."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from carson.core.registry import games
from carson.web.kernel.adapter import WebGame, web_game
from carson.web.kernel.visit import game_label, visit_of

router = APIRouter(include_in_schema=False)


def rules_url(name: str) -> str | None:
    """The address of game ``name``'s rules page, or ``None`` when it has none (a game
    without a web adapter, or whose adapter offers no rules part)."""
    kind = games().get(name)
    found = None if kind is None else web_game(kind)
    if found is None or not _has_rules(found):
        return None
    return f"/rules/{name}"


#: Whether each game's web part has a rules part, found once per adapter: every game page
#: asks, and gathering a rules part's data costs a millisecond.
_HAS_RULES: WeakKeyDictionary[WebGame, bool] = WeakKeyDictionary()


def _has_rules(adapter: WebGame) -> bool:
    if adapter not in _HAS_RULES:
        _HAS_RULES[adapter] = adapter.rules("en", str) is not None
    return _HAS_RULES[adapter]


def _with_rules() -> list[str]:
    """The installed games that have a rules page, in the registry's order."""
    return [name for name in games() if rules_url(name) is not None]


@router.get("/rules")
async def rules_index(request: Request) -> RedirectResponse:
    """The header's link and the old address (``?game=`` named the tab): the named game's
    page, else the first game's. Temporary (307): which game comes first depends on the
    games installed."""
    names = _with_rules()
    if not names:
        raise HTTPException(status_code=404)
    wanted = request.query_params.get("game")
    return RedirectResponse(f"/rules/{wanted if wanted in names else names[0]}")


@router.get("/rules/{name}", response_class=HTMLResponse)
async def rules(name: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    kind = games().get(name)
    found = None if kind is None else web_game(kind)
    if kind is None or found is None:
        raise HTTPException(status_code=404)
    own = visit.for_game(kind)
    part = found.rules(visit.lang, own.gettext)
    if part is None:
        raise HTTPException(status_code=404)
    tabs = [
        (other, game_label(games()[other], visit), f"/rules/{other}") for other in _with_rules()
    ]
    return own.render(
        "lobby/rules.html",
        tabs=tabs,
        chosen=name,
        game_name=game_label(kind, visit),
        part=part.template,
        **part.context,
    )  # fmt: skip
