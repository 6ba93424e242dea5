"""Comparing places for a terrain card (issue 25): the player marks up to four legal corners
and the page shows each one's score beside the others, from the engine's preview
(:class:`carson.games.card.previews.ScorePreview`), with a button to place the card there.

The marked places travel in the page's query (``?cmp=x:y,x:y``), as the single preview's
``?x=&y=`` does: nothing is stored, and a place that is not a legal corner now is left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from carson.core.game import JSON
from carson.games.card.catalog import TerrainCard
from carson.games.card.previews import ScorePreview

MAX_COMPARED = 4
Place = tuple[int, int]


def compared(query: Mapping[str, str]) -> list[Place] | None:
    """The places the query marks (``None``: the player is not comparing), the last
    :data:`MAX_COMPARED` of them; parts that are not two whole numbers are ignored."""
    if "cmp" not in query:
        return None
    places: list[Place] = []
    for part in query["cmp"].split(",")[: 4 * MAX_COMPARED]:  # a bounded amount of work
        x, _, y = part.partition(":")
        try:
            place = (int(x), int(y))
        except ValueError:
            continue
        if place not in places:
            places.append(place)
    return places[-MAX_COMPARED:]


def _query(places: Sequence[Place]) -> str:
    return ",".join(f"{x}:{y}" for x, y in places)


def comparison(
    places: Sequence[Place],
    corners: Mapping[Place, Mapping[str, Any]],
    holding: ScorePreview,
    card: TerrainCard,
) -> JSON:
    """The rows of the comparison (a place, the city's VP with the card there, the change,
    the action placing it) and, for each legal corner, the query that marks or unmarks it."""
    kept = [place for place in places if place in corners]
    scores = [holding.after_placing(card.id, card.parcels, x, y) for x, y in kept]
    best = max(scores, default=None)
    rows = [
        {"x": x, "y": y, "after": after, "delta": f"{after - holding.base:+d}",
         "action": json.dumps(corners[(x, y)]), "best": len(kept) > 1 and after == best}
        for (x, y), after in zip(kept, scores, strict=True)
    ]  # fmt: skip
    links = {}
    for corner in corners:
        chosen = [p for p in kept if p != corner] if corner in kept else [*kept, corner]
        links[f"{corner[0]}:{corner[1]}"] = _query(chosen[-MAX_COMPARED:])
    return {"rows": rows, "links": links, "marked": [f"{x}:{y}" for x, y in kept]}
