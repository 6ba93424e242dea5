"""Asking a human seat for its card-game decision, one phase at a time, and reading the
answer.

Each phase has its question; an answer that is not a legal action gets a message saying
what is wanted, and the question again. Nothing reaches the engine that it would refuse.
"""

from __future__ import annotations

from carson.games.card import board
from carson.games.card.engine.actions import Bid, CardAction, Pass, Pick, Place, Sell, Take, Use
from carson.games.card.engine.state import CardGameState
from carson.games.card.previews import ScorePreview as Holding
from carson.games.card.previews import boost_can_matter
from carson.games.card.scoring import city_points
from carson.games.card.tui.places import refusal, to_current, to_stable
from carson.games.card.tui.render import Names, city_grid, mini_card
from carson.terminal.asker import Asker, ask_number, ask_number_or_no, ask_yes_no
from carson.terminal.texts import Texts


def list_words(texts: Texts) -> tuple[str, ...]:
    """What lists every legal place, placing a card (English, and the player's word)."""
    return ("list", "l", texts("commands", "list").lower())


def never_words(texts: Texts) -> tuple[str, ...]:
    """What declines an ability for the rest of the game."""
    return ("never", texts("commands", "never").lower())


def ask_action(asker: Asker, state: CardGameState, seat: int, names: Names) -> CardAction:
    """The seat's decision in the current phase, asked until it is a legal action."""
    phase = state.phase
    if phase == "bid":
        return _ask_bid(asker, state, seat)
    if phase == "take":
        return _ask_take(asker, state)
    if phase == "place":
        return _ask_place(asker, state, seat)
    if phase == "ability":
        return _ask_ability(asker, state, names)
    if phase == "sale":
        return _ask_sale(asker, state, seat)
    if phase == "pick":
        return _ask_pick(asker, state, seat, names)
    raise AssertionError(phase)  # pragma: no cover


def _ask_bid(asker: Asker, state: CardGameState, seat: int) -> CardAction:
    me, texts = state.seats[seat], asker.texts
    hand = list(me.hand)
    if len(hand) == 1:  # nothing to choose: played at once, and said
        asker.console.print(texts("ui", "bid_last", value=hand[0]), markup=False)
        if asker.console.is_terminal:
            # The new round's whole row is on screen only now (the next question comes
            # after others have taken from it): it stays until the player goes on.
            asker(texts("ui", "go_on"))
        return Bid(hand[0])
    question = texts("ui", "prompt_bid", hand=" ".join(map(str, hand)))
    played = me.played[state.era - 1]
    while True:
        answer = asker(question)
        try:
            value = int(answer)
        except ValueError:
            asker.error(texts("ui", "err_number"))
            continue
        if value in hand:
            return Bid(value)
        if value in played:
            asker.error(texts("ui", "err_bid_played", value=value, hand=" ".join(map(str, hand))))
        else:
            asker.error(texts("ui", "err_choice", choices=", ".join(map(str, hand))))


def _ask_take(asker: Asker, state: CardGameState) -> CardAction:
    slots = [slot for slot, card in enumerate(state.row) if card is not None]
    question = asker.texts("ui", "prompt_take", slots=", ".join(map(str, slots)))
    return Take(ask_number(asker, question, slots))


def _ask_place(asker: Asker, state: CardGameState, seat: int) -> CardAction:
    """Where the pending card goes, asked and answered in the city's stable frame."""
    me = state.seats[seat]
    card = state.pending
    assert me.city is not None and card is not None
    city, texts = me.city, asker.texts
    anchors = city.legal_anchor_mask(card.parcels)
    asker.console.print(mini_card(card), markup=False)
    asker.console.print(city_grid(city, marks=anchors), markup=False)
    asker.console.print(texts("ui", "legal_mark"), style="dim", markup=False)
    before = state.score(seat)
    question = texts("ui", "prompt_place", card=texts("ui", "terrain", id=card.id))
    while True:
        answer = asker(question, words=list_words(texts))
        if answer.lower() in list_words(texts):
            _list_places(asker, state, seat)
            continue
        parts = answer.replace(",", " ").split()
        try:
            column, row = (int(part) for part in parts)
        except ValueError:
            asker.error(texts("ui", "err_two_numbers"))
            continue
        x, y = to_current(city, column, row)
        reason = refusal(city, card.parcels, x, y, texts)
        if reason is not None:
            asker.error(texts("ui", "err_place", reason=reason))
            continue
        after = _points_after(state, seat, x, y)
        trial = city.copy()
        trial.place_unchecked(card.id, card.parcels, x, y)
        # A card left of or above the city moves its corner: it lands at x, y ≥ 0.
        new_cells = board.card_cells(board.bit(max(x, 0), max(y, 0)))
        asker.console.print(city_grid(trial, new_cells=new_cells), markup=False)
        confirm = texts("ui", "preview", x=column, y=row, before=before, after=after,
                        delta=_signed(after - before))  # fmt: skip
        if ask_yes_no(asker, confirm):
            return Place(x, y)
        asker.console.print(city_grid(city, marks=anchors), markup=False)


def _list_places(asker: Asker, state: CardGameState, seat: int) -> None:
    """Every legal place in the stable frame with what it gains, best first."""
    city, card = state.seats[seat].city, state.pending
    assert city is not None and card is not None
    before = state.score(seat)
    places = sorted(
        ((_points_after(state, seat, x, y) - before, to_stable(city, x, y))
         for x, y in city.legal_placements(card.parcels)),
        key=lambda entry: -entry[0],
    )  # fmt: skip
    entries = [f"({x}, {y}) {_signed(delta)}" for delta, (x, y) in places]
    head = asker.texts.template("ui", "places").split("{places}")[0].rstrip()
    for line in wrap_entries(head, entries, asker.console.width):
        asker.console.print(line, markup=False, soft_wrap=True)


def wrap_entries(head: str, entries: list[str], width: int) -> list[str]:
    """``head`` and the comma-separated ``entries`` in lines of at most ``width``, cut only
    between entries (the terminal would cut one at its inner spaces)."""
    lines, line = [], head
    for index, entry in enumerate(entries):
        piece = entry + ("," if index < len(entries) - 1 else "")
        if line and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return lines


def _ask_ability(asker: Asker, state: CardGameState, names: Names) -> CardAction:
    """Use the offered ability? 'never' passes and stops offering it in this game; a boost
    that cannot change the taking order is passed without asking (it stays for later)."""
    ability, texts = state.offered_ability, asker.texts
    name = names.personality(ability)
    if ability in names.declined:
        asker.console.print(texts("ui", "ability_declined", name=name), style="dim", markup=False)
        return Pass()
    if not boost_can_matter(state, ability):
        asker.console.print(texts("ui", "ability_idle", name=name), style="dim", markup=False)
        return Pass()
    explain = texts("explain", ability) if texts.has("explain", ability) else ""
    question = texts("ui", "prompt_ability", name=name, explain=explain)
    asker.console.print(texts("ui", "ability_never", name=name), style="dim", markup=False)
    while True:
        answer = asker(question, words=never_words(texts))
        if answer.lower() in never_words(texts):
            names.declined.add(ability)
            return Pass()
        said = texts.yes(answer)
        if said is not None:
            return Use(ability) if said else Pass()
        asker.error(texts("ui", "err_yes_no"))


def _ask_sale(asker: Asker, state: CardGameState, seat: int) -> CardAction:
    me = state.seats[seat]
    assert me.city is not None
    holding = Holding(me.city, me.personalities, len(me.sold))
    sellable = sorted(me.city.sellable_cards())
    options = ", ".join(
        asker.texts("ui", "sale_option", id=card, delta=_signed(holding.gain_after_sale(card)))
        for card in sellable
    )
    asker.console.print(options, markup=False)
    card = ask_number_or_no(asker, asker.texts("ui", "prompt_sale", sold=len(me.sold)), sellable)
    return Pass() if card is None else Sell(card)


def _ask_pick(asker: Asker, state: CardGameState, seat: int, names: Names) -> CardAction:
    me = state.seats[seat]
    assert me.city is not None
    holding = Holding(me.city, me.personalities, len(me.sold))
    picks = [action for action in state.legal_actions(seat) if isinstance(action, Pick)]
    for number, pick in enumerate(picks, start=1):
        delta = _signed(holding.gain_with(pick.personality))
        name = names.personality(pick.personality)
        asker.console.print(
            asker.texts("ui", "pick_option", number=number, name=name, delta=delta), markup=False
        )
    chosen = ask_number_or_no(
        asker, asker.texts("ui", "prompt_pick"), list(range(1, len(picks) + 1))
    )
    return Pass() if chosen is None else picks[chosen - 1]


def _points_after(state: CardGameState, seat: int, x: int, y: int) -> int:
    me = state.seats[seat]
    card = state.pending
    assert me.city is not None and card is not None
    trial = me.city.copy()
    trial.place_unchecked(card.id, card.parcels, x, y)
    return city_points(trial, me.personalities, len(me.sold))


def _signed(value: int) -> str:
    return f"{value:+d}"
