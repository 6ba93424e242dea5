"""Card-game players: ``random``, ``greedy``, and the registry of seat kinds for tools.

Virtual players (CG-4.7) are not here: they are part of the rules and the engine plays them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from carson.core.players import Player, RandomPlayer
from carson.games.card.ai.player import AI_LEVELS, SearchPlayer
from carson.games.card.ai.valuation import Holding, bid_urgency, wants_window_a, wants_window_b
from carson.games.card.engine.actions import Bid, CardAction, Pick, Place, Sell, Take
from carson.games.card.engine.config import PLAYER, VIRTUAL_LEVELS
from carson.games.card.engine.observation import SeatObservation


class GreedyPlayer:
    """A sensible one-ply player: it looks at what each option adds to its score right now."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        phase = observation.phase
        city = observation.city()
        assert city is not None
        holding = Holding(city, observation.personalities(), observation.sold())
        if phase == "place":
            card = observation.placing
            assert card is not None
            _, where = holding.best_placement(card)
            return Place(*where) if where is not None and Place(*where) in legal else legal[0]
        values = self._row_values(observation, holding)
        if phase == "take":
            return max(
                legal, key=lambda a: values.get(a.slot, -99.0) if isinstance(a, Take) else -99.0
            )
        if phase == "bid":
            bids = sorted(legal, key=lambda a: a.value if isinstance(a, Bid) else 0)
            return bids[round(bid_urgency(list(values.values())) * (len(bids) - 1))]
        if phase == "ability":
            return legal[1] if self._wants_ability(observation, values) else legal[0]
        if phase == "sale":
            return _best_gain(legal, lambda a: holding.gain_after_sale(a.card), Sell)
        if phase == "pick":
            return _best_gain(legal, lambda a: holding.gain_with(a.personality), Pick)
        return legal[0]

    @staticmethod
    def _row_values(observation: SeatObservation, holding: Holding) -> dict[int, float]:
        return {
            slot: holding.card_value(card, observation.round)
            for slot, card in enumerate(observation.row)
            if card is not None
        }

    @staticmethod
    def _wants_ability(observation: SeatObservation, values: dict[int, float]) -> bool:
        ability = observation.offered_ability
        row_values = list(values.values())
        if ability not in BOOSTS_B:
            return wants_window_a(ability, row_values, observation.round)
        me = observation.seat
        others = [observation.final_value(s) for s in range(observation.seat_count) if s != me]
        return wants_window_b(
            BOOSTS_B[ability], observation.final_value(me), others, row_values, observation.round
        )


#: Window B boosts (CG-5.3).
BOOSTS_B = {"mercenary": 5, "doctor": 2}


def _best_gain(
    legal: Sequence[CardAction], gain: Callable[[Any], int], kind: type[CardAction]
) -> CardAction:
    """The action of ``kind`` that gains most; ``legal[0]`` (Pass) if none gains."""
    best: tuple[int, CardAction] = (0, legal[0])
    for action in legal:
        if isinstance(action, kind):
            points = gain(action)
            if points > best[0]:
                best = (points, action)
    return best[1]


#: Seat kinds that a tool can ask for: player kinds (who decides) and virtual levels.
PLAYER_KINDS: dict[str, Callable[[int], Player[CardAction]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    **{level: partial(SearchPlayer, level) for level in AI_LEVELS},
}
SEAT_CHOICES = (*PLAYER_KINDS, *VIRTUAL_LEVELS)


def engine_kind(seat_kind: str) -> str:
    """The engine's seat kind for a tool's seat kind: ``player`` or a virtual level."""
    return seat_kind if seat_kind in VIRTUAL_LEVELS else PLAYER


def make_player(
    seat_kind: str, seed: int, budget_ms: int | None = None
) -> Player[CardAction] | None:
    """A player for a seat kind, or ``None`` for a virtual seat (the engine plays it).
    ``budget_ms`` sets the AI levels' thinking time per decision (see :class:`SearchPlayer`)."""
    if seat_kind in VIRTUAL_LEVELS:
        return None
    if seat_kind in AI_LEVELS and budget_ms is not None:
        return SearchPlayer(seat_kind, seed, budget_ms)
    try:
        return PLAYER_KINDS[seat_kind](seed)
    except KeyError:
        raise ValueError(
            f"unknown seat kind {seat_kind!r}; choose from {', '.join(SEAT_CHOICES)}"
        ) from None
