"""The names of the board game's things in one language: buildings, personalities, spaces,
tiles, edges, seats, variants, phases and the effects of the personality cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from carson.games.board.catalog import SPACE_IDS, BoardCatalog, load_board_catalog
from carson.games.board.web.present.common import Gettext, parcel_label
from carson.web.kernel.i18n import machine_label, machine_seat_name


class Names:
    """Names in one language (the catalog's, and the interface's own through gettext)."""

    def __init__(self, lang: str, gettext: Gettext, catalog: BoardCatalog | None = None) -> None:
        self.lang = lang
        self._ = gettext
        self.catalog = catalog or load_board_catalog()

    def building(self, building_id: str) -> str:
        return self.catalog.buildings[building_id].names[self.lang]

    def personality(self, personality_id: str) -> str:
        return self.catalog.personalities[personality_id].names[self.lang]

    def space(self, space_id: str) -> str:
        return self.catalog.space(space_id).names[self.lang]

    def tile(self, tile: str) -> str:
        _ = self._
        if tile == "house":
            return _("House")
        if tile == "mountain":
            return _("Mountain")
        return self.building(tile)

    def side(self, side: str) -> str:
        _ = self._
        return _("red side") if side == "red" else _("yellow side")

    def where(self, where: Any) -> str:
        """A cowboy target or duel place: a space id or a parcel ``[x, y]``."""
        if isinstance(where, str):
            return self.space(where)
        x, y = where
        return parcel_label(x, y)

    def edge(self, edge: Sequence[Any]) -> str:
        _ = self._
        kind, x, y = edge
        if kind == "H":
            if y < 8:
                return _("top of %(parcel)s") % {"parcel": parcel_label(x, y)}
            return _("bottom of %(parcel)s") % {"parcel": parcel_label(x, 7)}
        if x < 8:
            return _("left of %(parcel)s") % {"parcel": parcel_label(x, y)}
        return _("right of %(parcel)s") % {"parcel": parcel_label(7, y)}

    def kind(self, kind: str, user: str | None, bot: bool = False) -> str:
        if kind == "human" and user and bot:  # a bot account: flagged wherever it shows
            return f"{user} ({self._('bot')})"
        if kind == "human":
            return user or self._("free seat")
        return machine_label(kind, self._)

    def seat_name(self, index: int, seats: Sequence[Mapping[str, Any]]) -> str:
        """A person's user name; a machine seat's level, numbered only when two machines
        of the table share it (``Machine (easy)``, ``Machine 2 (greedy)``)."""
        who = seats[index]
        if who["kind"] == "human":
            return self.kind(who["kind"], who["user"], who.get("bot", False))
        return machine_seat_name([str(seat["kind"]) for seat in seats], index, self._)

    def effect(self, personality_id: str, side: str) -> str:
        """The card's effect in a few words (BG-7.2, BG-7.3)."""
        _ = self._
        yellow = {
            "sheriff": _(
                "Takes the white cowboy: nobody may join it (except on wages and 1 road)."
            ),
            "banker": _("+$9 at once."),
            "grocer": _("$8 now, or later double the income of one building type."),
            "worker": _("+2 roads; pays half the price of buildings this round."),
            "settler": _("One free parcel."),
            "captain": _("Buy 1, 2 or 3 cowboys for $1, $4 or $9."),
            "gunslinger": _("+3 strength this round."),
        }
        red = {
            "sheriff": _("Never attacks or starts a duel; +3 VP for every duel lost."),
            "banker": _("At the end of the round: 3 VP for $3, 5 VP for $12 or 7 VP for $25."),
            "grocer": _("$8 now, or 1 VP per house on her parcels at the end of the round."),
            "worker": _("Buys one building of the track for $5 at once."),
            "settler": _("$8 now, or 1 VP per mountain on his parcels at the end of the round."),
            "captain": _("Buy 1 revolver for $3 or 2 for $9."),
            "gunslinger": _("+2 strength this round."),
        }
        return (red if side == "red" else yellow)[personality_id]

    def item(self, item: str) -> str:
        """A "new beginning" purchase (BG-10.4)."""
        _ = self._
        names = {
            "cowboy": _("a cowboy"),
            "revolver": _("a revolver"),
            "road": _("a road"),
            "marker": _("a starting parcel"),
            "vp": _("1 VP"),
            "sharpshooter": _("the Sharpshooter"),
            "sell_5_vp": _("sell 5 VP"),
            "sell_10_vp": _("sell 10 VP"),
        }
        return names[item]

    def phase(self, kind: str | None) -> str:
        _ = self._
        names = {
            "vote": _("vote on the card sides"),
            "purchase": _("secret purchases"),
            "claim": _("starting parcels"),
            "personality": _("phase 1: personalities"),
            "settler": _("phase 1: personalities"),
            "menu": _("a choice"),
            "place": _("phase 2: cowboys"),
            "order": _("phase 3: actions"),
            "tile": _("a duel"),
            "buy_parcels": _("phase 3: parcel purchase"),
            "construct": _("phase 3: building"),
            "house": _("phase 3: building"),
            "grant": _("phase 3: building"),
            "stored": _("step 12a: stored buildings"),
            "count": _("phase 3: buying VP"),
            "roads": _("the river roads"),
        }
        return "" if kind is None else names.get(kind, kind)

    def variant(self, name: str) -> str:
        _ = self._
        names = {
            "red-sides": _("red sides"),
            "random-sides": _("random sides"),
            "vote-sides": _("sides by vote"),
            "duel-tiles": _("duel tiles"),
            "river": _("the river"),
            "new-beginning": _("a new beginning"),
        }
        return names.get(name, name)

    def choice_note(self, choice: str) -> str:
        _ = self._
        if choice.startswith("double:"):
            building = self.building(choice.split(":")[1])
            return _("doubles the income of: %(building)s") % {"building": building}
        notes = {
            "money": _("took $8"),
            "defer": _("chooses at building income"),
            "vp": _("VP at the end of the round"),
        }
        return notes.get(choice, choice)

    def why(self, why: str) -> str:
        _ = self._
        if why in SPACE_IDS:
            return self.space(why)
        names = {
            "bought": _("bought"),
            "settler": self.personality("settler"),
            "grocer": self.personality("grocer"),
            "banker": self.personality("banker"),
            "sheriff": self.personality("sheriff"),
        }
        return names.get(why, why)
