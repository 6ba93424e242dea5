"""What a board-game page shows, as plain data for the templates (``boardgame*.html``).

Everything comes from the seat's view (the engine's per-seat view, BG-11), the legal actions
the server lists for the seat, and the public events of the moves so far: a page only shows
what that seat may see. Each legal action becomes something to click — a parcel, an edge of
the town, a space of the action track, a personality card or a button — carrying the action
as JSON, which the page posts back as it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from carson.core.game import Event
from carson.games.board.catalog import (
    BUILDING_IDS,
    PERSONALITY_IDS,
    SPACE_IDS,
    BoardCatalog,
    load_board_catalog,
)
from carson.web.choices import Choice
from carson.web.i18n import machine_label

Gettext = Callable[[str], str]

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple")
#: Tiles drawn with the card game's parcel letters and colours (``.p-<id>`` in the CSS).
TILE_LETTERS = {
    "house": "h", "mountain": "^", "ranch": "r", "mine": "m", "drugstore": "d", "bank": "b",
    "saloon": "s", "hotel": "o", "church": "c", "prison": "j",
}  # fmt: skip
#: The action track in three rows, as on the board (BG-2.3 resolution order).
TRACK_ROWS: tuple[tuple[str, ...], ...] = (SPACE_IDS[:5], SPACE_IDS[5:12], SPACE_IDS[12:])
COLUMNS = "ABCDEFGH"
NO_DUEL_SPACES = ("wages", "road_1")


def parcel_label(x: int, y: int) -> str:
    """A parcel as on the page's axes: column letter, row number (``D5``)."""
    return f"{COLUMNS[x]}{y + 1}"


def _key(action: Mapping[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"))


@dataclass(frozen=True)
class Seat:
    """One player as every page shows him."""

    seat: int
    name: str
    colour: str


class BoardPresenter:
    """Turns one seat's view of a board game into the data of its page, in one language."""

    def __init__(self, lang: str, gettext: Gettext, catalog: BoardCatalog | None = None) -> None:
        self.lang = lang
        self._ = gettext
        self.catalog = catalog or load_board_catalog()

    # ------------------------------------------------------------------ names

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

    def kind(self, kind: str, user: str | None) -> str:
        if kind == "human":
            return user or self._("free seat")
        return machine_label(kind, self._)

    def seat_name(self, index: int, who: Mapping[str, Any]) -> str:
        """A person's user name; a machine seat's kind and seat number (``greedy bot 2``)."""
        name = self.kind(who["kind"], who["user"])
        return name if who["kind"] == "human" else f"{name} {index + 1}"

    def effect(self, personality_id: str, side: str) -> str:
        """The card's effect in a few words (BG-7.2, BG-7.3)."""
        _ = self._
        yellow = {
            "sheriff": _("Takes the white cowboy: nobody may join it (but on wages and 1 road)."),
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

    # ------------------------------------------------------------------ the page

    def game(
        self,
        page: dict[str, Any],
        events: Sequence[tuple[int, Event]] = (),
        mode: str | None = None,
    ) -> dict[str, Any]:
        """Everything the board-game page shows. ``page`` is the server's view of the seat;
        ``events`` the public events so far; ``mode`` ``"white"`` to place the Sheriff's
        white cowboy (when the seat may place both kinds)."""
        view = page["view"]
        me = page["seat"]
        legal: list[dict[str, Any]] = list(page["legal_actions"])
        seats = [
            Seat(index, self.seat_name(index, who), SEAT_COLOURS[index])
            for index, who in enumerate(page["seats"])
        ]
        decision = view.get("decision") or {}
        data: dict[str, Any] = {
            "id": page["id"],
            "status": page["status"],
            "seq": page["seq"],
            "me": me,
            "round": view["round"],
            "rounds": self.catalog.rounds,
            "variants": [self._variant(name) for name in view["config"]["variants"]],
            "phase": self.phase(decision.get("kind")) if page["status"] == "playing" else "",
            "seats": seats,
            "waiting_for": [seats[s].name for s in view["seats_to_act"] if s != me],
            "prompt": "",
            "note": "",
            "choices": [],
            "lists": [],
            "forms": [],
            "modes": [],
            "events": self._events(events, seats),
            "bag": sum(view["bag"].values()),
            "turn_order": [seats[s] for s in view["turn_order"]],
            "pass_order": [seats[s] for s in view["pass_order"]],
            "tile_names": {tile: self.tile(tile) for tile in TILE_LETTERS},
            "side_names": {side: self.side(side) for side in ("yellow", "red")},
            "result": None,
        }
        targets = self._decision(data, view, legal, seats, mode) if legal else _Targets()
        data["town"] = self._town(view, targets, seats)
        data["town_form"] = bool(targets.parcels or targets.edges)
        data["track"] = self._track(view, targets, seats, me)
        data["track_form"] = bool(targets.spaces)
        data["personalities"] = self._personalities(view, targets, seats)
        data["players"] = self._players(view, seats, me)
        if page["status"] == "over":
            data["result"] = self._result(view, events, seats, me)
        return data

    def _variant(self, name: str) -> str:
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

    # ------------------------------------------------------------------ the town

    def _town(
        self, view: dict[str, Any], targets: _Targets, seats: list[Seat]
    ) -> list[list[dict[str, Any]]]:
        """The town as rows of grid items: axis labels, road corners, edges and parcels
        (an 18×18 grid: labels, then corner/edge and edge/parcel alternating)."""
        roads = {tuple(edge) for edge in view["roads"]}
        bridges = {tuple(edge) for edge in view["bridges"]}
        parcels = {(p["x"], p["y"]): p for p in view["parcels"]}
        doubled = {
            index: player["choice"].split(":")[1]
            for index, player in enumerate(view["players"])
            if (player.get("choice") or "").startswith("double:")
        }
        vertices: set[tuple[int, int]] = set()
        for kind, x, y in roads:
            if kind == "H":
                vertices.update({(x, y), (x + 1, y)})
            else:
                vertices.update({(x, y), (x, y + 1)})
        rows: list[list[dict[str, Any]]] = []
        header: list[dict[str, Any]] = [{"k": "label", "text": ""}]
        for i in range(17):
            header.append({"k": "label", "text": COLUMNS[i // 2] if i % 2 else ""})
        rows.append(header)
        for j in range(17):
            row: list[dict[str, Any]] = [{"k": "label", "text": str(j // 2 + 1) if j % 2 else ""}]
            for i in range(17):
                if i % 2 == 0 and j % 2 == 0:
                    row.append({"k": "corner", "road": (i // 2, j // 2) in vertices})
                elif j % 2 == 0:  # a horizontal edge: the top side of parcel (i//2, j//2)
                    row.append(self._edge(("H", i // 2, j // 2), roads, bridges, targets))
                elif i % 2 == 0:
                    row.append(self._edge(("V", i // 2, j // 2), roads, bridges, targets))
                else:
                    p = parcels[(i // 2, j // 2)]
                    row.append(self._parcel(p, targets, seats, doubled))
            rows.append(row)
        return rows

    def _edge(
        self,
        edge: tuple[str, int, int],
        roads: set[tuple[Any, ...]],
        bridges: set[tuple[Any, ...]],
        targets: _Targets,
    ) -> dict[str, Any]:
        target = targets.edges.get(edge)
        return {
            "k": "edge",
            "dir": edge[0].lower(),
            "road": edge in roads,
            "bridge": edge in bridges,
            "action": target,
            "title": self._("road") + ": " + self.edge(edge),
        }

    def _parcel(
        self,
        p: dict[str, Any],
        targets: _Targets,
        seats: list[Seat],
        doubled: dict[int, str],
    ) -> dict[str, Any]:
        _ = self._
        x, y = p["x"], p["y"]
        tile = p["tile"]
        owner = p["owner"]
        income = p.get("income")
        if income is not None and owner is not None and doubled.get(owner) == tile:
            income *= 2  # the yellow Grocer's choice (public)
        parts = [parcel_label(x, y)]
        if p["river"]:
            parts.append(_("river"))
        if tile:
            parts.append(self.tile(tile))
        if owner is not None:
            parts.append(_("owner: %(name)s") % {"name": seats[owner].name})
        elif not p["river"]:
            parts.append(_("price $%(price)s") % {"price": p["price"]})
        if income is not None:
            parts.append(_("income $%(income)s") % {"income": income})
        for cowboy in p["cowboys"]:
            parts.append(self._cowboy_title(cowboy, seats))
        target = targets.parcels.get((x, y))
        return {
            "k": "parcel",
            "x": x,
            "y": y,
            "label": parcel_label(x, y),
            "tile": tile,
            "letter": TILE_LETTERS.get(tile or "", ""),
            "owner": None if owner is None else seats[owner].colour,
            "river": p["river"],
            "price": None if owner is not None or p["river"] else p["price"],
            "income": income,
            "cowboys": [self._cowboy(c, seats) for c in p["cowboys"]],
            "action": None if target is None else target[0],
            "verb": "" if target is None else target[1],
            "title": " · ".join(parts),
        }

    def _cowboy(self, cowboy: Mapping[str, Any], seats: list[Seat]) -> dict[str, Any]:
        return {
            "colour": "white" if cowboy["white"] else seats[cowboy["seat"]].colour,
            "title": self._cowboy_title(cowboy, seats),
        }

    def _cowboy_title(self, cowboy: Mapping[str, Any], seats: list[Seat]) -> str:
        name = seats[cowboy["seat"]].name
        if cowboy["white"]:
            return self._("the white cowboy of %(name)s") % {"name": name}
        return self._("a cowboy of %(name)s") % {"name": name}

    # ------------------------------------------------------------------ the track

    def _track(
        self, view: dict[str, Any], targets: _Targets, seats: list[Seat], me: int | None
    ) -> list[list[dict[str, Any]]]:
        by_id = {space["id"]: space for space in view["spaces"]}
        rows = []
        for ids in TRACK_ROWS:
            row = []
            for space_id in ids:
                space = by_id[space_id]
                info = self.catalog.space(space_id)
                building = space.get("building")
                entry = {
                    "id": space_id,
                    "number": SPACE_IDS.index(space_id) + 1,
                    "name": self.space(space_id),
                    "cowboys": [self._cowboy(c, seats) for c in space["cowboys"]],
                    "blocked": space["blocked"],
                    "reminder": not info.takes_cowboys,
                    "no_duel": space_id in NO_DUEL_SPACES,
                    "building": None
                    if building is None
                    else {
                        "id": building,
                        "name": self.building(building),
                        "letter": TILE_LETTERS[building],
                    },
                    "has_building_space": space_id.startswith("build_"),
                    "action": targets.spaces.get(space_id),
                }
                row.append(entry)
            rows.append(row)
        return rows

    # ------------------------------------------------------------------ cards and players

    def _personalities(
        self, view: dict[str, Any], targets: _Targets, seats: list[Seat]
    ) -> list[dict[str, Any]]:
        taken = {
            player["personality"]: index
            for index, player in enumerate(view["players"])
            if player["personality"]
        }
        cards = []
        for card_id in PERSONALITY_IDS:
            info = self.catalog.personalities[card_id]
            side = view["sides"][card_id]
            holder = taken.get(card_id)
            cards.append(
                {
                    "id": card_id,
                    "number": info.number,
                    "name": self.personality(card_id),
                    "side": side,
                    "side_name": self.side(side),
                    "cash_limit": info.cash_limit[side],
                    "effect": self.effect(card_id, side),
                    "available": card_id in view["available"],
                    "taken_by": None if holder is None else seats[holder],
                    "action": targets.cards.get(card_id),
                }
            )
        return sorted(cards, key=lambda card: card["number"])

    def _players(
        self, view: dict[str, Any], seats: list[Seat], me: int | None
    ) -> list[dict[str, Any]]:
        _ = self._
        turn = view["turn_order"]
        passed = view["pass_order"]
        tiles_variant = "duel-tiles" in view["config"]["variants"]
        players = []
        for index, player in enumerate(view["players"]):
            card = player["personality"]
            notes = []
            if player["three_revolvers"]:
                notes.append(_("3-revolver tile"))
            if player["sharpshooter"]:
                notes.append(_("Sharpshooter"))
            if player.get("voted") and _kind(view) == "vote":
                notes.append(_("has voted"))
            if player.get("tile_chosen"):
                notes.append(_("has chosen a duel tile"))
            if player.get("deciding_purchases"):
                notes.append(_("still buying"))
            if player.get("choice"):
                notes.append(self._choice_note(player["choice"]))
            players.append(
                {
                    "seat": seats[index],
                    "is_me": index == me,
                    "to_act": index in view["seats_to_act"] and view["status"] == "playing",
                    "money": player["money"],
                    "vp": player["vp"],
                    "cowboys": player["cowboys"],
                    "white": player["white_cowboy"],
                    "revolvers": player["revolvers"],
                    "strength": player["strength"],
                    "roads": player["roads"],
                    "markers": player["markers"],
                    "stored": [self.building(b) for b in player["stored"]],
                    "tiles": player["tiles_in_hand"] if tiles_variant else None,
                    "my_tiles": player.get("tiles") if tiles_variant else None,
                    "announced": player.get("announced_tile_total"),
                    "personality": None if card is None else self.personality(card),
                    "side": player["side"],
                    "cash_limit": None
                    if card is None
                    else self.catalog.personalities[card].cash_limit[player["side"]],
                    "turn": turn.index(index) + 1 if index in turn else None,
                    "passed": passed.index(index) + 1 if index in passed else None,
                    "notes": notes,
                }
            )
        return players

    def _choice_note(self, choice: str) -> str:
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

    # ------------------------------------------------------------------ decisions

    def _decision(
        self,
        data: dict[str, Any],
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        seats: list[Seat],
        mode: str | None,
    ) -> _Targets:
        _ = self._
        kind = _kind(view)
        me = data["me"]
        player = view["players"][me]
        targets = _Targets()
        passes = [a for a in legal if a["kind"] == "pass"]
        decision = view["decision"]

        def choice(label: str, action: Mapping[str, Any], hint: str = "") -> Choice:
            return Choice(label, _key(action), hint)

        def on_parcels(kind_: str, verb: str) -> None:
            for action in legal:
                if action["kind"] == kind_:
                    x, y = action["parcel"]
                    targets.parcels[(x, y)] = (_key(action), verb)

        if kind == "vote":
            data["prompt"] = _("Vote in secret: tick the personalities you want on their red side.")
            data["forms"].append(
                {
                    "kind": "vote",
                    "action": _key({"kind": "vote", "red": []}),
                    "options": [(card, self.personality(card)) for card in PERSONALITY_IDS],
                    "submit": _("Cast my vote"),
                }
            )
        elif kind == "purchase":
            data["prompt"] = (
                _("A new beginning: buy in secret, one item at a time.")
                + " "
                + _("You have $%(money)s left.")
                % {"money": player["money"] - self._spent(player.get("purchases", []))}
            )
            bought = player.get("purchases", [])
            if bought:
                data["note"] = _("Bought so far: %(items)s") % {
                    "items": ", ".join(self.item(item) for item in bought)
                }
            for action in legal:
                if action["kind"] == "purchase":
                    item = action["item"]
                    data["choices"].append(choice(self.item(item), action, self._item_price(item)))
            data["choices"] += [choice(_("Done"), a) for a in passes]
        elif kind == "claim":
            data["prompt"] = _("Choose a starting parcel: click a marked parcel of the town.")
            on_parcels("claim", _("claim"))
        elif kind == "personality":
            data["prompt"] = _("Choose your personality for this round: click “Take” on a card.")
            for action in legal:
                targets.cards[action["id"]] = _key(action)
        elif kind == "settler":
            data["prompt"] = _("Settler: click a free parcel to claim it, or pass.")
            on_parcels("claim", _("claim"))
            data["choices"] += [choice(_("Pass"), a) for a in passes]
        elif kind == "menu":
            self._menu(data, view, legal, player, choice)
        elif kind == "place":
            self._place(data, view, legal, mode, targets, choice)
        elif kind == "order":
            about = decision.get("about")
            data["prompt"] = (
                _("You passed first: choose the parcel whose duel is fought next.")
                if about == "parcels"
                else _("You passed first: choose the building whose attack is resolved next.")
            )
            on_parcels("order", _("next"))
            data["choices"] += [
                choice(parcel_label(*a["parcel"]), a) for a in legal if a["kind"] == "order"
            ]
        elif kind == "tile":
            duel = view.get("duel") or {}
            where = self.where(duel["where"]) if duel.get("where") is not None else ""
            rivals = [seats[s].name for s in duel.get("seats", []) if s != me]
            data["prompt"] = _(
                "Duel at %(where)s against %(rivals)s: choose a duel tile, in secret."
            ) % {"where": where, "rivals": ", ".join(rivals)}
            data["note"] = _("Your strength: %(strength)s. Your tiles: %(tiles)s.") % {
                "strength": player["strength"],
                "tiles": " ".join(str(t) for t in player.get("tiles", [])),
            }
            data["tiles"] = [
                {"value": a["value"], "action": _key(a)} for a in legal if a["kind"] == "tile"
            ]
        elif kind == "buy_parcels":
            data["prompt"] = _("Buy the parcels your cowboys stand on? You have $%(money)s.") % {
                "money": player["money"]
            }
            on_parcels("buy_parcel", _("buy"))
            prices = {(p["x"], p["y"]): p["price"] for p in view["parcels"]}
            data["choices"] += [
                choice(
                    _("Buy %(parcel)s") % {"parcel": parcel_label(*a["parcel"])},
                    a,
                    f"${prices[tuple(a['parcel'])]}",
                )
                for a in legal
                if a["kind"] == "buy_parcel"
            ]
            data["choices"] += [choice(_("No more"), a) for a in passes]
        elif kind == "construct":
            self._construct(data, view, legal, seats, targets, choice)
        elif kind == "house":
            data["prompt"] = _(
                "Put the free house on an empty parcel with road access: click a marked parcel."
            )
            on_parcels("house", _("house"))
        elif kind == "grant":
            asker = seats[decision["asker"]].name
            data["prompt"] = (
                _("%(name)s asks you for a parcel for the house of a new building.")
                % {"name": asker}
                + " "
                + _("Click one of your marked parcels to grant it, or say you are done.")
            )
            granted = (view.get("construction") or {}).get("granted", [])
            if granted:
                data["note"] = _("Granted so far: %(parcels)s") % {
                    "parcels": ", ".join(parcel_label(*p) for p in granted)
                }
            on_parcels("grant", _("grant"))
            data["choices"] += [
                choice(_("Grant %(parcel)s") % {"parcel": parcel_label(*a["parcel"])}, a)
                for a in legal
                if a["kind"] == "grant"
            ]
            data["choices"] += [choice(_("Done"), a) for a in passes]
        elif kind == "stored":
            data["prompt"] = _("Step 12a: build one of your stored buildings now?")
            data["choices"] += [
                choice(_("Build the %(building)s") % {"building": self.building(a["building"])}, a)
                for a in legal
                if a["kind"] == "build_stored"
            ]
            data["choices"] += [choice(_("Not now"), a) for a in passes]
        elif kind == "count":
            price = decision["price"]
            most = max(a["value"] for a in legal if a["kind"] == "count")
            data["prompt"] = _("Buy VP at $%(price)s each: how many? (at most %(most)s)") % {
                "price": price,
                "most": most,
            }
            data["forms"].append(
                {
                    "kind": "count",
                    "action": _key({"kind": "count", "value": 0}),
                    "most": most,
                    "submit": _("Buy"),
                }
            )
            data["choices"] += [
                choice(_("None"), {"kind": "count", "value": 0}),
                choice(
                    _("%(count)s VP") % {"count": most},
                    {"kind": "count", "value": most},
                    f"${most * price}",
                ),
            ]
        elif kind == "roads":
            data["prompt"] = _(
                "The river: place any of your %(roads)s roads now (click a marked edge), or stop."
            ) % {"roads": player["roads"]}
            self._roads(data, legal, targets)
            data["choices"] += [choice(_("Stop"), a) for a in passes]
        else:  # pragma: no cover - every decision of the engine is listed above
            data["prompt"] = kind
            data["choices"] = [choice(_key(a), a) for a in legal]
        return targets

    def _spent(self, items: Iterable[str]) -> int:
        prices = self.catalog.new_beginning_prices
        sales = self.catalog.new_beginning_sales
        return sum(-sales[item] if item in sales else prices[item] for item in items)

    def _item_price(self, item: str) -> str:
        if item in self.catalog.new_beginning_sales:
            return f"+${self.catalog.new_beginning_sales[item]}"
        return f"${self.catalog.new_beginning_prices[item]}"

    def _roads(self, data: dict[str, Any], legal: list[dict[str, Any]], targets: _Targets) -> None:
        roads = [a for a in legal if a["kind"] == "road"]
        for action in roads:
            targets.edges[tuple(action["edge"])] = _key(action)
        if roads:
            data["lists"].append(
                {
                    "title": self._("Roads you may build (%(count)s)") % {"count": len(roads)},
                    "choices": [Choice(self.edge(a["edge"]), _key(a)) for a in roads],
                }
            )

    def _menu(
        self,
        data: dict[str, Any],
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        player: dict[str, Any],
        choice: Callable[..., Choice],
    ) -> None:
        _ = self._
        decision = view["decision"]
        about = decision.get("about")
        options = [a for a in legal if a["kind"] == "option"]
        passes = [a for a in legal if a["kind"] == "pass"]
        labels: dict[str, tuple[str, str]] = {}
        decline = _("No, thanks")
        if about == "build":
            price = decision["price"]
            data["prompt"] = _("You won the construction space: buy its building?")
            paid = (price + 1) // 2 if _half_price(player) else price
            labels["take"] = (_("Buy it"), f"${paid}")
        elif about == "grocer":
            data["prompt"] = _(
                "Grocer: $8 now, or choose at building income: double a building type or $8?"
            )
            labels["money_now"] = (_("$8 now"), "")
            labels["defer"] = (_("Choose later"), "")
        elif about == "grocer_income":
            data["prompt"] = _(
                "Grocer: double the income of one of your building types this round, or take $8."
            )
            labels["money"] = (_("$8"), "")
            for building in BUILDING_IDS:
                labels[f"double:{building}"] = (
                    _("Double: %(building)s") % {"building": self.building(building)},
                    "",
                )
        elif about == "red_choice":
            name = self.personality(player["personality"] or "settler")
            what = (
                _("1 VP per house on your parcels")
                if player["personality"] == "grocer"
                else _("1 VP per mountain on your parcels")
            )
            data["prompt"] = _("%(name)s: $8 now, or VP at the end of the round?") % {"name": name}
            labels["money"] = (_("$8 now"), "")
            labels["vp"] = (what, "")
        elif about == "captain":
            data["prompt"] = _("Captain: buy something from the general supply?")
            labels.update(
                {
                    "cowboys_1": (_("1 cowboy"), "$1"),
                    "cowboys_2": (_("2 cowboys"), "$4"),
                    "cowboys_3": (_("3 cowboys"), "$9"),
                    "revolvers_1": (_("1 revolver"), "$3"),
                    "revolvers_2": (_("2 revolvers"), "$9"),
                }
            )
        elif about == "worker":
            data["prompt"] = _("Worker: buy one building of the track for $5 now?")
            for option in options:
                price = int(option["option"].split(":")[1])
                space = next(s for s in view["spaces"] if s["id"] == f"build_{price}")
                building = self.building(space["building"])
                labels[option["option"]] = (
                    _("%(building)s (space $%(price)s)") % {"building": building, "price": price},
                    "$5",
                )
        elif about == "banker":
            data["prompt"] = _("Banker: buy VP at the end of the round?")
            labels.update(
                {
                    "vp_3": (_("%(count)s VP") % {"count": 3}, "$3"),
                    "vp_5": (_("%(count)s VP") % {"count": 5}, "$12"),
                    "vp_7": (_("%(count)s VP") % {"count": 7}, "$25"),
                }
            )
        elif about == "cash":
            excess = decision["excess"]
            limit = player["money"] - excess
            tens = -(-excess // 10)
            data["prompt"] = (
                _("Cash limit: you have $%(excess)s above your limit of $%(limit)s.")
                % {"excess": excess, "limit": limit}
                + " "
                + _("The excess goes to the bank for 1 VP per full $10; or round it up to $10.")
            )
            labels["round_up"] = (
                _("Pay $%(paid)s for %(vp)s VP") % {"paid": 10 * tens, "vp": tens},
                "",
            )
            decline = _("Pay $%(paid)s for %(vp)s VP") % {"paid": excess, "vp": excess // 10}
        else:  # pragma: no cover - every menu of the engine is listed above
            data["prompt"] = str(about)
        for option in options:
            label, hint = labels.get(option["option"], (option["option"], ""))
            data["choices"].append(choice(label, option, hint))
        data["choices"] += [choice(decline, a) for a in passes]

    def _place(
        self,
        data: dict[str, Any],
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        mode: str | None,
        targets: _Targets,
        choice: Callable[..., Choice],
    ) -> None:
        _ = self._
        me = data["me"]
        player = view["players"][me]
        cowboy = [a for a in legal if a["kind"] == "cowboy"]
        white = [a for a in legal if a["kind"] == "white"]
        use_white = bool(white) and (mode == "white" or not cowboy)
        chosen = white if use_white else cowboy
        if cowboy and white:
            data["modes"] = [
                {"mode": "cowboy", "label": _("a cowboy"), "current": not use_white},
                {"mode": "white", "label": _("the white cowboy"), "current": use_white},
            ]
        for action in chosen:
            if "space" in action:
                targets.spaces[action["space"]] = _key(action)
            else:
                x, y = action["parcel"]
                verb = _("white cowboy") if use_white else _("cowboy")
                targets.parcels[(x, y)] = (_key(action), verb)
        data["prompt"] = (
            _("Place the white cowboy: click a marked space or parcel, or pass.")
            if use_white
            else _("Place a cowboy: click a marked space of the track or parcel, or pass.")
        )
        cost = self._placed_cost(view, me)
        data["note"] = _(
            "Your cowboys stand on buildings and parcels worth $%(cost)s; you have $%(money)s."
        ) % {"cost": cost, "money": player["money"]}
        data["placed_cost"] = cost
        data["choices"] += [choice(_("Pass"), a) for a in legal if a["kind"] == "pass"]

    def _placed_cost(self, view: dict[str, Any], me: int) -> int:
        """BG-9.5: what the buildings and parcels one's cowboys stand on would cost."""
        player = view["players"][me]
        total = 0
        for space in view["spaces"]:
            if any(c["seat"] == me for c in space["cowboys"]) and space.get("building"):
                price = int(space["id"].split("_")[1])
                total += (price + 1) // 2 if _half_price(player) else price
        for p in view["parcels"]:
            if p["owner"] is None and any(c["seat"] == me for c in p["cowboys"]):
                total += p["price"]
        return int(total)

    def _construct(
        self,
        data: dict[str, Any],
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        seats: list[Seat],
        targets: _Targets,
        choice: Callable[..., Choice],
    ) -> None:
        _ = self._
        build = view["construction"]
        building = self.building(build["building"])
        builds = [a for a in legal if a["kind"] == "build"]
        needs_road = self.catalog.buildings[build["building"]].needs_road
        if needs_road:
            data["prompt"] = (
                _("Build the %(building)s: click one of your marked parcels, or store it.")
                % {"building": building}
                + " "
                + _("Its free house comes next. Before, you may build roads (marked edges).")
                + " "
                + _("Other owners may grant you a parcel for the house: ask them.")
            )
        else:
            data["prompt"] = _(
                "Build the %(building)s: click one of your marked parcels, or store it."
            ) % {"building": building}
        if not builds:
            data["note"] = _("No parcel of yours can take it now.")
        for action in builds:
            x, y = action["parcel"]
            targets.parcels[(x, y)] = (_key(action), _("build"))
        data["choices"] += [
            choice(_("Build on %(parcel)s") % {"parcel": parcel_label(*a["parcel"])}, a)
            for a in builds
        ]
        data["choices"] += [
            choice(_("Ask %(name)s for a parcel") % {"name": seats[a["seat"]].name}, a)
            for a in legal
            if a["kind"] == "ask"
        ]
        self._roads(data, legal, targets)
        data["choices"] += [choice(_("Store it"), a) for a in legal if a["kind"] == "store"]

    # ------------------------------------------------------------------ events

    def _events(
        self, events: Sequence[tuple[int, Event]], seats: list[Seat], last: int = 16
    ) -> list[dict[str, Any]]:
        shown = []
        for number, event in reversed(events):
            text = self.describe(event, seats)
            if text:
                shown.append({"move": number, "text": text, "kind": event.kind})
            if len(shown) >= last:
                break
        return shown

    def describe(self, event: Event, seats: list[Seat]) -> str:
        """One public event as a sentence ("" for those the page does not tell)."""
        _ = self._
        d = event.data

        def who(key: str = "seat") -> str:
            return seats[int(d[key])].name

        kind = event.kind
        if kind == "round":
            return _("Round %(round)s begins.") % {"round": d["number"]}
        if kind == "personality":
            return _("%(who)s takes the %(card)s (%(side)s).") % {
                "who": who(),
                "card": self.personality(d["id"]),
                "side": self.side(d["side"]),
            }
        if kind == "turn_order":
            return _("Turn order: %(order)s.") % {
                "order": ", ".join(seats[s].name for s in d["order"])
            }
        if kind == "cowboy":
            text = (
                _("%(who)s puts the white cowboy on %(where)s.")
                if d["white"]
                else _("%(who)s puts a cowboy on %(where)s.")
            )
            return text % {"who": who(), "where": self.where(d["target"])}
        if kind == "pass":
            return _("%(who)s passes (pass order: %(position)s).") % {
                "who": who(),
                "position": d["position"],
            }
        if kind == "paid":
            names = [seats[s].name for s in d["cowboys"]]
            return _("%(where)s: %(who)s.") % {
                "where": self.space(d["space"]),
                "who": ", ".join(names),
            }
        if kind == "ammunition":
            return _("%(who)s takes the 3-revolver tile.") % {"who": who()}
        if kind == "roads":
            return _("%(who)s gains %(count)s roads.") % {"who": who(), "count": d["gained"]}
        if kind == "dice":
            return _("%(who)s rolls %(first)s and %(second)s.") % {
                "who": who(),
                "first": d["dice"][0],
                "second": d["dice"][1],
            }
        if kind == "income":
            return _("%(who)s earns $%(amount)s (%(why)s).") % {
                "who": who(),
                "amount": d["amount"],
                "why": self._why(d["why"]),
            }
        if kind == "vp":
            return _("%(who)s scores %(amount)s VP (%(why)s).") % {
                "who": who(),
                "amount": d["amount"],
                "why": self._why(d["why"]),
            }
        if kind == "duel":
            parts = [
                f"{seats[int(s)].name} {draw}+{d['values'][s] - draw}={d['values'][s]}"
                for s, draw in d["draws"].items()
            ]
            return _("Duel (%(where)s): %(values)s; %(who)s wins.") % {
                "where": self.where(d["where"]),
                "values": ", ".join(parts),
                "who": who("winner"),
            }
        if kind == "bought":
            return _("%(who)s buys the %(building)s for $%(price)s.") % {
                "who": who(),
                "building": self.building(d["building"]),
                "price": d["price"],
            }
        if kind == "built":
            return _("%(who)s builds the %(building)s on %(parcel)s.") % {
                "who": who(),
                "building": self.building(d["building"]),
                "parcel": parcel_label(*d["parcel"]),
            }
        if kind == "stored":
            return _("%(who)s stores the %(building)s.") % {
                "who": who(),
                "building": self.building(d["building"]),
            }
        if kind == "road":
            return _("%(who)s builds a road (%(edge)s).") % {
                "who": who(),
                "edge": self.edge(d["edge"]),
            }
        if kind == "ask":
            return _("%(who)s asks %(owner)s for a parcel for a house.") % {
                "who": who(),
                "owner": who("owner"),
            }
        if kind == "grant":
            return _("%(who)s grants %(parcel)s.") % {
                "who": who(),
                "parcel": parcel_label(*d["parcel"]),
            }
        if kind == "house":
            return _("%(who)s puts a house on %(parcel)s.") % {
                "who": who(),
                "parcel": parcel_label(*d["parcel"]),
            }
        if kind == "parcel":
            values = {"who": who(), "parcel": parcel_label(*d["parcel"]), "price": d["price"]}
            if d["price"]:
                return _("%(who)s buys %(parcel)s for $%(price)s.") % values
            return _("%(who)s claims %(parcel)s.") % values
        if kind == "building_income":
            return _("The buildings pay their incomes.")
        if kind == "attack":
            values = {"parcel": parcel_label(*d["parcel"])}
            if d["result"] == "church":
                return _("The attack on %(parcel)s fails: a church protects it.") % values
            values |= {"who": who("winner"), "income": d["income"], "share": d["income"] // 2}
            if d["result"] == "defended":
                return _("%(who)s defends %(parcel)s and earns $%(income)s.") % values
            return _("%(who)s robs %(parcel)s: $%(share)s of its $%(income)s.") % values
        if kind == "new_cowboys":
            return _("Everybody gets up to %(count)s new cowboys.") % {"count": d["count"]}
        if kind == "cash_limit":
            return _("%(who)s pays $%(paid)s above the cash limit for %(vp)s VP.") % {
                "who": who(),
                "paid": d["paid"],
                "vp": d["vp"],
            }
        if kind == "final":
            return _(
                "%(who)s: %(parcels)s VP for parcels, %(money)s VP for money, %(total)s VP in all."
            ) % {"who": who(), "parcels": d["parcels"], "money": d["money"], "total": d["total"]}
        if kind == "votes":
            red = [self.personality(card) for card, side in d["sides"].items() if side == "red"]
            return _("The votes are in; red sides: %(cards)s.") % {
                "cards": ", ".join(red) or _("none")
            }
        if kind == "purchases":
            items = ", ".join(self.item(item) for item in d["items"]) or _("nothing")
            return _("%(who)s bought: %(items)s.") % {"who": who(), "items": items}
        return ""

    def _why(self, why: str) -> str:
        _ = self._
        if why in SPACE_IDS:
            return self.space(why)
        names = {
            "bought": _("bought"),
            "settler": self.personality("settler"),
            "grocer": self.personality("grocer"),
        }
        return names.get(why, why)

    # ------------------------------------------------------------------ the end

    def _result(
        self,
        view: dict[str, Any],
        events: Sequence[tuple[int, Event]],
        seats: list[Seat],
        me: int | None,
    ) -> dict[str, Any]:
        """The score sheet: VP by source, from the public events (BG-8.2); what no event
        names (the red Banker's and Sheriff's VP, new-beginning purchases) is "other"."""
        _ = self._
        result = view.get("result") or {"scores": [], "winners": []}
        sources = ("actions", "bought", "cash", "parcels", "money", "other")
        sheet = {source: [0] * len(seats) for source in sources}
        for _number, event in events:
            d = event.data
            if event.kind == "vp":
                source = "bought" if d["why"] == "bought" else "actions"
                if d["why"] in ("settler", "grocer"):
                    source = "other"
                sheet[source][d["seat"]] += d["amount"]
            elif event.kind == "cash_limit":
                sheet["cash"][d["seat"]] += d["vp"]
            elif event.kind == "final":
                sheet["parcels"][d["seat"]] += d["parcels"]
                sheet["money"][d["seat"]] += d["money"]
        totals = [player["vp"] for player in view["players"]]
        for seat in range(len(seats)):
            known = sum(sheet[source][seat] for source in sources)
            sheet["other"][seat] += totals[seat] - known
        labels = {
            "actions": _("Action spaces"),
            "bought": _("VP bought"),
            "cash": _("Cash limit"),
            "parcels": _("Parcels with a tile"),
            "money": _("Money ($6 = 1 VP)"),
            "other": _("Personalities and other"),
        }
        rows = [
            {"label": labels[source], "values": sheet[source]}
            for source in sources
            if any(sheet[source])
        ]
        winners = result["winners"]
        return {
            "names": [seat.name for seat in seats],
            "colours": [seat.colour for seat in seats],
            "rows": rows,
            "totals": result["scores"] or totals,
            "winners": [seats[s].name for s in winners],
            "i_won": me in winners,
        }


@dataclass
class _Targets:
    """The clickable things of the page for the legal actions, as action JSON."""

    parcels: dict[tuple[int, int], tuple[str, str]]
    edges: dict[tuple[Any, ...], str]
    spaces: dict[str, str]
    cards: dict[str, str]

    def __init__(self) -> None:
        self.parcels, self.edges, self.spaces, self.cards = {}, {}, {}, {}


def _kind(view: dict[str, Any]) -> str | None:
    decision = view.get("decision")
    return None if not decision else str(decision["kind"])


def _half_price(player: Mapping[str, Any]) -> bool:
    """BG-5.6: the yellow Worker pays half, rounded up."""
    return bool(player.get("personality") == "worker" and player.get("side") == "yellow")
