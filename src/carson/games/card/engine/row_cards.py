"""The cards of the row (a terrain card or a personality) and their JSON form in events."""

from __future__ import annotations

from functools import cache

from carson.core.game import JSON
from carson.games.card.catalog import Personality, TerrainCard

#: A slot of the row holds one of these, or ``None`` once taken. Both are always true
#: (neither defines ``__bool__`` or ``__len__``): the engine asks ``any(row)`` whether a card
#: is left, in C, instead of a Python loop (0.4 % of a simulated game; issue 21).
RowCard = TerrainCard | Personality


def card_json(card: RowCard) -> JSON:
    """A card as JSON (a fresh copy: callers may keep or change it)."""
    cached = _card_json_cached(card)
    if "parcels" in cached:
        return {**cached, "parcels": list(cached["parcels"])}
    return dict(cached)


@cache
def _card_json_cached(card: RowCard) -> JSON:
    if isinstance(card, Personality):
        return {"kind": "personality", "id": card.id, "desirability": card.desirability}
    return {
        "kind": "terrain",
        "id": card.id,
        "era": card.era,
        "parcels": [parcel.id for parcel in card.parcels],
        "desirability": card.desirability,
    }
