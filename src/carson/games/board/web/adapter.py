"""The board game's web part (``GameKind.adapters["web"]``): its table with the move log,
replay, rules part and the home page's variant fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import APIRouter
from jinja2 import BaseLoader, PackageLoader

from carson.games.board.web import MESSAGES
from carson.games.board.web.chart import board_chart
from carson.games.board.web.guide import SETUP as GUIDE
from carson.games.board.web.guide import board_guide_step
from carson.games.board.web.log_groups import board_log_groups
from carson.games.board.web.pictures import TILE_PICTURES
from carson.games.board.web.present import BoardPresenter
from carson.games.board.web.present.compare import compared
from carson.games.board.web.present.compare_cowboys import marked_places
from carson.games.board.web.present.moves import board_action_label
from carson.games.board.web.present.names import Names
from carson.games.board.web.rules import board_rules_context
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

#: The machine seats the home page offers, the easiest first.
OPPONENTS = ("ai-easy", "ai-medium", "ai-hard", "greedy", "random")
#: The variants on the home page (BG-10): one way to set the card sides ("" is the
#: standard, all yellow), and the others as checkboxes.
SIDES = ("", "red-sides", "random-sides", "vote-sides")
OPTIONS = ("duel-tiles", "river", "new-beginning")


class BoardWeb:
    """The board game in the browser."""

    loader: BaseLoader = PackageLoader("carson.games.board.web", "templates")
    router: APIRouter | None = None
    #: A secret vote's ticked cards come as one form field per card.
    list_args: frozenset[str] = frozenset({"red"})
    messages: tuple[str, str] = MESSAGES
    guide_setup: GuideSetup = GUIDE

    def label(self, gettext: Gettext) -> str:
        return gettext("The board game")

    def new_game_form(self, lang: str, gettext: Gettext) -> NewGameForm:
        variants = {"sides": _side_labels(gettext), "options": option_labels(gettext)}
        return NewGameForm(
            heading=gettext("Carson City: The Board Game"),
            intro="board_intro.html",
            opponents=OPPONENTS,
            id_prefix="board-",
            variants=Fragment("board_variants.html", variants),
        )

    def variants(self, form: Mapping[str, str]) -> list[str]:
        side = form.get("sides", "")
        return ([side] if side else []) + [o for o in OPTIONS if form.get(o)]

    def seat_label(self, kind: str, lang: str, gettext: Gettext) -> str | None:
        return None

    def variant_label(self, variant: str, lang: str, gettext: Gettext) -> str | None:
        return Names(lang, gettext).variant(variant)

    def table(self, request: TableRequest) -> Fragment:
        presenter = BoardPresenter(request.lang, request.gettext)
        query = request.query
        data = presenter.game(
            dict(request.page), request.events, query.get("mode"), compared(query),
            marked_places(query),
        )  # fmt: skip
        data["error"] = request.error
        names = [seat.name for seat in data["seats"]]
        groups = board_log_groups(request.gettext)
        shown = [line for line in data["events"] if line["move"] > request.log_from]
        mark_machine_moves(shown, "move", request.machine_moves, request.gettext)
        data["events"], data["log_filter"] = filtered(shown, query, names, groups, request.gettext)
        data["log_from"] = request.log_from
        if data.get("result"):
            names = data["result"]["names"]
            data["result"]["chart"] = board_chart(request.record, names, request.gettext)
        return Fragment("boardgame.html", {"board": data, "pictures": TILE_PICTURES})

    def replay(self, request: ReplayRequest) -> Fragment:
        presenter = BoardPresenter(request.lang, request.gettext)
        data = presenter.game(dict(request.page), request.events)
        data["error"] = None
        names = [seat.name for seat in data["seats"]]
        groups = board_log_groups(request.gettext)
        data["events"], data["log_filter"] = filtered(
            data["events"], request.query, names, groups, request.gettext,
            action=f"/games/{request.game_id}/replay",
        )  # fmt: skip
        context = {"board": data, "step": request.step, "total": request.total, "replay": True}
        context["pictures"] = TILE_PICTURES
        return Fragment("boardgame_replay.html", {**context, "game_id": request.game_id})

    def rules(self, lang: str, gettext: Gettext) -> Fragment | None:
        return Fragment("board_rules.html", board_rules_context(lang, gettext))

    def guide_step(self, page: Mapping[str, Any], gettext: Gettext) -> str | None:
        return board_guide_step(page, gettext)

    def action_label(
        self, action: Any, page: Mapping[str, Any] | None, lang: str, gettext: Gettext
    ) -> str | None:
        return board_action_label(Names(lang, gettext), action, page)

    def links(self, gettext: Gettext) -> Sequence[tuple[str, str]]:
        return []


def _side_labels(gettext: Gettext) -> list[tuple[str, str]]:
    labels = {
        "": gettext("yellow (standard)"),
        "red-sides": gettext("red"),
        "random-sides": gettext("random, card by card"),
        "vote-sides": gettext("by secret vote"),
    }
    return [(side, labels[side]) for side in SIDES]


def option_labels(gettext: Gettext) -> list[tuple[str, str, str]]:
    labels = {
        "duel-tiles": (gettext("Duel tiles"), gettext("secret tiles instead of dice in duels")),
        "river": (gettext("The river"), gettext("the river side of the board, with bridges")),
        "new-beginning": (
            gettext("A new beginning"),
            gettext("start with $50 and buy your start in secret"),
        ),
    }
    return [(option, *labels[option]) for option in OPTIONS]


WEB: WebGame = BoardWeb()
