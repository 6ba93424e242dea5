"""The board game's guided first game (issue 25): a fixed deal against two greedy bots and,
in the first round, a sentence at each step saying what to do now and why; then the player
goes on alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carson.web.kernel.adapter import Gettext
from carson.web.lobby.guide import GuideSetup

#: The standard game (all yellow sides) against two bots that move quickly.
SETUP = GuideSetup(("human", "greedy", "greedy"), (), seed=2025)


def board_guide_step(page: Mapping[str, Any], gettext: Gettext) -> str | None:
    """The sentence for the seat's step now, or ``None`` after the first rounds."""
    _ = gettext
    view = page["view"]
    if page["status"] != "playing" or view["round"] > 2:
        return None
    if view["round"] == 2:
        return _("You know the steps of a round now: the guide leaves you here. Good luck!")
    if not page["legal_actions"]:
        return _("The others are choosing now: your next step will show here.")
    decision = view.get("decision") or {}
    sentences = {
        "claim": _(
            "Take a free starting parcel: you build on your own parcels, and a building earns more with good neighbours."  # noqa: E501
        ),
        "personality": _(
            "Take a personality: its effect helps you this round, and its number sets your place in the turn order."  # noqa: E501
        ),
        "settler": _("The Settler gives you a free parcel: take one where you want to build."),
        "menu": _("Choose one of the options that this card or space offers."),
        "place": _(
            "Place a cowboy on an action space, a free parcel or a building, or pass: passing ends your placements this round. Cowboys that meet fight a duel."  # noqa: E501
        ),
        "order": _("Choose which of your duels is fought next."),
        "buy_parcels": _(
            "Buy the parcels your cowboys won: $1 plus $1 for each house, mountain or building on or around it."  # noqa: E501
        ),
        "construct": _(
            "Build: a building needs road access (ranches and mines do not) and goes on an empty parcel of yours."  # noqa: E501
        ),
        "house": _("Place the free house that comes with your building."),
        "grant": _("Another player asks to use your land to build: allow it or not."),
        "stored": _("Build a building you kept for later, or pass."),
        "count": _("Choose how many VP to buy with your money."),
    }
    return sentences.get(
        str(decision.get("kind")),
        _("Make your choice: the page offers only what the rules allow now."),
    )
