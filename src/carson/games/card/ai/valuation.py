"""What cards are worth to one seat: the judgement that ``greedy`` and the AI's playouts share.

All of it reads a city, its owner's personalities and sales, and the round, and scores
candidate cities with :func:`carson.games.card.scoring.city_points` (CG-7, without the sheet).
The constants are guesses, tuned by playing (``carson simulate``), not rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from carson.games.card import board
from carson.games.card.ai.memo import PointsMemo
from carson.games.card.catalog import Personality, TerrainCard
from carson.games.card.previews import ScorePreview
from carson.games.card.scoring import board_points, city_points

#: Rough worth, in points, of holding a one-use ability for the whole game (what taking one
#: extra good card, or winning one more auction, tends to bring).
ABILITY_WORTH = {
    "governor": 6,
    "lawyer": 4,
    "chinese_worker": 5,
    "heroes": 3,
    "gunsmith": 4,
    "mercenary": 3,
    "doctor": 1,
    "auctioneer": 5,
    "captain": 2,
    "paperboy": 4,
}
#: Personalities whose points grow with the city: a bonus per round left to build.
GROWTH_PER_ROUND = {
    "banker": 0.4,
    "cowboy": 0.3,
    "grocer": 0.4,
    "settler": 0.3,
    "teacher": 0.6,
    "prospector": 0.4,
    "singer": 0.5,
    "editor": 0.2,
    "undertaker": 0.2,
    "sheriff": 0.2,
}
TOTAL_ROUNDS = 18
#: A little less for a wide or tall city: compact cities keep room for later cards.
SPREAD_PENALTY = 0.05
#: The worth of a terrain card that cannot be placed (CG-4.9: set aside, it scores nothing).
UNPLACEABLE = -1.0


class Holding(ScorePreview):
    """One seat's scoring situation, as the rules' :class:`ScorePreview`, and what cards are
    worth to it."""

    __slots__ = ()

    def placement_gains(
        self,
        card: TerrainCard,
        rng: random.Random | None = None,
        samples: int = 0,
        memo: PointsMemo | None = None,
    ) -> list[tuple[float, tuple[int, int]]]:
        """(gain, place) for the card's legal places, best first (the first in row-major
        order among equals). With ``rng`` and ``samples``, only that many places drawn at
        random are judged (for fast playouts); ``memo`` remembers places already scored."""
        city, layout = self.city, card.parcels
        anchors = _bits(city.legal_anchor_mask(layout))
        if rng is not None and 0 < samples < len(anchors):
            anchors = rng.sample(anchors, samples)
        empty = city.is_empty
        min_x, min_y, max_x, max_y = (
            (0, 0, 0, 0) if empty else board.bounding_box(city.covered_mask)
        )
        known = {} if memo is None else memo.placements(city, self.personalities, self.sold, layout)
        gains = []
        for anchor in anchors:
            x, y = board.coords(anchor.bit_length() - 1)
            points = known.get(anchor)
            if points is None:
                boards, covered = city.boards_after(layout, anchor)
                points = known[anchor] = board_points(
                    boards, covered, self.personalities, self.sold
                )
            spread = (
                4  # the first card: 2 × 2
                if empty
                else max(max_x, x + 1) - min(min_x, x) + max(max_y, y + 1) - min(min_y, y) + 2
            )
            gains.append((points - self.base - SPREAD_PENALTY * spread, (x, y)))
        gains.sort(key=_gain, reverse=True)
        return gains

    def best_placement(
        self,
        card: TerrainCard,
        rng: random.Random | None = None,
        samples: int = 0,
        memo: PointsMemo | None = None,
    ) -> tuple[float, tuple[int, int] | None]:
        """The best (gain, place) of the card; ``(UNPLACEABLE, None)`` if it has no place."""
        gains = self.placement_gains(card, rng, samples, memo)
        return gains[0] if gains else (UNPLACEABLE, None)

    def personality_value(self, card: Personality, round_number: int) -> float:
        """Points it adds now, plus what its ability and growth should bring later."""
        with_it = city_points(self.city, self.personalities | {card.id}, self.sold)
        rounds_left = TOTAL_ROUNDS - round_number
        return (
            with_it
            - self.base
            + ABILITY_WORTH.get(card.id, 0) * rounds_left / TOTAL_ROUNDS
            + GROWTH_PER_ROUND.get(card.id, 0.0) * rounds_left
        )

    def card_value(
        self,
        card: TerrainCard | Personality,
        round_number: int,
        rng: random.Random | None = None,
        samples: int = 0,
        memo: PointsMemo | None = None,
    ) -> float:
        if isinstance(card, TerrainCard):
            return self.best_placement(card, rng, samples, memo)[0]
        return self.personality_value(card, round_number)


def bid_urgency(row_values: Sequence[float]) -> float:
    """0–1: how much winning this auction matters. Much when the best card stands out; less
    when a later pick is nearly as good."""
    values = sorted(row_values, reverse=True)
    want = values[0] if values else 0.0
    second = values[1] if len(values) > 1 else 0.0
    return max(0.0, min(1.0, (want - 0.5 * second) / 8.0))


def wants_window_a(ability: str, row_values: Sequence[float], round_number: int) -> bool:
    """Whether to use a window A ability (CG-5.2) for this row."""
    values = sorted(row_values, reverse=True)
    best = values[0] if values else 0.0
    last_round_of_era = round_number in (9, 18)
    if ability == "governor":
        return best >= 8 or round_number == 18
    if ability == "lawyer":
        return best >= 10 or (last_round_of_era and best >= 4)
    if ability == "chinese_worker":
        return len(values) > 1 and values[1] >= 3
    return best >= 8 or last_round_of_era  # heroes, gunsmith


def wants_window_b(
    boost: int, mine: int, others: Sequence[int], row_values: Sequence[float], round_number: int
) -> bool:
    """Whether to use a window B boost (CG-5.3): only if it moves the seat up the taking
    order, and the row is worth it."""
    best = max(row_values, default=0.0)
    passed = sum(1 for value in others if mine <= value < mine + boost)
    return passed > 0 and (best >= 4 or round_number in (9, 18))


def _gain(entry: tuple[float, tuple[int, int]]) -> float:
    return entry[0]


def _bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest first (row-major order in a city)."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits
