"""Questions that pick from what is on offer: the secret vote and purchases, starting
parcels, personalities, duel tiles, VP to buy."""

from __future__ import annotations

import re

from rich.text import Text

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, PURCHASES, BoardAction
from carson.games.board.tui.ask import Ask, Parsed, parcel_answer, personality_of, target_name
from carson.games.board.tui.names import SIDE_STYLES


def ask_vote(ask: Ask) -> BoardAction:
    """BG-10.1: the cards one wants red, in secret."""
    for index, personality in enumerate(PERSONALITY_IDS):
        line = Text(f"{index + 1} {ask.names.personality(personality)}: ", "bold")
        for side in ("yellow", "red"):
            line.append(ask.names.side(side), SIDE_STYLES[side])
            line.append(f" {ask.t('board_does', f'{personality}_{side}')}  ")
        ask.say(line)

    def parse(answer: str) -> Parsed:
        if ask.is_no(answer) or answer.strip() == "0":
            return BoardAction("vote", 0)
        mask = 0
        for word in re.sub(r"[,;]", " ", answer).split():
            found = personality_of(ask, word)
            if found is None:
                return ask.t("board", "err_cards")
            mask |= 1 << found
        return BoardAction("vote", mask)

    return ask.until(ask.t("board", "prompt_vote"), parse, ask.typed("pass_words"))


def ask_purchase(ask: Ask) -> BoardAction:
    """BG-10.4: one secret purchase at a time, then done."""
    player = ask.sight.players[ask.seat]
    catalog = ask.sight.catalog
    spent = sum(
        -catalog.new_beginning_sales[item]
        if item in catalog.new_beginning_sales
        else catalog.new_beginning_prices[item]
        for item in ask.sight.own_purchases()
    )
    bought = ", ".join(ask.t("board_items", item) for item in ask.sight.own_purchases()) or "—"
    ask.say(ask.t("board", "purchase_status", money=player.money - spent, bought=bought))
    for index, item in enumerate(PURCHASES):
        if item in catalog.new_beginning_sales:
            price = f"+${catalog.new_beginning_sales[item]}"
        else:
            price = f"${catalog.new_beginning_prices[item]}"
        line = Text(f"{index + 1}: {ask.t('board_items', item)} ({price})")
        if BoardAction("purchase", index) not in ask.legal:
            line.stylize("dim strike")
        ask.say(line)

    def parse(answer: str) -> Parsed:
        if ask.is_no(answer):
            return PASS
        word = answer.strip().casefold()
        for index, item in enumerate(PURCHASES):
            if word in (str(index + 1), item, ask.t("board_items", item).casefold()):
                return BoardAction("purchase", index)
        return ask.t("board", "err_number", count=len(PURCHASES))

    return ask.until(ask.t("board", "prompt_purchase"), parse, ask.typed("pass_words"))


def ask_claim(ask: Ask) -> BoardAction:
    """BG-3.8, BG-10.4: a starting parcel, free."""
    left = ask.sight.players[ask.seat].claims
    return ask.until(ask.t("board", "prompt_claim", left=left), parcel_answer(ask, "claim", False))


def ask_personality(ask: Ask) -> BoardAction:
    """BG-4.1: one of the cards still on display."""
    for action in ask.legal:
        personality = PERSONALITY_IDS[action.arg]
        side = ask.sight.sides[personality]
        card = ask.sight.catalog.personalities[personality]
        line = Text(f"{card.number} {ask.names.personality(personality)} ", "bold")
        line.append(ask.names.side(side), SIDE_STYLES[side])
        line.append(f" (${card.cash_limit[side]}): {ask.t('board_does', f'{personality}_{side}')}")
        ask.say(line)

    def parse(answer: str) -> Parsed:
        found = personality_of(ask, answer)
        if found is None:
            return ask.t("board", "err_personality")
        return BoardAction("personality", found)

    return ask.until(ask.t("board", "prompt_personality"), parse)


def ask_settler(ask: Ask) -> BoardAction:
    """BG-7.2 yellow Settler: one free parcel, or none."""
    return ask.until(ask.t("board", "prompt_settler"), parcel_answer(ask, "claim", True),
                     ask.typed("pass_words"))  # fmt: skip


def ask_tile(ask: Ask) -> BoardAction:
    """BG-10.2: a duel tile, in secret."""
    sight = ask.sight
    duel = sight.duel
    if duel is not None:
        rivals = ", ".join(
            f"{ask.names.who(seat)} ({ask.t('board', 'col_strength')} {sight.strength(seat)})"
            for seat in duel.seats
        )
        ask.say(ask.t("board", "duel_at", where=target_name(ask, duel.target), rivals=rivals))
    tiles = sorted(sight.own_tiles())

    def parse(answer: str) -> Parsed:
        word = answer.strip()
        if not word.isdigit() or int(word) not in tiles:
            return ask.t("board", "err_tile", tiles=" ".join(map(str, tiles)))
        return BoardAction("tile", int(word))

    return ask.until(ask.t("board", "prompt_tile", tiles=" ".join(map(str, tiles))), parse)


def ask_count(ask: Ask) -> BoardAction:
    """BG-5.14: how many VP to buy at the space's price."""
    price = ask.decision.get("price")
    most = max(action.arg for action in ask.legal)
    money = ask.sight.players[ask.seat].money

    def parse(answer: str) -> Parsed:
        word = answer.strip()
        if ask.is_no(word):
            return BoardAction("count", 0)
        if not word.isdigit() or int(word) > most:
            return ask.t("board", "err_count", most=most)
        return BoardAction("count", int(word))

    question = ask.t("board", "prompt_count", price=price, most=most, money=money)
    return ask.until(question, parse, ask.typed("pass_words"))
