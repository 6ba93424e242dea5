"""The board game's move-log filter groups (issue 25): which event kinds each kind of move
holds."""

from __future__ import annotations

from carson.web.kernel.adapter import Gettext
from carson.web.play.log_filter import KindGroup


def board_log_groups(gettext: Gettext) -> list[KindGroup]:
    """The groups in the order the page offers them, labelled in the page's language."""
    return [
        KindGroup("rounds", gettext("Rounds, personalities and passes"),
                  frozenset({"round", "personality", "turn_order", "pass", "new_cowboys"})),
        KindGroup("votes", gettext("Votes and purchases"), frozenset({"votes", "purchases"})),
        KindGroup("cowboys", gettext("Cowboy placements"),
                  frozenset({"cowboy", "paid", "ammunition", "roads", "dice"})),
        KindGroup("fights", gettext("Fights"), frozenset({"duel", "attack"})),
        KindGroup("incomes", gettext("Incomes"), frozenset({"income", "building_income"})),
        KindGroup("building", gettext("Construction"),
                  frozenset({"bought", "built", "stored", "road", "roads_back", "ask", "grant",
                             "house", "parcel"})),
        KindGroup("scoring", gettext("Scoring"), frozenset({"vp", "cash_limit", "final"})),
    ]  # fmt: skip
