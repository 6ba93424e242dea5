"""Menus: a personality's or a space's options, numbered, one line each; stored buildings."""

from __future__ import annotations

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.actions import OPTIONS, PASS, BoardAction
from carson.games.board.engine.state import (
    BANKER_VP,
    CAPTAIN_COWBOYS,
    CAPTAIN_REVOLVERS,
)
from carson.games.board.tui.ask import Ask, Parsed, choices_of


def option_line(ask: Ask, name: str) -> str:
    """One line saying what a menu option does."""
    sight, seat, names = ask.sight, ask.seat, ask.names
    about = ask.decision.get("about")
    if name == "take":
        price = ask.decision.get("price")
        building = sight.build_spaces[price]
        assert building is not None
        return ask.t("board_options", "take", building=names.building(building),
                     price=sight.building_price(seat, price))  # fmt: skip
    if name == "money" and about == "grocer_income":
        return ask.t("board_options", "money_later")
    if name == "vp":
        personality = sight.players[seat].personality
        return ask.t("board_options", "vp_houses" if personality == "grocer" else "vp_mountains")
    if name.startswith("double:"):
        building = name.split(":")[1]
        income = sum(sight.town.income(p) for p in sight.town.buildings_of(seat, building))
        return ask.t("board_options", "double", building=names.building(building), income=income)
    if name.startswith("cowboys_"):
        count = int(name.split("_")[1])
        return ask.t("board_options", "cowboys", count=count, price=CAPTAIN_COWBOYS[count])
    if name.startswith("revolvers_"):
        count = int(name.split("_")[1])
        return ask.t("board_options", "revolvers", count=count, price=CAPTAIN_REVOLVERS[count])
    if name.startswith("worker:"):
        price = int(name.split(":")[1])
        building = sight.build_spaces[price]
        assert building is not None
        return ask.t("board_options", "worker", building=names.building(building), price=price)
    if name.startswith("vp_"):
        vp = int(name.split("_")[1])
        return ask.t("board_options", "banker", vp=vp, price=BANKER_VP[vp])
    if name == "round_up":
        excess = ask.decision.get("excess")
        tens = -(-excess // 10)
        return ask.t("board_options", "round_up", paid=10 * tens, vp=tens)
    return ask.t("board_options", name)  # money_now, defer, money


def pass_line(ask: Ask) -> str:
    about = ask.decision.get("about")
    if about == "cash":
        excess = ask.decision.get("excess")
        # BG-4.4.3: declining the round-up still pays the whole excess, for the full $10s
        return ask.t("board_options", "pass_cash", paid=excess, vp=excess // 10)
    return ask.t("board_options", "pass_build" if about == "build" else "pass")


def ask_menu(ask: Ask) -> BoardAction:
    """A personality's or a space's small menu: numbered options, 0 / no to decline."""
    about = ask.decision.get("about")
    options = [action for action in ask.legal if action.kind == "option"]
    may_pass = PASS in ask.legal
    if about == "cash":
        limit = ask.sight.cash_limit(ask.seat)
        ask.say(ask.t("board_menu", "cash", excess=ask.decision.get("excess"), limit=limit))
    elif about == "build":
        ask.say(ask.t("board_menu", "build", space=ask.names.space(
            f"build_{ask.decision.get('price')}")))  # fmt: skip
    else:
        ask.say(ask.t("board_menu", about))
    for number, action in enumerate(options, start=1):
        ask.say(f"{number}: {option_line(ask, OPTIONS[action.arg])}")
    if may_pass:
        ask.say(f"0: {pass_line(ask)}")

    def parse(answer: str) -> Parsed:
        word = answer.strip().casefold()
        if may_pass and (word == "0" or ask.is_no(word)):
            return PASS
        for number, action in enumerate(options, start=1):
            if word in (str(number), OPTIONS[action.arg]):
                return action
        return ask.t("board", "err_option", count=len(options), no=ask.t(
            "board", "or_no") if may_pass else "")  # fmt: skip

    words = ask.typed("pass_words") if may_pass else ()
    return ask.until(ask.t("board", "prompt_menu"), parse, words)


def ask_stored(ask: Ask) -> BoardAction:
    """BG-6.1.5, step 12a: build a stored building now, or not."""
    choices = choices_of(ask, "build_stored")
    for number, index in enumerate(choices, start=1):
        ask.say(f"{number}: {ask.names.building(BUILDING_IDS[index])}")

    def parse(answer: str) -> Parsed:
        if ask.is_no(answer):
            return PASS
        word = answer.strip().casefold()
        for number, index in enumerate(choices, start=1):
            building = BUILDING_IDS[index]
            if word in (str(number), building, ask.names.building(building).casefold()):
                return BoardAction("build_stored", index)
        return ask.t("board", "err_option", count=len(choices), no=ask.t("board", "or_no"))

    return ask.until(ask.t("board", "prompt_stored"), parse, ask.typed("pass_words"))
