"""The table before the town is set up: with sides by vote (BG-10.1) the players vote first and
the engine sets up the town, the money and the pieces after the vote (BG-3). Until then the
seat's view holds the standard start for everybody and every card on its yellow side; the page
shows instead what the game's variants give each player (BG-3.1, BG-10.2, BG-10.4) and that
the sides are decided by the vote."""

from __future__ import annotations

from carson.core.game import JSON
from carson.games.board.engine.model import DEALT_TILES_MONEY, DUEL_TILE_SET
from carson.games.board.web.present.names import Names

#: BG-10.2 with 3–5 players: each is dealt a set's worth of tiles (the engine's numbers).
DEALT_TILES = len(DUEL_TILE_SET)
#: BG-10.2 with 2 players, and with a new beginning (BG-10.4): every player has a whole set.
TILE_SET = DUEL_TILE_SET


def before_setup(view: JSON) -> bool:
    """Whether the town is not set up yet (the initial order is drawn at the setup, BG-3.7)."""
    return not view["initial_order"]


def show_start(names: Names, view: JSON, data: JSON) -> None:
    """The players' panels and the personality cards of ``data`` as the game will start."""
    _ = names._
    start = starting(names, view)
    for player in data["players"]:
        notes = player["notes"]  # has voted …
        player.update(start)
        player["notes"] = [*start["notes"], *notes]
    if "vote-sides" in view["config"]["variants"]:
        for card in data["personalities"]:
            info = names.catalog.personalities[card["id"]]
            card["side"] = "vote"
            card["side_name"] = _("side decided by vote")
            card["sides"] = [
                {
                    "side": side,
                    "name": names.side(side),
                    "cash_limit": info.cash_limit[side],
                    "effect": names.effect(card["id"], side),
                }
                for side in ("yellow", "red")
            ]
    data["before_setup"] = _(
        "The sides are voted on first; then the town is set up and each player starts as shown."
    )


def starting(names: Names, view: JSON) -> JSON:
    """What every player starts with under the game's variants, for his panel."""
    _ = names._
    catalog = names.catalog
    variants = set(view["config"]["variants"])
    fresh = "new-beginning" in variants
    pieces = catalog.new_beginning if fresh else catalog.start
    start: JSON = {
        "money": pieces["money"],
        "cowboys": pieces["cowboys"],
        "revolvers": 0 if fresh else catalog.start["revolvers"],  # BG-10.4: bought, if any
        "roads": 0 if fresh else catalog.start["roads"],
        "markers": catalog.start["markers"],
        "strength": None,
        "vp": 0,
        "notes": [],
    }
    if fresh:
        start["notes"].append(_("A new beginning: then buys the rest of the start in secret."))
    if "duel-tiles" in variants:
        start["tiles"], start["announced"] = DEALT_TILES, None
        if view["config"]["players"] == 2 or fresh:
            start["my_tiles"] = list(TILE_SET)
        else:
            start["my_tiles"] = None
            start["tiles_text"] = _("%(count)s, dealt at random at the setup") % {
                "count": DEALT_TILES
            }
            start["money"] = _("%(money)s minus the total of the duel tiles dealt") % {
                "money": DEALT_TILES_MONEY
            }
    return start
