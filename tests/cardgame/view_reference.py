"""A plain statement of what a seat's view shows (CG-9) — the oracle for ``views.seat_view``.

It is the view as it was first written: every fact asked the obvious way (the grid cell by
cell through ``City.visible``, a virtual seat's remaining values as a ``Counter``), so that
the engine's faster view can be checked to give the same JSON, key order included.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from carson.games.card.catalog import Personality
from carson.games.card.city import City
from carson.games.card.engine.row_cards import card_json
from carson.games.card.engine.state import CardGameState


def seat_view(state: CardGameState, seat: int | None) -> dict[str, Any]:
    top = state.personality_deck[-1] if state.personality_deck else None
    phase = state.phase
    view: dict[str, Any] = {
        "game": "card",
        "seat": seat,
        "round": state.round,
        "era": state.era,
        "phase": phase,
        "to_act": list(state.seats_to_act),
        "row": [None if card is None else card_json(card) for card in state.row],
        "tie_order": [suit.value for suit in state.tie_order()],
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


def grid(city: City) -> list[str]:
    width, height = city.size
    return [
        "".join(
            parcel.letter if (parcel := city.visible(x, y)) is not None else "-"
            for x in range(width)
        )
        for y in range(height)
    ]


def _back(card: Personality) -> list[str] | str:
    return "skull" if card.back is None else [suit.value for suit in card.back]


def _seat_json(state: CardGameState, index: int) -> dict[str, Any]:
    me = state.seats[index]
    era = state.era - 1
    data: dict[str, Any] = {
        "seat": index,
        "kind": me.kind,
        "suit": me.suit.value,
        "played": [list(values) for values in me.played],
        "personalities": [{"id": p, "turned": p in me.turned} for p in me.personalities],
        "score": state.score(index),
        "final": state.final_value(index),
    }
    if me.is_virtual:
        level = Counter(state.catalog.virtual_levels[me.kind])
        level.subtract(me.played[era])
        data["remaining"] = sorted(level.elements())
        data["terrain"] = list(me.terrain)
    else:
        assert me.city is not None
        data["hand"] = list(me.hand)
        data["has_bid"] = me.bid is not None
        data["city"] = {
            "grid": grid(me.city),
            "cards": [{"id": c.card_id, "x": c.x, "y": c.y} for c in me.city.cards],
            "origin": list(me.city.origin),
        }
        data["set_aside"] = list(me.set_aside)
        data["sold"] = list(me.sold)
    return data
