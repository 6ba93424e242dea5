"""The card game's move-log filter groups (issue 25): which event kinds each kind of move
holds. The scoring has no log line (the score sheet tells it), so no group."""

from __future__ import annotations

from carson.web.kernel.adapter import Gettext
from carson.web.play.log_filter import KindGroup


def card_log_groups(gettext: Gettext) -> list[KindGroup]:
    """The groups in the order the page offers them, labelled in the page's language."""
    return [
        KindGroup("bids", gettext("Bids and their reveal"),
                  frozenset({"bid_chosen", "bids_revealed", "bid_void"})),
        KindGroup("takes", gettext("Cards taken"),
                  frozenset({"card_taken", "revealed_extra", "leftover_removed", "paperboy_pick"})),
        KindGroup("placements", gettext("Placements"),
                  frozenset({"card_placed", "card_set_aside"})),
        KindGroup("abilities", gettext("Abilities"),
                  frozenset({"ability_used", "card_sold", "skull"})),
        KindGroup("rounds", gettext("Rounds and eras"),
                  frozenset({"round_started", "era_changed"})),
    ]  # fmt: skip
