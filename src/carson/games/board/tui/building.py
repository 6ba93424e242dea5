"""Buying parcels and building: roads, asking owners, the free house, permissions."""

from __future__ import annotations

from collections.abc import Callable

from carson.games.board.engine.actions import GRANT_ALL, PASS, STORE, BoardAction
from carson.games.board.tui.ask import (
    Ask,
    Parsed,
    choices_of,
    edge_text,
    parcel_answer,
    parcel_list,
    parcel_name,
    parse_edge,
    parse_parcel,
)


def ask_buy_parcels(ask: Ask) -> BoardAction:
    """BG-5.5: buy the parcels one's cowboys won, one at a time, or stop."""
    town = ask.sight.town
    offered = ", ".join(
        ask.t("board", "parcel_price", parcel=parcel_name(p), price=town.price(p))
        for p in choices_of(ask, "buy_parcel")
    )
    money = ask.sight.players[ask.seat].money
    question = ask.t("board", "prompt_buy_parcels", parcels=offered, money=money)
    return ask.until(question, parcel_answer(ask, "buy_parcel", True), ask.typed("pass_words"))


def ask_construct(ask: Ask) -> BoardAction:
    """BG-6.1, BG-9.1, BG-9.4: roads first and asking owners (only for a building that
    needs a road), then the building's parcel; or keep the building in supply. Only what is
    possible now is offered."""
    sight, seat = ask.sight, ask.seat
    build = sight.construction
    assert build is not None
    spots = choices_of(ask, "build")
    roads = choices_of(ask, "road")
    asks = choices_of(ask, "ask")
    name = ask.names.building(build.building)
    needs_road = sight.catalog.buildings[build.building].needs_road
    ask.say(ask.t("board", "construct_status", building=name))
    if spots:
        ask.say(ask.t("board", "construct_spots", parcels=parcel_list(spots)))
    else:
        ask.say(ask.t("board", "construct_no_spot" if needs_road else "construct_no_parcel"))
    if not needs_road:
        ask.say(ask.t("board", "construct_no_road", building=name))
    if roads:
        edges = ", ".join(edge_text(ask, edge) for edge in roads)
        # Bridges (2 pieces) only in the river game (BG-10.3): not a word of them without it.
        key = "construct_roads" if sight.config.has("river") else "construct_roads_plain"
        ask.say(ask.t("board", key, roads=sight.players[seat].roads, edges=edges))
    if asks:
        owners = ", ".join(f"{other + 1} ({ask.names.who(other)})" for other in asks)
        ask.say(ask.t("board", "construct_ask", owners=owners))
    if build.granted:
        ask.say(ask.t("board", "construct_granted", parcels=parcel_list(sorted(build.granted))))
    choices = construct_choices(ask, spots, roads, asks)

    def parse(answer: str) -> Parsed:
        words = answer.strip().casefold().split()
        if not words:
            return ask.t("board", "err_construct", choices=choices)
        if words[0] in ask.words("store_words") and len(words) == 1:
            return STORE
        if words[0] in ask.words("ask_words"):
            if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
                return ask.t("board", "err_ask")
            return BoardAction("ask", int(words[1]) - 1)
        edge = parse_edge(answer, ask.sides())
        if edge is not None:
            return BoardAction("road", edge)
        p = parse_parcel(answer)
        if p is not None:
            return BoardAction("build", p)
        return ask.t("board", "err_construct", choices=choices)

    words = ask.typed("store_words") + (ask.typed("ask_words", arg="N") if asks else ())
    return ask.until(ask.t("board", "prompt_construct", choices=choices), parse, words)


def construct_choices(ask: Ask, spots: list[int], roads: list[int], asks: list[int]) -> str:
    """What one may type now, with an example each: ``C4`` to build, ``C4 top`` for a road,
    ``ask 2``, ``store``."""
    parts = []
    if spots:
        parts.append(ask.t("board", "choice_build", example=parcel_name(spots[0])))
    if roads:
        parts.append(ask.t("board", "choice_road", example=edge_text(ask, roads[0])))
    if asks:
        parts.append(ask.t("board", "choice_ask", number=asks[0] + 1))
    parts.append(ask.t("board", "choice_store"))
    return "; ".join(parts)


def ask_house(ask: Ask) -> BoardAction:
    """BG-6.1.4 (ii): the free house, on another empty parcel with road access."""
    spots = choices_of(ask, "house")
    question = ask.t("board", "prompt_house", parcels=parcel_list(spots))
    return ask.until(question, parcel_answer(ask, "house", False))


def ask_grant(ask: Ask) -> BoardAction:
    """BG-9.4: the owner answers the builder, one parcel at a time, then no; or all of them
    at once ("all", issue 19)."""
    asker = ask.decision.get("asker")
    free = choices_of(ask, "grant")
    if not free:  # the last free parcel granted: the engine asks once more, "no" its one answer
        ask.say(ask.t("board", "grant_none_left", who=ask.names.who(asker)))
        return PASS
    access = set(ask.decision.get("access", ()))
    # BG-9.4: any free parcel may be granted, but a house needs road access: those first
    offered = [
        parcel_name(p) if p in access else ask.t("board", "no_road_yet", parcel=parcel_name(p))
        for p in sorted(free, key=lambda p: p not in access)
    ]
    question = ask.t("board", "prompt_grant", who=ask.names.who(asker),
                     parcels=", ".join(offered))  # fmt: skip
    return ask.until(question, _grant_answer(ask), ask.typed("all_words", "pass_words"))


def _grant_answer(ask: Ask) -> Callable[[str], Parsed]:
    """Says which parcels have road access and that "all" grants every one; reads "all" or
    what :func:`parcel_answer` reads."""
    access = list(ask.decision.get("access", ()))
    if access:
        ask.say(ask.t("board", "grant_access", parcels=parcel_list(access)))
    if GRANT_ALL in ask.legal:
        ask.say(ask.t("board", "grant_all_hint"))
    one = parcel_answer(ask, "grant", True)

    def parse(answer: str) -> Parsed:
        if answer.strip().casefold() in ask.words("all_words"):
            grants = [action for action in ask.legal if action.kind == "grant"]
            return grants[0] if len(grants) == 1 else GRANT_ALL  # one left: "all" is that one
        return one(answer)

    return parse


def ask_roads(ask: Ask) -> BoardAction:
    """BG-9.2: the river game's last roads, one at a time, or stop."""
    roads = ask.sight.players[ask.seat].roads

    def parse(answer: str) -> Parsed:
        if ask.is_no(answer):
            return PASS
        edge = parse_edge(answer, ask.sides())
        if edge is None:
            return ask.t("board", "err_edge")
        return BoardAction("road", edge)

    edges = ", ".join(edge_text(ask, edge) for edge in choices_of(ask, "road"))
    question = ask.t("board", "prompt_roads", roads=roads, edges=edges)
    return ask.until(question, parse, ask.typed("pass_words"))
