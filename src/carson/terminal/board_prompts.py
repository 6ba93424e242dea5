"""Asking a human seat for its board-game decision, one decision kind at a time.

Each kind (see :mod:`carson.games.board.engine.state`) has its question and its parser:
parcels as ``x y``, spaces by number (BG-2.3 order, 1–23) or name, road edges as
``H x y`` / ``V x y``, menus as numbered options with one line each. An answer that is not
a legal action gets a message saying what is wanted, and the question again: nothing reaches
the engine that it would refuse.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.actions import OPTIONS, PASS, PURCHASES, STORE, BoardAction
from carson.games.board.engine.state import (
    BANKER_VP,
    BUILD_SPACE_PRICE,
    CAPTAIN_COWBOYS,
    CAPTAIN_REVOLVERS,
    SPACES,
    BoardGameState,
    Decision,
)
from carson.games.board.town import HOUSE, MOUNTAIN, coords, edge_from_name, edge_name, parcel
from carson.terminal.board_render import SIDE_STYLES, BoardNames
from carson.terminal.prompts import Asker
from carson.terminal.texts import texts as texts_in

#: What a parser gives back: an action to check, an error message, or None (asked again
#: after a command such as ``list``).
Parsed = BoardAction | str | None


@dataclass
class Ask:
    """One decision being asked: the seat, what it may do, and the tools to ask with."""

    asker: Asker
    state: BoardGameState
    seat: int
    names: BoardNames
    decision: Decision
    legal: list[BoardAction]

    def t(self, section: str, key: str, **values: object) -> str:
        return self.asker.texts(section, key, **values)

    def say(self, line: str | Text, style: str = "") -> None:
        self.asker.console.print(line, style=style, markup=False)

    def words(self, key: str) -> set[str]:
        """Keywords: the English ones and the player's language's (``board.<key>``)."""
        english = texts_in("en")("board", key)
        return set(english.casefold().split()) | set(self.t("board", key).casefold().split())

    def is_no(self, answer: str) -> bool:
        word = answer.strip().lower()
        return self.asker.texts.yes(word) is False or word in self.words("pass_words")

    def until(self, question: str, parse: Callable[[str], Parsed]) -> BoardAction:
        """Ask ``question`` until ``parse`` gives a legal action."""
        while True:
            result = parse(self.asker(question))
            if isinstance(result, BoardAction):
                if result in self.legal:
                    return result
                self.asker.error(self.t("board", "err_not_now"))
            elif isinstance(result, str):
                self.asker.error(result)


def ask_board_action(
    asker: Asker, state: BoardGameState, seat: int, names: BoardNames
) -> BoardAction:
    """The seat's decision now, asked until it is a legal action."""
    decision = state.decision
    assert decision is not None and seat in decision.seats
    ask = Ask(asker, state, seat, names, decision, state.legal_actions(seat))
    return ASKS[decision.kind](ask)


# ----------------------------------------------------------------------------- parsing


def parse_parcel(answer: str) -> int | None:
    """``x y`` (also ``x,y`` or ``(x, y)``) with x, y in 0..7, or None."""
    parts = re.sub(r"[(),\[\]]", " ", answer).split()
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    x, y = int(parts[0]), int(parts[1])
    return parcel(x, y) if 0 <= x < 8 and 0 <= y < 8 else None


_EDGE = re.compile(r"^\s*([hv])\s*[,(]?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?\s*$", re.IGNORECASE)


def parse_edge(answer: str) -> int | None:
    """``H x y`` or ``V x y`` (BG-2.2.1), or None."""
    match = _EDGE.match(answer)
    if match is None:
        return None
    try:
        return edge_from_name(match[1].upper(), int(match[2]), int(match[3]))
    except ValueError:
        return None


def parse_space(answer: str, names: BoardNames) -> int | None:
    """A space by its number 1–23 (BG-2.3 order), its id or its name, or None."""
    word = answer.strip().casefold()
    if word.isdigit():
        number = int(word)
        return number - 1 if 1 <= number <= SPACES else None
    for index, space_id in enumerate(SPACE_IDS):
        if word in (space_id, names.space(index).casefold()):
            return index
    return None


def _parcel_list(parcels: list[int]) -> str:
    return ", ".join("{} {}".format(*coords(p)) for p in parcels)


def _parcel_answer(ask: Ask, kind: str, allow_no: bool) -> Callable[[str], Parsed]:
    def parse(answer: str) -> Parsed:
        if allow_no and ask.is_no(answer):
            return PASS
        p = parse_parcel(answer)
        if p is None:
            return ask.t("board", "err_parcel")
        return BoardAction(kind, p)

    return parse


def _choices_of(ask: Ask, kind: str) -> list[int]:
    return [action.arg for action in ask.legal if action.kind == kind]


# ----------------------------------------------------------------------------- decisions


def _ask_vote(ask: Ask) -> BoardAction:
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
            found = _personality(ask, word)
            if found is None:
                return ask.t("board", "err_cards")
            mask |= 1 << found
        return BoardAction("vote", mask)

    return ask.until(ask.t("board", "prompt_vote"), parse)


def _personality(ask: Ask, word: str) -> int | None:
    """A personality by its card number (BG-7.1), its id or its name."""
    word = word.strip().casefold()
    for index, personality in enumerate(PERSONALITY_IDS):
        card = ask.state.catalog.personalities[personality]
        if word in (str(card.number), personality, ask.names.personality(personality).casefold()):
            return index
    return None


def _ask_purchase(ask: Ask) -> BoardAction:
    """BG-10.4: one secret purchase at a time, then done."""
    player = ask.state.players[ask.seat]
    catalog = ask.state.catalog
    spent = sum(
        -catalog.new_beginning_sales[item]
        if item in catalog.new_beginning_sales
        else catalog.new_beginning_prices[item]
        for item in player.purchases
    )
    bought = ", ".join(ask.t("board_items", item) for item in player.purchases) or "—"
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

    return ask.until(ask.t("board", "prompt_purchase"), parse)


def _ask_claim(ask: Ask) -> BoardAction:
    """BG-3.8, BG-10.4: a starting parcel, free."""
    left = ask.state.players[ask.seat].claims
    return ask.until(ask.t("board", "prompt_claim", left=left), _parcel_answer(ask, "claim", False))


def _ask_personality(ask: Ask) -> BoardAction:
    """BG-4.1: one of the cards still on display."""
    for action in ask.legal:
        personality = PERSONALITY_IDS[action.arg]
        side = ask.state.sides[personality]
        card = ask.state.catalog.personalities[personality]
        line = Text(f"{card.number} {ask.names.personality(personality)} ", "bold")
        line.append(ask.names.side(side), SIDE_STYLES[side])
        line.append(f" (${card.cash_limit[side]}): {ask.t('board_does', f'{personality}_{side}')}")
        ask.say(line)

    def parse(answer: str) -> Parsed:
        found = _personality(ask, answer)
        if found is None:
            return ask.t("board", "err_personality")
        return BoardAction("personality", found)

    return ask.until(ask.t("board", "prompt_personality"), parse)


def _ask_settler(ask: Ask) -> BoardAction:
    """BG-7.2 yellow Settler: one free parcel, or none."""
    return ask.until(ask.t("board", "prompt_settler"), _parcel_answer(ask, "claim", True))


def option_line(ask: Ask, name: str) -> str:
    """One line saying what a menu option does."""
    state, seat, names = ask.state, ask.seat, ask.names
    about = ask.decision.get("about")
    if name == "take":
        price = ask.decision.get("price")
        building = state.build_spaces[price]
        assert building is not None
        return ask.t("board_options", "take", building=names.building(building),
                     price=state.building_price(seat, price))  # fmt: skip
    if name == "money" and about == "grocer_income":
        return ask.t("board_options", "money_later")
    if name == "vp":
        personality = state.players[seat].personality
        return ask.t("board_options", "vp_houses" if personality == "grocer" else "vp_mountains")
    if name.startswith("double:"):
        building = name.split(":")[1]
        income = sum(state.town.income(p) for p in state.town.buildings_of(seat, building))
        return ask.t("board_options", "double", building=names.building(building), income=income)
    if name.startswith("cowboys_"):
        count = int(name.split("_")[1])
        return ask.t("board_options", "cowboys", count=count, price=CAPTAIN_COWBOYS[count])
    if name.startswith("revolvers_"):
        count = int(name.split("_")[1])
        return ask.t("board_options", "revolvers", count=count, price=CAPTAIN_REVOLVERS[count])
    if name.startswith("worker:"):
        price = int(name.split(":")[1])
        building = state.build_spaces[price]
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
        return ask.t("board_options", "pass_cash", paid=excess - excess % 10, vp=excess // 10)
    return ask.t("board_options", "pass_build" if about == "build" else "pass")


def _ask_menu(ask: Ask) -> BoardAction:
    """A personality's or a space's small menu: numbered options, 0 / no to decline."""
    about = ask.decision.get("about")
    options = [action for action in ask.legal if action.kind == "option"]
    may_pass = PASS in ask.legal
    if about == "cash":
        limit = ask.state.cash_limit(ask.seat)
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

    return ask.until(ask.t("board", "prompt_menu"), parse)


def occupied_costs(state: BoardGameState, seat: int) -> tuple[int, int]:
    """BG-9.5: the $ of the places where the seat's cowboys stand: parcel prices and
    building prices (what winning them all would cost)."""
    parcels = buildings = 0
    for target, cows in state.cowboys_at.items():
        if all(who != seat for who, _ in cows):
            continue
        if target >= SPACES:
            p = target - SPACES
            if state.town.owners[p] < 0:
                parcels += state.town.price(p)
        elif target in BUILD_SPACE_PRICE and state.build_spaces[BUILD_SPACE_PRICE[target]]:
            buildings += state.building_price(seat, BUILD_SPACE_PRICE[target])
    return parcels, buildings


def target_note(ask: Ask, target: int) -> str:
    """A space or a building one may put a cowboy on, for ``list``: what is there."""
    state, names = ask.state, ask.names
    others = [names.who(seat) for seat in state.seats_at(target) if seat != ask.seat]
    there = ask.t("board", "others_there", who=", ".join(others)) if others else ""
    if target < SPACES:
        name = f"{target + 1} {names.space(target)}"
        price = BUILD_SPACE_PRICE.get(target)
        if price is not None:
            building = state.build_spaces[price]
            assert building is not None
            name += f" ({names.building(building)}, ${state.building_price(ask.seat, price)})"
        return f"{name}{there}"
    p = target - SPACES
    x, y = coords(p)
    owner = state.town.owners[p]
    tile = state.town.tiles[p]
    assert owner >= 0 and tile not in (None, HOUSE, MOUNTAIN)
    key = "target_defend" if owner == ask.seat else "target_attack"
    return ask.t("board", key, x=x, y=y, building=names.building(tile),
                 owner=names.who(owner), income=state.town.income(p)) + there  # fmt: skip


def _list_targets(ask: Ask, targets: list[int]) -> None:
    """Every placement: the spaces and buildings one per line, the free parcels (with their
    price and who is there already) on a few lines."""
    free = []
    for target in targets:
        if target >= SPACES and ask.state.town.owners[target - SPACES] < 0:
            x, y = coords(target - SPACES)
            there = "".join(
                f"*{seat + 1}" for seat in ask.state.seats_at(target) if seat != ask.seat
            )
            free.append(f"{x} {y} ${ask.state.town.price(target - SPACES)}{there}")
        else:
            ask.say("  " + target_note(ask, target))
    if free:
        ask.say("  " + ask.t("board", "list_parcels", parcels=", ".join(free)))


def _ask_place(ask: Ask) -> BoardAction:
    """BG-4.2: one cowboy (or the white one) on a space or a parcel, or pass."""
    state, seat = ask.state, ask.seat
    player = state.players[seat]
    parcels, buildings = occupied_costs(state, seat)
    ask.say(ask.t("board", "place_status", cowboys=player.cowboys,
                  white=ask.t("board", "and_white") if player.white else "",
                  money=player.money, parcels=parcels, buildings=buildings,
                  total=parcels + buildings))  # fmt: skip
    targets = sorted({a.arg for a in ask.legal if a.kind in ("cowboy", "white")})
    spaces = sum(target < SPACES for target in targets)
    ask.say(ask.t("board", "place_marked", spaces=spaces, parcels=len(targets) - spaces))
    only_white = player.white and not player.cowboys

    def parse(answer: str) -> Parsed:
        words = answer.strip().split()
        if ask.is_no(answer):
            return PASS
        if not words:
            return ask.t("board", "err_place")
        if words[0].casefold() in ("l", "list", *ask.words("list_words")):
            _list_targets(ask, targets)
            return None
        white = words[0].casefold() in ask.words("white_words")
        rest = " ".join(words[1:] if white else words)
        p = parse_parcel(rest)
        target = SPACES + p if p is not None else parse_space(rest, ask.names)
        if target is None:
            return ask.t("board", "err_place")
        if white and not player.white:
            return ask.t("board", "err_no_white")
        return BoardAction("white" if white or only_white else "cowboy", target)

    return ask.until(ask.t("board", "prompt_place"), parse)


def _ask_order(ask: Ask) -> BoardAction:
    """BG-4.3.8, BG-4.3.9: the first passer picks the next duel to resolve."""
    parcels = _choices_of(ask, "order")
    about = ask.decision.get("about")
    key = "prompt_order_parcels" if about == "parcels" else "prompt_order_attacks"
    question = ask.t("board", key, parcels=_parcel_list(parcels))
    return ask.until(question, _parcel_answer(ask, "order", False))


def _ask_tile(ask: Ask) -> BoardAction:
    """BG-10.2: a duel tile, in secret."""
    state = ask.state
    duel = state.duel
    if duel is not None:
        rivals = ", ".join(
            f"{ask.names.who(seat)} ({ask.t('board', 'col_strength')} {state.strength(seat)})"
            for seat in duel.seats
        )
        ask.say(ask.t("board", "duel_at", where=_target_name(ask, duel.target), rivals=rivals))
    tiles = sorted(state.players[ask.seat].tiles)

    def parse(answer: str) -> Parsed:
        word = answer.strip()
        if not word.isdigit() or int(word) not in tiles:
            return ask.t("board", "err_tile", tiles=" ".join(map(str, tiles)))
        return BoardAction("tile", int(word))

    return ask.until(ask.t("board", "prompt_tile", tiles=" ".join(map(str, tiles))), parse)


def _target_name(ask: Ask, target: int) -> str:
    if target < SPACES:
        return ask.names.space(target)
    return ask.names.parcel(*coords(target - SPACES))


def _ask_buy_parcels(ask: Ask) -> BoardAction:
    """BG-5.5: buy the parcels one's cowboys won, one at a time, or stop."""
    town = ask.state.town
    offered = ", ".join(
        ask.t("board", "parcel_price", x=coords(p)[0], y=coords(p)[1], price=town.price(p))
        for p in _choices_of(ask, "buy_parcel")
    )
    money = ask.state.players[ask.seat].money
    question = ask.t("board", "prompt_buy_parcels", parcels=offered, money=money)
    return ask.until(question, _parcel_answer(ask, "buy_parcel", True))


def _ask_construct(ask: Ask) -> BoardAction:
    """BG-6.1, BG-9.1, BG-9.4: roads first, asking owners, then the building's parcel; or
    keep the building in supply."""
    state, seat = ask.state, ask.seat
    build = state.construction
    assert build is not None
    spots = _choices_of(ask, "build")
    roads = _choices_of(ask, "road")
    asks = _choices_of(ask, "ask")
    name = ask.names.building(build.building)
    ask.say(ask.t("board", "construct_status", building=name))
    if spots:
        ask.say(ask.t("board", "construct_spots", parcels=_parcel_list(spots)))
    else:
        ask.say(ask.t("board", "construct_no_spot"))
    if roads:
        edges = ", ".join(_edge_text(state, edge) for edge in roads)
        ask.say(ask.t("board", "construct_roads", roads=state.players[seat].roads, edges=edges))
    if asks:
        owners = ", ".join(f"{other + 1} ({ask.names.who(other)})" for other in asks)
        ask.say(ask.t("board", "construct_ask", owners=owners))
    if build.granted:
        ask.say(ask.t("board", "construct_granted", parcels=_parcel_list(sorted(build.granted))))

    def parse(answer: str) -> Parsed:
        words = answer.strip().casefold().split()
        if not words:
            return ask.t("board", "err_construct")
        if words[0] in ask.words("store_words") and len(words) == 1:
            return STORE
        if words[0] in ask.words("ask_words"):
            if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
                return ask.t("board", "err_ask")
            return BoardAction("ask", int(words[1]) - 1)
        edge = parse_edge(answer)
        if edge is not None:
            return BoardAction("road", edge)
        p = parse_parcel(answer)
        if p is not None:
            return BoardAction("build", p)
        return ask.t("board", "err_construct")

    return ask.until(ask.t("board", "prompt_construct"), parse)


def _edge_text(state: BoardGameState, edge: int) -> str:
    """``H x y``, with ``(2)`` for a bridge (2 road pieces, BG-10.3)."""
    text = " ".join(map(str, edge_name(edge)))
    return text + " (2)" if state.town.is_bridge_edge(edge) else text


def _ask_house(ask: Ask) -> BoardAction:
    """BG-6.1.4 (ii): the free house, on another empty parcel with road access."""
    spots = _choices_of(ask, "house")
    question = ask.t("board", "prompt_house", parcels=_parcel_list(spots))
    return ask.until(question, _parcel_answer(ask, "house", False))


def _ask_grant(ask: Ask) -> BoardAction:
    """BG-9.4: the owner answers the builder, one parcel at a time, then no."""
    asker = ask.decision.get("asker")
    free = _choices_of(ask, "grant")
    question = ask.t("board", "prompt_grant", who=ask.names.who(asker),
                     parcels=_parcel_list(free))  # fmt: skip
    return ask.until(question, _parcel_answer(ask, "grant", True))


def _ask_stored(ask: Ask) -> BoardAction:
    """BG-6.1.5, step 12a: build a stored building now, or not."""
    choices = _choices_of(ask, "build_stored")
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

    return ask.until(ask.t("board", "prompt_stored"), parse)


def _ask_count(ask: Ask) -> BoardAction:
    """BG-5.14: how many VP to buy at the space's price."""
    price = ask.decision.get("price")
    most = max(action.arg for action in ask.legal)
    money = ask.state.players[ask.seat].money

    def parse(answer: str) -> Parsed:
        word = answer.strip()
        if ask.is_no(word):
            return BoardAction("count", 0)
        if not word.isdigit() or int(word) > most:
            return ask.t("board", "err_count", most=most)
        return BoardAction("count", int(word))

    return ask.until(ask.t("board", "prompt_count", price=price, most=most, money=money), parse)


def _ask_roads(ask: Ask) -> BoardAction:
    """BG-9.2: the river game's last roads, one at a time, or stop."""
    roads = ask.state.players[ask.seat].roads

    def parse(answer: str) -> Parsed:
        if ask.is_no(answer):
            return PASS
        edge = parse_edge(answer)
        if edge is None:
            return ask.t("board", "err_edge")
        return BoardAction("road", edge)

    edges = ", ".join(_edge_text(ask.state, edge) for edge in _choices_of(ask, "road"))
    return ask.until(ask.t("board", "prompt_roads", roads=roads, edges=edges), parse)


ASKS: dict[str, Callable[[Ask], BoardAction]] = {
    "vote": _ask_vote,
    "purchase": _ask_purchase,
    "claim": _ask_claim,
    "personality": _ask_personality,
    "settler": _ask_settler,
    "menu": _ask_menu,
    "place": _ask_place,
    "order": _ask_order,
    "tile": _ask_tile,
    "buy_parcels": _ask_buy_parcels,
    "construct": _ask_construct,
    "house": _ask_house,
    "grant": _ask_grant,
    "stored": _ask_stored,
    "count": _ask_count,
    "roads": _ask_roads,
}
