"""What the seat is asked now, on the board-game page: the prompt, the buttons and forms, and
the parcels, edges, spaces and cards to click. One small function per decision kind, found
through :data:`DECISIONS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from carson.core.game import JSON
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.web.present.common import (
    Seat,
    Targets,
    decision_kind,
    key,
    parcel_label,
)
from carson.games.board.web.present.menus import menu
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.placing import construct, item_price, place, roads, spent
from carson.web.kernel.choices import Choice


@dataclass
class Ask:
    """One decision being laid out for the seat ``me``."""

    names: Names
    data: JSON
    view: JSON
    legal: list[JSON]
    seats: list[Seat]
    mode: str | None
    targets: Targets = field(default_factory=Targets)

    @property
    def me(self) -> int:
        return int(self.data["me"])

    @property
    def player(self) -> JSON:
        player: JSON = self.view["players"][self.me]
        return player

    @property
    def decision(self) -> JSON:
        decision: JSON = self.view["decision"]
        return decision

    @property
    def passes(self) -> list[JSON]:
        return [a for a in self.legal if a["kind"] == "pass"]

    def of(self, kind: str) -> list[JSON]:
        return [a for a in self.legal if a["kind"] == kind]

    def _(self, message: str) -> str:
        return self.names._(message)

    def choice(self, label: str, action: Mapping[str, Any], hint: str = "") -> Choice:
        return Choice(label, key(action), hint)

    def on_parcels(self, kind: str, verb: str) -> None:
        """The parcels of the ``kind`` actions become clickable, saying ``verb``."""
        for action in self.of(kind):
            x, y = action["parcel"]
            self.targets.parcels[(x, y)] = (key(action), verb)


def decide(
    names: Names,
    data: JSON,
    view: JSON,
    legal: list[JSON],
    seats: list[Seat],
    mode: str | None,
) -> Targets:
    """Lays out the seat's decision in ``data``; what it may click on the board."""
    ask = Ask(names, data, view, legal, seats, mode)
    kind = decision_kind(view)
    handler = DECISIONS.get(kind or "")
    if handler is None:  # pragma: no cover - every decision of the engine is listed below
        data["prompt"] = kind
        data["choices"] = [ask.choice(key(a), a) for a in legal]
    else:
        handler(ask)
    return ask.targets


def _vote(ask: Ask) -> None:
    ask.data["prompt"] = ask._("Vote in secret: tick the personalities you want on their red side.")
    ask.data["forms"].append(
        {
            "kind": "vote",
            "action": key({"kind": "vote", "red": []}),
            "options": [(card, ask.names.personality(card)) for card in PERSONALITY_IDS],
            "submit": ask._("Cast my vote"),
        }
    )


def _purchase(ask: Ask) -> None:
    _, names, data = ask._, ask.names, ask.data
    bought = ask.player.get("purchases", [])
    left = ask.player["money"] - spent(names, bought)
    data["prompt"] = (
        _("A new beginning: buy in secret, one item at a time.")
        + " "
        + _("You have $%(money)s left.") % {"money": left}
    )
    if bought:
        items = ", ".join(names.item(item) for item in bought)
        data["note"] = _("Bought so far: %(items)s") % {"items": items}
    for action in ask.of("purchase"):
        item = action["item"]
        data["choices"].append(ask.choice(names.item(item), action, item_price(names, item)))
    data["choices"] += [ask.choice(_("Done"), a) for a in ask.passes]


def _claim(ask: Ask) -> None:
    ask.data["prompt"] = ask._("Choose a starting parcel: click a marked parcel of the town.")
    ask.on_parcels("claim", ask._("claim"))


def _personality(ask: Ask) -> None:
    ask.data["prompt"] = ask._("Choose your personality for this round: click “Take” on a card.")
    for action in ask.legal:
        ask.targets.cards[action["id"]] = key(action)


def _settler(ask: Ask) -> None:
    ask.data["prompt"] = ask._("Settler: click a free parcel to claim it, or pass.")
    ask.on_parcels("claim", ask._("claim"))
    ask.data["choices"] += [ask.choice(ask._("Pass"), a) for a in ask.passes]


def _menu(ask: Ask) -> None:
    menu(ask.names, ask.data, ask.view, ask.legal, ask.player, ask.choice)


def _place(ask: Ask) -> None:
    place(ask.names, ask.data, ask.view, ask.legal, ask.mode, ask.targets, ask.choice)


def _order(ask: Ask) -> None:
    _ = ask._
    ask.data["prompt"] = (
        _("You passed first: choose the parcel whose duel is fought next.")
        if ask.decision.get("about") == "parcels"
        else _("You passed first: choose the building whose attack is resolved next.")
    )
    ask.on_parcels("order", _("next"))
    ask.data["choices"] += [ask.choice(parcel_label(*a["parcel"]), a) for a in ask.of("order")]


def _tile(ask: Ask) -> None:
    _, data = ask._, ask.data
    duel = ask.view.get("duel") or {}
    where = ask.names.where(duel["where"]) if duel.get("where") is not None else ""
    rivals = [ask.seats[s].name for s in duel.get("seats", []) if s != ask.me]
    data["prompt"] = _("Duel at %(where)s against %(rivals)s: choose a duel tile, in secret.") % {
        "where": where,
        "rivals": ", ".join(rivals),
    }
    data["note"] = _("Your strength: %(strength)s. Your tiles: %(tiles)s.") % {
        "strength": ask.player["strength"],
        "tiles": " ".join(str(t) for t in ask.player.get("tiles", [])),
    }
    data["tiles"] = [{"value": a["value"], "action": key(a)} for a in ask.of("tile")]


def _buy_parcels(ask: Ask) -> None:
    _ = ask._
    ask.data["prompt"] = _("Buy the parcels your cowboys stand on? You have $%(money)s.") % {
        "money": ask.player["money"]
    }
    ask.on_parcels("buy_parcel", _("buy"))
    prices = {(p["x"], p["y"]): p["price"] for p in ask.view["parcels"]}
    ask.data["choices"] += [
        ask.choice(
            _("Buy %(parcel)s") % {"parcel": parcel_label(*a["parcel"])},
            a,
            f"${prices[tuple(a['parcel'])]}",
        )
        for a in ask.of("buy_parcel")
    ]
    ask.data["choices"] += [ask.choice(_("No more"), a) for a in ask.passes]


def _construct(ask: Ask) -> None:
    construct(ask.names, ask.data, ask.view, ask.legal, ask.seats, ask.targets, ask.choice)


def _house(ask: Ask) -> None:
    ask.data["prompt"] = ask._(
        "Put the free house on an empty parcel with road access: click a marked parcel."
    )
    ask.on_parcels("house", ask._("house"))


def _grant(ask: Ask) -> None:
    _, data = ask._, ask.data
    asker = ask.seats[ask.decision["asker"]].name
    data["prompt"] = (
        _("%(name)s asks you for a parcel for the house of a new building.") % {"name": asker}
        + " "
        + _("Click one of your marked parcels to grant it, or say you are done.")
    )
    granted = (ask.view.get("construction") or {}).get("granted", [])
    if granted:
        data["note"] = _("Granted so far: %(parcels)s") % {
            "parcels": ", ".join(parcel_label(*p) for p in granted)
        }
    ask.on_parcels("grant", _("grant"))
    _grant_choices(ask)
    data["choices"] += [ask.choice(_("Done"), a) for a in ask.passes]


def _grant_choices(ask: Ask) -> None:
    """A button per parcel, the parcels with road access (a house needs it) marked on the
    board, on their buttons and in a note, and "Grant all" (issue 19)."""
    _, data = ask._, ask.data
    access = [tuple(p) for p in ask.decision.get("access", [])]
    if access:
        line = _("With road access now: %(parcels)s") % {
            "parcels": ", ".join(parcel_label(*p) for p in access)
        }
        data["note"] = f"{data['note']} · {line}" if data.get("note") else line
    for where, (action_key, verb) in ask.targets.parcels.items():
        if where in access:
            ask.targets.parcels[where] = (action_key, f"{verb} ({_('road access')})")
    for a in ask.of("grant"):
        label = _("Grant %(parcel)s") % {"parcel": parcel_label(*a["parcel"])}
        hint = _("road access") if tuple(a["parcel"]) in access else ""
        data["choices"].append(ask.choice(label, a, hint))
    data["choices"] += [ask.choice(_("Grant all"), a) for a in ask.of("grant_all")]


def _stored(ask: Ask) -> None:
    _ = ask._
    ask.data["prompt"] = _("Step 12a: build one of your stored buildings now?")
    ask.data["choices"] += [
        ask.choice(_("Build the %(building)s") % {"building": ask.names.building(a["building"])}, a)
        for a in ask.of("build_stored")
    ]
    ask.data["choices"] += [ask.choice(_("Not now"), a) for a in ask.passes]


def _count(ask: Ask) -> None:
    _, data = ask._, ask.data
    price = ask.decision["price"]
    most = max(a["value"] for a in ask.of("count"))
    data["prompt"] = _("Buy VP at $%(price)s each: how many? (at most %(most)s)") % {
        "price": price,
        "most": most,
    }
    data["forms"].append(
        {
            "kind": "count",
            "action": key({"kind": "count", "value": 0}),
            "most": most,
            "submit": _("Buy"),
        }
    )
    data["choices"] += [
        ask.choice(_("None"), {"kind": "count", "value": 0}),
        ask.choice(
            _("%(count)s VP") % {"count": most},
            {"kind": "count", "value": most},
            f"${most * price}",
        ),
    ]


def _roads(ask: Ask) -> None:
    ask.data["prompt"] = ask._(
        "The river: place any of your %(roads)s roads now (click a marked edge), or stop."
    ) % {"roads": ask.player["roads"]}
    roads(ask.names, ask.data, ask.legal, ask.targets)
    ask.data["choices"] += [ask.choice(ask._("Stop"), a) for a in ask.passes]


#: The layout of each decision kind of the engine.
DECISIONS: dict[str, Callable[[Ask], None]] = {
    "vote": _vote,
    "purchase": _purchase,
    "claim": _claim,
    "personality": _personality,
    "settler": _settler,
    "menu": _menu,
    "place": _place,
    "order": _order,
    "tile": _tile,
    "buy_parcels": _buy_parcels,
    "construct": _construct,
    "house": _house,
    "grant": _grant,
    "stored": _stored,
    "count": _count,
    "roads": _roads,
}
