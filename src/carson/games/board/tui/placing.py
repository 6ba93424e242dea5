"""Placing cowboys: what one's occupied places would cost, the list of targets, and the
order of duels."""

from __future__ import annotations

from rich.text import Text

from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.state import (
    BUILD_SPACE_PRICE,
    SPACES,
)
from carson.games.board.town import HOUSE, MOUNTAIN
from carson.games.board.tui.ask import (
    Ask,
    Parsed,
    choices_of,
    parcel_answer,
    parcel_list,
    parcel_name,
    parse_parcel,
    parse_space,
)
from carson.games.board.tui.screen import COMPACT_BELOW, PLACING_WIDTH
from carson.games.board.tui.track import SideBySide


def target_note(ask: Ask, target: int) -> str:
    """A space or a building one may put a cowboy on, for ``list``: what is there."""
    sight, names = ask.sight, ask.names
    others = [names.who(seat) for seat in sight.seats_at(target) if seat != ask.seat]
    there = ask.t("board", "others_there", who=", ".join(others)) if others else ""
    if target < SPACES:
        name = f"{target + 1} {names.space(target)}"
        price = BUILD_SPACE_PRICE.get(target)
        if price is not None:
            building = sight.build_spaces[price]
            assert building is not None
            name += f" ({names.building(building)}, ${sight.building_price(ask.seat, price)})"
        return f"{name}{there}"
    p = target - SPACES
    owner = sight.town.owners[p]
    tile = sight.town.tiles[p]
    assert owner >= 0 and tile not in (None, HOUSE, MOUNTAIN)
    key = "target_defend" if owner == ask.seat else "target_attack"
    return ask.t("board", key, parcel=parcel_name(p), building=names.building(tile),
                 owner=names.who(owner), income=sight.town.income(p)) + there  # fmt: skip


def list_targets(ask: Ask, targets: list[int]) -> None:
    """Every placement: the spaces and buildings one per line, the free parcels (with their
    price and who is there already) on a few lines."""
    free, notes = [], []
    for target in targets:
        if target >= SPACES and ask.sight.town.owners[target - SPACES] < 0:
            there = "".join(
                f"*{seat + 1}" for seat in ask.sight.seats_at(target) if seat != ask.seat
            )
            p = target - SPACES
            free.append(f"{parcel_name(p)} ${ask.sight.town.price(p)}{there}")
        else:
            notes.append(Text("  " + target_note(ask, target)))
    console = ask.asker.console
    if console.size.height < COMPACT_BELOW and len(notes) > 6:  # the short ones in 2 columns
        short = [note for note in notes if len(note) < console.width // 2]
        half = (len(short) + 1) // 2
        console.print(SideBySide(short[:half], short[half:], 1))
        notes = [note for note in notes if len(note) >= console.width // 2]
    for note in notes:
        ask.say(note)
    if free:
        ask.say("  " + ask.t("board", "list_parcels", parcels=", ".join(free)))


def ask_place(ask: Ask) -> BoardAction:
    """BG-4.2: one cowboy (or the white one) on a space or a parcel, or pass."""
    sight, seat = ask.sight, ask.seat
    player = sight.players[seat]
    parcels, buildings = sight.occupied_costs(seat)  # BG-9.5, the engine's answer (view)
    targets = sorted({a.arg for a in ask.legal if a.kind in ("cowboy", "white")})
    size = ask.asker.console.size
    if size.height >= COMPACT_BELOW or size.width < PLACING_WIDTH:  # else the screen says it
        ask.say(ask.t("board", "place_status", cowboys=player.cowboys,
                      white=ask.t("board", "and_white") if player.white else "",
                      money=player.money, parcels=parcels, buildings=buildings,
                      total=parcels + buildings))  # fmt: skip
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
            list_targets(ask, targets)
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

    # 'w' for the white cowboy only while one has it (BG-7.2 yellow Sheriff)
    keys = ["list_words", "pass_words"] + (["white_words"] if player.white else [])
    question = ask.t("board", "prompt_place" if player.white else "prompt_place_plain")
    return ask.until(question, parse, ("l", *ask.typed(*keys)))


def ask_order(ask: Ask) -> BoardAction:
    """BG-4.3.8, BG-4.3.9: the first passer picks the next duel to resolve."""
    parcels = choices_of(ask, "order")
    about = ask.decision.get("about")
    key = "prompt_order_parcels" if about == "parcels" else "prompt_order_attacks"
    question = ask.t("board", key, parcels=parcel_list(parcels))
    return ask.until(question, parcel_answer(ask, "order", False))
