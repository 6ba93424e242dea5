"""What one seat may see (CG-9): every public fact, plus that seat's own secrets.

This is the only way game facts leave the engine for a seat (boardgame.io's ``playerView``).
Hidden (CG-9.2) and never here: the order of any deck (only sizes), a virtual seat's next
auction card (only the set of values it has left, which is public by elimination), and other
seats' bids before the reveal (only whether they have bid). The seed is never in a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carson.core.game import JSON
from carson.games.card.catalog import Personality
from carson.games.card.engine.row_cards import card_json

if TYPE_CHECKING:
    from carson.games.card.engine.state import CardGameState


def seat_view(state: CardGameState, seat: int | None) -> JSON:
    """The view of ``seat`` (``None`` = a spectator, who sees only public facts)."""
    top = state.personality_deck[-1] if state.personality_deck else None
    phase = state.phase
    view: JSON = {
        "game": "card",
        "seat": seat,
        "round": state.round,
        "era": state.era,
        "phase": phase,
        "to_act": list(state.seats_to_act),
        "row": [None if card is None else card_json(card) for card in state.row],
        # A suit's str() is its value as a plain str (a StrEnum): cheaper than ``.value``.
        "tie_order": list(map(str, state.tie_order())),
        "top_personality_back": None if top is None else _back(top),
        "decks": {
            "terrain": len(state.terrain_decks[state.era - 1]),
            "personalities": len(state.personality_deck),
        },
        "removed_personalities": sorted(p.id for p in state.removed_personalities),
        "seats": [_seat_json(state, index) for index in range(len(state.seats))],
    }
    if phase in ("ability", "sale"):
        view["offer"] = {
            "seat": state.seats_to_act[0],
            "ability": state.offered_ability or "auctioneer",
        }
    if state.pending is not None:
        view["placing"] = {"seat": state.seats_to_act[0], "card": card_json(state.pending)}
    if seat is not None and 0 <= seat < len(state.seats):
        bid = state.seats[seat].bid
        view["private"] = {"bid": bid} if bid is not None else {}
    result = state.result()
    if result is not None:
        view["result"] = result.to_json()
    return view


def _back(card: Personality) -> list[str] | str:
    return "skull" if card.back is None else list(map(str, card.back))


def _seat_json(state: CardGameState, index: int) -> JSON:
    me = state.seats[index]
    era = state.era - 1
    data: JSON = {
        "seat": index,
        "kind": me.kind,
        "suit": str(me.suit),
        "played": [list(values) for values in me.played],
        "personalities": [{"id": p, "turned": p in me.turned} for p in me.personalities],
        "score": state.score(index),
        # the revealed bid plus its boosts this round (0 before the reveal): the taking order
        "final": state.final_value(index),
    }
    if me.is_virtual:
        # The values still in its deck, as a sorted multiset: public by elimination (CG-9.1),
        # while their order, and so the next card, stays hidden (CG-9.2). The level's values
        # sorted, less one of each played (a list's remove: cheaper than a Counter's sums).
        remaining = sorted(state.catalog.virtual_levels[me.kind])
        for value in me.played[era]:
            if value in remaining:
                remaining.remove(value)
        data["remaining"] = remaining
        data["terrain"] = list(me.terrain)
    else:
        assert me.city is not None
        data["hand"] = list(me.hand)
        data["has_bid"] = me.bid is not None
        data["city"] = {
            "grid": me.city.grid(),
            "cards": [{"id": card, "x": x, "y": y} for card, x, y in me.city.card_positions()],
            # where the city's (0, 0) is in the game's stable frame of columns and rows
            "origin": list(me.city.origin),
        }
        data["set_aside"] = list(me.set_aside)
        data["sold"] = list(me.sold)
    return data
