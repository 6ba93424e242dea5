"""The public events of a board game as sentences for the page's move log: one small
function per event kind, found through :data:`SENTENCES`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from carson.core.game import Event
from carson.games.board.web.present.common import Seat, parcel_label
from carson.games.board.web.present.names import Names


@dataclass(frozen=True)
class Told:
    """One event to tell: its data, the names and the seats; ``tiles``: the game's duels
    are fought with duel tiles, not dice (BG-10.2)."""

    names: Names
    d: Mapping[str, Any]
    seats: list[Seat]
    tiles: bool = False

    def who(self, key: str = "seat") -> str:
        return self.seats[int(self.d[key])].name

    def _(self, message: str) -> str:
        return self.names._(message)


def describe(names: Names, event: Event, seats: list[Seat], tiles: bool = False) -> str:
    """One public event as a sentence ("" for those the page does not tell); ``tiles``: the
    game has the duel tiles variant."""
    sentence = SENTENCES.get(event.kind)
    return "" if sentence is None else sentence(Told(names, event.data, seats, tiles))


def _round(t: Told) -> str:
    return t._("Round %(round)s begins.") % {"round": t.d["number"]}


def _personality(t: Told) -> str:
    card, side = t.names.personality(t.d["id"]), t.names.side(t.d["side"])
    return t._("%(who)s takes the %(card)s (%(side)s).") % {
        "who": t.who(),
        "card": card,
        "side": side,
    }


def _turn_order(t: Told) -> str:
    order = ", ".join(t.seats[s].name for s in t.d["order"])
    return t._("Turn order: %(order)s.") % {"order": order}


def _cowboy(t: Told) -> str:
    text = (
        t._("%(who)s puts the white cowboy on %(where)s.")
        if t.d["white"]
        else t._("%(who)s puts a cowboy on %(where)s.")
    )
    return text % {"who": t.who(), "where": t.names.where(t.d["target"])}


def _pass(t: Told) -> str:
    values = {"who": t.who(), "position": t.d["position"]}
    return t._("%(who)s passes (pass order: %(position)s).") % values


def _paid(t: Told) -> str:
    who = ", ".join(t.seats[s].name for s in t.d["cowboys"])
    return t._("%(where)s: %(who)s.") % {"where": t.names.space(t.d["space"]), "who": who}


def _ammunition(t: Told) -> str:
    return t._("%(who)s takes the 3-revolver tile.") % {"who": t.who()}


def _roads(t: Told) -> str:
    return t._("%(who)s gains %(count)s roads.") % {"who": t.who(), "count": t.d["gained"]}


def _dice(t: Told) -> str:
    first, second = t.d["dice"][0], t.d["dice"][1]
    values = {"who": t.who(), "first": first, "second": second}
    return t._("%(who)s rolls %(first)s and %(second)s.") % values


def _income(t: Told) -> str:
    values = {"who": t.who(), "amount": t.d["amount"], "why": t.names.why(t.d["why"])}
    return t._("%(who)s earns $%(amount)s (%(why)s).") % values


def _vp(t: Told) -> str:
    values = {"who": t.who(), "amount": t.d["amount"], "why": t.names.why(t.d["why"])}
    return t._("%(who)s scores %(amount)s VP (%(why)s).") % values


def _duel(t: Told) -> str:
    """BG-4.3.4, BG-10.2: each rival's die (or tile) and strength, and who wins."""
    each = (
        t._("%(who)s (tile %(draw)s + strength %(strength)s = %(value)s)")
        if t.tiles
        else t._("%(who)s (die %(draw)s + strength %(strength)s = %(value)s)")
    )
    values = t.d["values"]
    parts = [
        each
        % {
            "who": t.seats[int(s)].name,
            "draw": draw,
            "strength": values[s] - draw,
            "value": values[s],
        }
        for s, draw in t.d["draws"].items()
    ]
    return t._("Duel (%(where)s): %(values)s; %(who)s wins.") % {
        "where": t.names.where(t.d["where"]),
        "values": ", ".join(parts),
        "who": t.who("winner"),
    }


def _bought(t: Told) -> str:
    building = t.names.building(t.d["building"])
    values = {"who": t.who(), "building": building, "price": t.d["price"]}
    return t._("%(who)s buys the %(building)s for $%(price)s.") % values


def _built(t: Told) -> str:
    building = t.names.building(t.d["building"])
    values = {"who": t.who(), "building": building, "parcel": parcel_label(*t.d["parcel"])}
    return t._("%(who)s builds the %(building)s on %(parcel)s.") % values


def _stored(t: Told) -> str:
    values = {"who": t.who(), "building": t.names.building(t.d["building"])}
    return t._("%(who)s stores the %(building)s.") % values


def _road(t: Told) -> str:
    values = {"who": t.who(), "edge": t.names.edge(t.d["edge"])}
    return t._("%(who)s builds a road (%(edge)s).") % values


def _roads_back(t: Told) -> str:
    edges = ", ".join(t.names.edge(edge) for edge in t.d["edges"])
    values = {"who": t.who(), "edges": edges}
    return t._("%(who)s takes the roads back (%(edges)s): no roads without a building.") % values


def _ask(t: Told) -> str:
    values = {"who": t.who(), "owner": t.who("owner")}
    return t._("%(who)s asks %(owner)s for a parcel for a house.") % values


def _grant(t: Told) -> str:
    values = {"who": t.who(), "parcel": parcel_label(*t.d["parcel"])}
    return t._("%(who)s grants %(parcel)s.") % values


def _house(t: Told) -> str:
    values = {"who": t.who(), "parcel": parcel_label(*t.d["parcel"])}
    return t._("%(who)s puts a house on %(parcel)s.") % values


def _parcel(t: Told) -> str:
    values = {"who": t.who(), "parcel": parcel_label(*t.d["parcel"]), "price": t.d["price"]}
    if t.d["price"]:
        return t._("%(who)s buys %(parcel)s for $%(price)s.") % values
    return t._("%(who)s claims %(parcel)s.") % values


def _building_income(t: Told) -> str:
    """Each owner's buildings with what each pays (x2: the Grocer's double), owner by owner."""
    by_owner: dict[int, list[str]] = {}
    for paid in t.d.get("incomes", ()):
        building = t.names.building(paid["building"])
        double = " ×2" if paid["doubled"] else ""
        item = f"{building} {parcel_label(*paid['parcel'])} ${paid['amount']}{double}"
        by_owner.setdefault(int(paid["seat"]), []).append(item)
    if not by_owner:
        return t._("The buildings pay their incomes.")
    owners = "; ".join(
        f"{t.seats[seat].name}: {', '.join(items)}" for seat, items in sorted(by_owner.items())
    )
    return t._("The buildings pay their incomes: %(incomes)s.") % {"incomes": owners}


def _attack(t: Told) -> str:
    values = {"parcel": parcel_label(*t.d["parcel"])}
    if t.d["result"] == "church":
        return t._("The attack on %(parcel)s fails: a church protects it.") % values
    income = t.d["income"]
    values |= {"who": t.who("winner"), "income": income, "share": income // 2}
    if t.d["result"] == "defended":
        return t._("%(who)s defends %(parcel)s and earns $%(income)s.") % values
    return t._("%(who)s robs %(parcel)s: $%(share)s of its $%(income)s.") % values


def _new_cowboys(t: Told) -> str:
    return t._("Everybody gets up to %(count)s new cowboys.") % {"count": t.d["count"]}


def _cash_limit(t: Told) -> str:
    values = {"who": t.who(), "paid": t.d["paid"], "vp": t.d["vp"]}
    return t._("%(who)s pays $%(paid)s above the cash limit for %(vp)s VP.") % values


def _final(t: Told) -> str:
    d = t.d
    values = {"who": t.who(), "parcels": d["parcels"], "money": d["money"], "total": d["total"]}
    return (
        t._("%(who)s: %(parcels)s VP for parcels, %(money)s VP for money, %(total)s VP in all.")
        % values
    )


def _votes(t: Told) -> str:
    red = [t.names.personality(card) for card, side in t.d["sides"].items() if side == "red"]
    return t._("The votes are in; red sides: %(cards)s.") % {"cards": ", ".join(red) or t._("none")}


def _purchases(t: Told) -> str:
    items = ", ".join(t.names.item(item) for item in t.d["items"]) or t._("nothing")
    return t._("%(who)s bought: %(items)s.") % {"who": t.who(), "items": items}


#: The sentence of each event kind the page tells (the others are left out).
SENTENCES: dict[str, Callable[[Told], str]] = {
    "round": _round,
    "personality": _personality,
    "turn_order": _turn_order,
    "cowboy": _cowboy,
    "pass": _pass,
    "paid": _paid,
    "ammunition": _ammunition,
    "roads": _roads,
    "dice": _dice,
    "income": _income,
    "vp": _vp,
    "duel": _duel,
    "bought": _bought,
    "built": _built,
    "stored": _stored,
    "road": _road,
    "roads_back": _roads_back,
    "ask": _ask,
    "grant": _grant,
    "house": _house,
    "parcel": _parcel,
    "building_income": _building_income,
    "attack": _attack,
    "new_cowboys": _new_cowboys,
    "cash_limit": _cash_limit,
    "final": _final,
    "votes": _votes,
    "purchases": _purchases,
}
