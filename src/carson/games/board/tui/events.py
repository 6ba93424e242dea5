"""One line, in the player's language, for each public event of the board game."""

from __future__ import annotations

from typing import Any

from carson.core.game import Event
from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.tables import counted
from carson.terminal.texts import Texts


def describe_board_event(event: Event, names: BoardNames, texts: Texts) -> str | None:
    """The line for ``event``, or ``None`` for events the screen shows by itself."""
    data: Any = event.data
    kind = event.kind

    def t(key: str, **values: Any) -> str:
        return texts("board_events", key, **values)

    def who(key: str = "seat") -> str:
        return names.who(int(data[key]))

    def where(key: str = "parcel") -> str:
        return names.target(data[key])

    if kind == "centre":
        return t("centre", parcel=where())
    if kind == "order":
        return t("order", order=", ".join(names.who(seat) for seat in data["order"]))
    if kind == "round":
        return t("round", round=data["number"])
    if kind == "turn_order":
        return t("turn_order", order=", ".join(names.who(seat) for seat in data["order"]))
    if kind == "votes":
        red = [names.personality(p) for p in PERSONALITY_IDS if data["sides"][p] == "red"]
        return t("votes", red=", ".join(red) or "—")
    if kind == "purchases":
        bought = counted([texts("board_items", item) for item in data["items"]])
        return t("purchases", who=who(), items=bought or "—")
    if kind == "parcel":
        if data["price"]:
            return t("parcel_bought", who=who(), parcel=where(), price=data["price"])
        return t("parcel_claimed", who=who(), parcel=where())
    if kind == "personality":
        return t("personality", who=who(), name=names.personality(data["id"]),
                 side=names.side(data["side"]))  # fmt: skip
    if kind == "cowboy":
        key = "white" if data["white"] else "cowboy"
        return t(key, who=who(), target=names.target(data["target"]))
    if kind == "pass":
        return t("pass", who=who(), position=data["position"])
    if kind == "paid":
        if data["space"] != "wages":
            return None  # ROAD_1: each gain is its own "roads" event
        counts: dict[int, int] = {}
        for seat in data["cowboys"]:
            counts[seat] = counts.get(seat, 0) + 1
        paid = ", ".join(f"{names.who(seat)} +${4 * count}" for seat, count in counts.items())
        return t("wages", paid=paid)
    if kind == "ammunition":
        return t("ammunition", who=who())
    if kind == "roads":
        return t("roads", who=who(), count=data["gained"])
    if kind == "dice":
        first, second = data["dice"]
        return t("dice", who=who(), first=first, second=second)
    if kind == "income":
        return t("income", who=who(), amount=data["amount"], why=_why(data["why"], names, texts))
    if kind == "vp":
        if data["why"] == "bought":
            return t("vp_bought", who=who(), amount=data["amount"])
        return t("vp", who=who(), amount=data["amount"], why=_why(data["why"], names, texts))
    if kind == "duel":
        return _duel(data, names, texts)
    if kind == "bought":
        return t("bought", who=who(), building=names.building(data["building"]),
                 price=data["price"])  # fmt: skip
    if kind == "stored":
        return t("stored", who=who(), building=names.building(data["building"]))
    if kind == "road":
        return t("road", who=who(), edge=names.edge(data["edge"]))
    if kind == "ask":
        return t("ask", who=who(), owner=who("owner"))
    if kind == "grant":
        return t("grant", who=who(), parcel=where())
    if kind == "built":
        return t("built", who=who(), building=names.building(data["building"]), parcel=where())
    if kind == "house":
        return t("house", who=who(), parcel=where())
    if kind == "building_income":
        return t("building_income")
    if kind == "attack":
        if data["result"] == "church":
            return t("attack_church", parcel=where())
        if data["result"] == "defended":
            return t("attack_defended", who=who("winner"), parcel=where(), income=data["income"])
        return t("attack_robbed", who=who("winner"), parcel=where(), share=data["income"] // 2,
                 income=data["income"])  # fmt: skip
    if kind == "new_cowboys":
        return t("new_cowboys", count=data["count"])
    if kind == "cash_limit":
        return t("cash_limit", who=who(), paid=data["paid"], vp=data["vp"])
    if kind == "final":
        return t("final", who=who(), parcels=data["parcels"], money=data["money"],
                 total=data["total"])  # fmt: skip
    return None


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
