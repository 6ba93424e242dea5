"""The guided first game (issue 25): a game may offer one (:class:`GuidedGame`: its table and
deal, and a sentence for each step); the home page offers it to a person who has finished no
game (to continue it while it is being played), ``POST /guided`` starts it, and the table
shows the game's sentence above the decision until the player dismisses it
(``POST /games/{id}/guide``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.registry import games
from carson.server.lobby.guide import dismiss_guide, finished_games, running_guided, start_guided
from carson.server.play.api import service_of
from carson.server.play.games import GameError
from carson.web.kernel.adapter import web_game
from carson.web.kernel.visit import Visit, signed_in_form

router = APIRouter(include_in_schema=False)
Gettext = Callable[[str], str]


@dataclass(frozen=True)
class GuideSetup:
    """The guided game's table: its seat kinds (a ``human`` first), variants and seed."""

    seats: tuple[str, ...]
    variants: tuple[str, ...]
    seed: int


@runtime_checkable
class GuidedGame(Protocol):
    """A game's web adapter that offers a guided first game."""

    @property
    def guide_setup(self) -> GuideSetup: ...

    def guide_step(self, page: Mapping[str, Any], gettext: Gettext) -> str | None:
        """The sentence for the seat's step now (``page``: its view as the API gives it),
        or ``None`` once the guided part of the game is behind it."""
        ...


def guided_games() -> dict[str, GuidedGame]:
    """The installed games that offer a guided game, by name."""
    found: dict[str, GuidedGame] = {}
    for name, kind in games().items():
        adapter = web_game(kind)
        if isinstance(adapter, GuidedGame):
            found[name] = adapter
    return found


async def guide_offer(request: Request, visit: Visit) -> Sequence[tuple[str, str | None]]:
    """The games whose guided game the home page offers, each with the id of the visitor's
    guided game of it still being played (offered to continue, not to start again): all of
    those the person has finished no game of (learning one game does not teach the other)."""
    if visit.user is None or not guided_games():
        return []
    service, user = service_of(request), visit.user
    finished = await run_in_threadpool(finished_games, service, user)
    if finished.issuperset(guided_games()):
        return []
    running = await run_in_threadpool(running_guided, service, user)
    return [(name, running.get(name)) for name in guided_games() if name not in finished]


def guide_sentence(page: Mapping[str, Any], gettext: Gettext) -> str | None:
    """The sentence above the seat's decision in a guided game."""
    guided = guided_games().get(str(page["game"]))
    return None if guided is None else guided.guide_step(page, gettext)


@router.post("/guided")
async def start(request: Request) -> Response:
    """Starts the guided game of the posted ``game``."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    guided = guided_games().get(form.get("game", ""))
    if guided is None:
        message = visit.gettext("There is no guided game of that name.")
        return visit.render("kernel/message.html", status=404, message=message)
    running = await run_in_threadpool(running_guided, service_of(request), user)
    if form["game"] in running:  # a second click (or tab) continues the one being played
        return RedirectResponse(f"/games/{running[form['game']]}", status_code=303)
    setup = guided.guide_setup
    game_id = await run_in_threadpool(
        start_guided, service_of(request), user, form["game"], setup.seats, setup.variants,
        setup.seed,
    )  # fmt: skip
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.post("/games/{game_id}/guide")
async def dismiss(game_id: str, request: Request) -> Response:
    """No more sentences in this guided game."""
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(dismiss_guide, service_of(request), user, game_id)
    except GameError as error:
        message = visit.gettext("There is no guided game of yours here.")
        return visit.render("kernel/message.html", status=error.status, message=message)
    return RedirectResponse(f"/games/{game_id}", status_code=303)
