"""One line, in the player's language, for each public event of the board game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carson.core.game import Event
from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.tables import counted
from carson.terminal.texts import Texts


@dataclass(frozen=True)
class Line:
    """One event being described, with the look-ups its line needs."""

    kind: str
    data: Any
    names: BoardNames
    texts: Texts

    def t(self, key: str, **values: Any) -> str:
        return self.texts("board_events", key, **values)

    def who(self, key: str = "seat") -> str:
        return self.names.who(int(self.data[key]))

    def where(self, key: str = "parcel") -> str:
        return self.names.target(self.data[key])

    def where_of(self, parcel: Any) -> str:
        return self.names.target(parcel)


def describe_board_event(event: Event, names: BoardNames, texts: Texts) -> str | None:
    """The line for ``event``, or ``None`` for events the screen shows by itself."""
    line = Line(event.kind, event.data, names, texts)
    for describe in (_setup_line, _action_line, _road_line, _building_line):
        text = describe(line)
        if text is not None:
            return text
    return None


def _setup_line(line: Line) -> str | None:
    """The start of the game and of each round: the centre, orders, votes, purchases, parcels
    claimed or bought, personalities."""
    if line.kind == "centre":
        return line.t("centre", parcel=line.where())
    if line.kind == "order":
        return line.t("order", order=", ".join(line.names.who(seat) for seat in line.data["order"]))
    if line.kind == "round":
        return line.t("round", round=line.data["number"])
    if line.kind == "turn_order":
        return line.t(
            "turn_order", order=", ".join(line.names.who(seat) for seat in line.data["order"])
        )
    if line.kind == "votes":
        red = [line.names.personality(p) for p in PERSONALITY_IDS if line.data["sides"][p] == "red"]
        return line.t("votes", red=", ".join(red) or "—")
    if line.kind == "purchases":
        bought = counted([line.texts("board_items", item) for item in line.data["items"]])
        return line.t("purchases", who=line.who(), items=bought or "—")
    if line.kind == "parcel":
        if line.data["price"]:
            return line.t(
                "parcel_bought", who=line.who(), parcel=line.where(), price=line.data["price"]
            )
        return line.t("parcel_claimed", who=line.who(), parcel=line.where())
    if line.kind == "personality":
        return line.t(
            "personality",
            who=line.who(),
            name=line.names.personality(line.data["id"]),
            side=line.names.side(line.data["side"]),
        )
    return None


def _action_line(line: Line) -> str | None:
    """Cowboys, passing, wages, gains and duels."""
    if line.kind == "cowboy":
        key = "white" if line.data["white"] else "cowboy"
        return line.t(key, who=line.who(), target=line.names.target(line.data["target"]))
    if line.kind == "pass":
        return line.t("pass", who=line.who(), position=line.data["position"])
    if line.kind == "paid":
        if line.data["space"] != "wages":
            return None  # ROAD_1: each gain is its own "roads" event
        counts: dict[int, int] = {}
        for seat in line.data["cowboys"]:
            counts[seat] = counts.get(seat, 0) + 1
        paid = ", ".join(f"{line.names.who(seat)} +${4 * count}" for seat, count in counts.items())
        return line.t("wages", paid=paid)
    if line.kind == "ammunition":
        return line.t("ammunition", who=line.who())
    if line.kind == "roads":
        return line.t("roads", who=line.who(), count=line.data["gained"])
    if line.kind == "dice":
        first, second = line.data["dice"]
        return line.t("dice", who=line.who(), first=first, second=second)
    if line.kind == "income":
        return line.t(
            "income",
            who=line.who(),
            amount=line.data["amount"],
            why=_why(line.data["why"], line.names, line.texts),
        )
    if line.kind == "vp":
        if line.data["why"] == "bought":
            return line.t("vp_bought", who=line.who(), amount=line.data["amount"])
        return line.t(
            "vp",
            who=line.who(),
            amount=line.data["amount"],
            why=_why(line.data["why"], line.names, line.texts),
        )
    if line.kind == "duel":
        return _duel(line.data, line.names, line.texts)
    return None


def _road_line(line: Line) -> str | None:
    """Roads laid, roads taken back with a stored building (BG-9.1), permissions asked and
    granted (BG-9.4)."""
    if line.kind == "road":
        return line.t("road", who=line.who(), edge=line.names.edge(line.data["edge"]))
    if line.kind == "roads_back":
        edges = ", ".join(line.names.edge(edge) for edge in line.data["edges"])
        return line.t("roads_back", who=line.who(), edges=edges)
    if line.kind == "ask":
        return line.t("ask", who=line.who(), owner=line.who("owner"))
    if line.kind == "grant":
        return line.t("grant", who=line.who(), parcel=line.where())
    return None


def _building_line(line: Line) -> str | None:
    """Buildings, attacks and the end of the game."""
    if line.kind == "bought":
        return line.t(
            "bought",
            who=line.who(),
            building=line.names.building(line.data["building"]),
            price=line.data["price"],
        )
    if line.kind == "stored":
        return line.t("stored", who=line.who(), building=line.names.building(line.data["building"]))
    if line.kind == "built":
        return line.t(
            "built",
            who=line.who(),
            building=line.names.building(line.data["building"]),
            parcel=line.where(),
        )
    if line.kind == "house":
        return line.t("house", who=line.who(), parcel=line.where())
    if line.kind == "building_income":
        return _building_incomes(line)
    if line.kind == "attack":
        if line.data["result"] == "church":
            return line.t("attack_church", parcel=line.where())
        if line.data["result"] == "defended":
            return line.t(
                "attack_defended",
                who=line.who("winner"),
                parcel=line.where(),
                income=line.data["income"],
            )
        return line.t(
            "attack_robbed",
            who=line.who("winner"),
            parcel=line.where(),
            share=line.data["income"] // 2,
            income=line.data["income"],
        )
    if line.kind == "new_cowboys":
        return line.t("new_cowboys", count=line.data["count"])
    if line.kind == "cash_limit":
        return line.t("cash_limit", who=line.who(), paid=line.data["paid"], vp=line.data["vp"])
    if line.kind == "final":
        return line.t(
            "final",
            who=line.who(),
            parcels=line.data["parcels"],
            money=line.data["money"],
            total=line.data["total"],
        )
    return None


def _building_incomes(line: Line) -> str:
    """BG-6.3: what each building paid, owner by owner (x2: the Grocer's double)."""
    by_owner: dict[int, list[str]] = {}
    for paid in line.data.get("incomes", ()):
        building, where = line.names.building(paid["building"]), line.where_of(paid["parcel"])
        double = " ×2" if paid["doubled"] else ""
        by_owner.setdefault(int(paid["seat"]), []).append(
            f"{building} {where} ${paid['amount']}{double}"
        )
    if not by_owner:
        return line.t("building_income")
    incomes = "; ".join(
        f"{line.names.who(seat)}: {', '.join(items)}" for seat, items in sorted(by_owner.items())
    )
    return line.t("building_incomes", incomes=incomes)


def _why(why: str, names: BoardNames, texts: Texts) -> str:
    if why in SPACE_IDS:
        return names.space(why)
    if why in PERSONALITY_IDS:
        return names.personality(why)
    return why


def _duel(data: Any, names: BoardNames, texts: Texts) -> str:
    """BG-4.3.4, BG-10.2: every participant's die or tile plus strength, and the winner."""
    entries = []
    for seat, value in data["values"].items():
        draw = data["draws"][seat]
        entries.append(f"{names.who(int(seat))} {draw}+{value - draw}={value}")
    key = "duel_tiles" if names.tiles else "duel"
    where, winner = names.target(data["where"]), names.who(int(data["winner"]))
    return texts("board_events", key, where=where, entries=", ".join(entries), winner=winner)
