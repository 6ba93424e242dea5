"""The card game's web part (``GameKind.adapters["web"]``): its table with the move log,
replay, rules part,
home-page form and the scoring assistant's pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import APIRouter
from jinja2 import BaseLoader, PackageLoader

from carson.games.card.catalog import load_catalog
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.parcels import Parcel
from carson.games.card.tui.texts import texts
from carson.games.card.web import MESSAGES
from carson.games.card.web.assistant import router as assistant_router
from carson.games.card.web.chart import card_chart
from carson.games.card.web.compare import compared
from carson.games.card.web.guide import SETUP as GUIDE
from carson.games.card.web.guide import card_guide_step
from carson.games.card.web.log import MoveLog
from carson.games.card.web.log_groups import card_log_groups
from carson.games.card.web.moves import card_action_label
from carson.games.card.web.pictures import CARD_PICTURES
from carson.games.card.web.present import Cell, Presenter
from carson.games.card.web.rules import card_rules_context
from carson.web.kernel.adapter import (
    Fragment,
    Gettext,
    NewGameForm,
    ReplayRequest,
    TableRequest,
    WebGame,
)
from carson.web.lobby.guide import GuideSetup
from carson.web.play.left_seats import mark_machine_moves
from carson.web.play.log_filter import filtered

#: The machine seats the home page offers, strongest virtual player first.
OPPONENTS = (
    "expert",
    "advanced",
    "beginner",
    "ai-easy",
    "ai-medium",
    "ai-hard",
    "ai-master",
    "greedy",
)


class CardWeb:
    """The card game in the browser."""

    loader: BaseLoader = PackageLoader("carson.games.card.web", "templates")
    router: APIRouter | None = assistant_router
    list_args: frozenset[str] = frozenset()
    messages: tuple[str, str] = MESSAGES
    guide_setup: GuideSetup = GUIDE

    def label(self, gettext: Gettext) -> str:
        return gettext("The card game")

    def new_game_form(self, lang: str, gettext: Gettext) -> NewGameForm:
        return NewGameForm(
            heading=gettext("Carson City: The Card Game"),
            intro="card_intro.html",
            opponents=OPPONENTS,
            id_prefix="",
        )

    def variants(self, form: Mapping[str, str]) -> list[str]:
        return []

    def seat_label(self, kind: str, lang: str, gettext: Gettext) -> str | None:
        names = texts(lang)
        if names.has("levels", kind):
            return gettext("virtual player") + f" ({names('levels', kind)})"
        return None

    def variant_label(self, variant: str, lang: str, gettext: Gettext) -> str | None:
        return None  # the card game has no variants

    def table(self, request: TableRequest) -> Fragment:
        seen = request.seen if isinstance(request.seen, SeatObservation) else None
        presenter = _presenter(request.lang, request.gettext)
        query = request.query
        data = presenter.game(dict(request.page), seen, _preview(query), compared(query))
        log = MoveLog(presenter, data["seats"], request.page["view"])
        lines = log.lines(request.log_events)
        mark_machine_moves(lines, "seq", request.machine_moves, request.gettext)
        data["log_from"] = request.log_from
        names = [seat.name for seat in data["seats"]]
        groups = card_log_groups(request.gettext)
        data["log"], data["log_filter"] = filtered(lines, query, names, groups, request.gettext)
        # The last auction's bids beside the decision, until the next (issue 44): lines are
        # newest first, and the unfiltered ones are read (a filter hides no reveal here).
        reveal = next((line for line in lines if "bids" in line), None)
        data["reveal"] = None if reveal is None else reveal["bids"]
        # Turned over with motion only on the page of the move that revealed it.
        data["reveal_fresh"] = reveal is not None and reveal["seq"] == request.page["seq"]
        data["error"] = request.error
        data["parcel_names"] = _parcel_names(presenter)
        if data["result"] is not None:
            result = data["result"]
            chart = card_chart(
                request.record, result["names"], result["suit_names"], request.gettext
            )
            result["chart"] = chart
        # A spectator observes for no seat: every city is drawn from the public view.
        cities = _replay_cities(request.page) if request.page["seat"] is None else None
        context = {"board": data, "pictures": CARD_PICTURES, "cities": cities}
        return Fragment("board.html", context)

    def replay(self, request: ReplayRequest) -> Fragment:
        presenter = _presenter(request.lang, request.gettext)
        data = presenter.game(dict(request.page), None, None)
        lines = MoveLog(presenter, data["seats"], request.page["view"]).lines(request.events)
        names = [seat.name for seat in data["seats"]]
        groups = card_log_groups(request.gettext)
        data["log"], data["log_filter"] = filtered(
            lines, request.query, names, groups, request.gettext,
            action=f"/games/{request.game_id}/replay",
        )  # fmt: skip
        data["parcel_names"] = _parcel_names(presenter)
        data["error"] = None
        context = {"board": data, "step": request.step, "total": request.total}
        context["pictures"] = CARD_PICTURES
        cities = _replay_cities(request.page)
        return Fragment("replay.html", {**context, "game_id": request.game_id, "cities": cities})

    def rules(self, lang: str, gettext: Gettext) -> Fragment | None:
        return Fragment("card_rules.html", card_rules_context(lang))

    def guide_step(self, page: Mapping[str, Any], gettext: Gettext) -> str | None:
        return card_guide_step(page, gettext)

    def links(self, gettext: Gettext) -> Sequence[tuple[str, str]]:
        return [("/score", gettext("Scoring assistant"))]

    def action_label(
        self, action: Any, page: Mapping[str, Any] | None, lang: str, gettext: Gettext
    ) -> str | None:
        return card_action_label(_presenter(lang, gettext), action, page)


def _presenter(lang: str, gettext: Gettext) -> Presenter:
    return Presenter(load_catalog(), texts(lang), gettext)


def _parcel_names(presenter: Presenter) -> dict[str, str]:
    return {parcel.id: presenter.parcel(parcel.id) for parcel in Parcel}


def _preview(query: Mapping[str, str]) -> tuple[int, int] | None:
    """The corner ``?x=&y=`` the player clicked to preview a placement, if any."""
    try:
        return int(query["x"]), int(query["y"])
    except (KeyError, ValueError):
        return None


def _replay_cell(x: int, y: int, letter: str, origin: tuple[int, int] = (0, 0)) -> Cell:
    """A cell of a view's grid, with its column and row in the city's stable frame (a
    spectator's cities were labelled 0 everywhere)."""
    column, row = x + origin[0], y + origin[1]
    if letter == "-":
        return Cell(x, y, None, "", column=column, row=row)
    return Cell(x, y, Parcel.from_letter(letter).id, letter, column=column, row=row)


def _replay_cities(page: Mapping[str, Any]) -> dict[int, list[list[Cell]]]:
    """The cities of the replayed moment, from the view's grids (the view holds each
    player seat's visible grid)."""
    cities: dict[int, list[list[Cell]]] = {}
    for index, seat in enumerate(page["view"]["seats"]):
        rows = seat.get("city", {}).get("grid", [])
        dx, dy = seat.get("city", {}).get("origin", (0, 0))
        cities[index] = [
            [_replay_cell(x, y, letter, (dx, dy)) for x, letter in enumerate(row)]
            for y, row in enumerate(rows)
        ]
    return cities


WEB: WebGame = CardWeb()
