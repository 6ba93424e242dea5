"""The board game's menus (a choice among named options: buy the won building, the Grocer's,
the Captain's, the Worker's and the Banker's offers, the cash limit): one small function per
menu, found through :data:`MENUS`, that writes the prompt and the options' labels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from carson.core.game import JSON
from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.web.present.names import Names
from carson.web.kernel.choices import Choice


@dataclass
class Menu:
    """One menu being laid out: its labels by option (label, hint) and the label of
    declining (the pass action)."""

    names: Names
    data: JSON
    view: JSON
    player: JSON
    options: list[JSON]
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    decline: str = ""

    @property
    def decision(self) -> JSON:
        decision: JSON = self.view["decision"]
        return decision

    def _(self, message: str) -> str:
        return self.names._(message)


def menu(
    names: Names,
    data: JSON,
    view: JSON,
    legal: list[JSON],
    player: JSON,
    choice: Callable[..., Choice],
) -> None:
    """The prompt and the buttons of the menu the seat faces."""
    _ = names._
    about = view["decision"].get("about")
    options = [a for a in legal if a["kind"] == "option"]
    passes = [a for a in legal if a["kind"] == "pass"]
    laid = Menu(names, data, view, player, options, decline=_("No, thanks"))
    handler = MENUS.get(str(about))
    if handler is None:  # pragma: no cover - every menu of the engine is listed below
        data["prompt"] = str(about)
    else:
        handler(laid)
    for option in options:
        label, hint = laid.labels.get(option["option"], (option["option"], ""))
        data["choices"].append(choice(label, option, hint))
    data["choices"] += [choice(laid.decline, a) for a in passes]


def _build(m: Menu) -> None:
    price = m.decision["price"]
    m.data["prompt"] = m._("You won the construction space: buy its building?")
    paid = m.player["building_prices"][f"build_{price}"]
    m.labels["take"] = (m._("Buy it"), f"${paid}")


def _grocer(m: Menu) -> None:
    m.data["prompt"] = m._(
        "Grocer: $8 now, or choose at building income: double a building type or $8?"
    )
    m.labels["money_now"] = (m._("$8 now"), "")
    m.labels["defer"] = (m._("Choose later"), "")


def _grocer_income(m: Menu) -> None:
    m.data["prompt"] = m._(
        "Grocer: double the income of one of your building types this round, or take $8."
    )
    m.labels["money"] = (m._("$8"), "")
    for building in BUILDING_IDS:
        name = m.names.building(building)
        m.labels[f"double:{building}"] = (m._("Double: %(building)s") % {"building": name}, "")


def _red_choice(m: Menu) -> None:
    name = m.names.personality(m.player["personality"] or "settler")
    what = (
        m._("1 VP per house on your parcels")
        if m.player["personality"] == "grocer"
        else m._("1 VP per mountain on your parcels")
    )
    m.data["prompt"] = m._("%(name)s: $8 now, or VP at the end of the round?") % {"name": name}
    m.labels["money"] = (m._("$8 now"), "")
    m.labels["vp"] = (what, "")


def _captain(m: Menu) -> None:
    m.data["prompt"] = m._("Captain: buy something from the general supply?")
    m.labels.update(
        {
            "cowboys_1": (m._("1 cowboy"), "$1"),
            "cowboys_2": (m._("2 cowboys"), "$4"),
            "cowboys_3": (m._("3 cowboys"), "$9"),
            "revolvers_1": (m._("1 revolver"), "$3"),
            "revolvers_2": (m._("2 revolvers"), "$9"),
        }
    )


def _worker(m: Menu) -> None:
    m.data["prompt"] = m._("Worker: buy one building of the track for $5 now?")
    for option in m.options:
        price = int(option["option"].split(":")[1])
        space = next(s for s in m.view["spaces"] if s["id"] == f"build_{price}")
        building = m.names.building(space["building"])
        m.labels[option["option"]] = (
            m._("%(building)s (space $%(price)s)") % {"building": building, "price": price},
            "$5",
        )


def _banker(m: Menu) -> None:
    m.data["prompt"] = m._("Banker: buy VP at the end of the round?")
    m.labels.update(
        {
            "vp_3": (m._("%(count)s VP") % {"count": 3}, "$3"),
            "vp_5": (m._("%(count)s VP") % {"count": 5}, "$12"),
            "vp_7": (m._("%(count)s VP") % {"count": 7}, "$25"),
        }
    )


def _cash(m: Menu) -> None:
    excess = m.decision["excess"]
    limit = m.player["money"] - excess
    tens = -(-excess // 10)
    m.data["prompt"] = (
        m._("Cash limit: you have $%(excess)s above your limit of $%(limit)s.")
        % {"excess": excess, "limit": limit}
        + " "
        + m._("The excess goes to the bank for 1 VP per full $10; or round it up to $10.")
    )
    m.labels["round_up"] = (
        m._("Pay $%(paid)s for %(vp)s VP") % {"paid": 10 * tens, "vp": tens},
        "",
    )
    m.decline = m._("Pay $%(paid)s for %(vp)s VP") % {"paid": excess, "vp": excess // 10}


#: The layout of each menu the engine asks (by its ``about``).
MENUS: dict[str, Callable[[Menu], None]] = {
    "build": _build,
    "grocer": _grocer,
    "grocer_income": _grocer_income,
    "red_choice": _red_choice,
    "captain": _captain,
    "worker": _worker,
    "banker": _banker,
    "cash": _cash,
}
