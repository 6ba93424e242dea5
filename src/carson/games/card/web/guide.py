"""The card game's guided first game (issue 25): a fixed deal against three virtual players
and, for the first two rounds, a sentence at each step saying what to do now and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carson.web.kernel.adapter import Gettext
from carson.web.lobby.guide import GuideSetup

#: A fixed deal against three beginners: virtual players move at once, the rounds go fast.
SETUP = GuideSetup(("human", "beginner", "beginner", "beginner"), (), seed=2025)
#: The rounds the guide speaks in; in the next one it says goodbye, then it is silent.
GUIDED_ROUNDS = 2


def card_guide_step(page: Mapping[str, Any], gettext: Gettext) -> str | None:
    """The sentence for the seat's step now, or ``None`` after the guided rounds."""
    _ = gettext
    view = page["view"]
    if page["status"] != "playing" or view["round"] > GUIDED_ROUNDS + 1:
        return None
    if view["round"] == GUIDED_ROUNDS + 1:
        return _("You know every step of a round now: the guide leaves you here. Good luck!")
    if not page["legal_actions"]:
        return _("The others are choosing now: your next step will show here.")
    phase = str(view["phase"])
    if phase == "bid" and view["round"] == 1:
        return _(
            "Welcome! A round has three steps: a secret auction card, a card from the row, then your city. Choose an auction card now: the highest takes from the row first."  # noqa: E501
        )
    sentences = {
        "bid": _(
            "Choose an auction card: each value is played once per era, so keep some high ones for the rounds whose row you want most."  # noqa: E501
        ),
        "take": _(
            "Take a card of the row: a terrain card grows your city, a personality scores at the end or lends you an ability once per era."  # noqa: E501
        ),
        "place": _(
            "Place your terrain card: click a marked cell to see it in your city with its score change, then confirm. It must touch your city."  # noqa: E501
        ),
        "ability": _(
            "One of your personalities may act now: use it when it helps, it works once per era."
        ),
        "sale": _("Sell a card of your city for 7 VP only if the change shown is positive."),
        "pick": _("Add a personality only if the change shown is worth it."),
    }
    return sentences.get(phase)
