"""Card-game players: ``random``, ``greedy``, and the registry of seat kinds for tools.

Virtual players (CG-4.7) are not here: they are part of the rules and the engine plays them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from carson.cardgame.catalog import Personality, TerrainCard
from carson.cardgame.city import City
from carson.cardgame.engine.actions import Bid, CardAction, Pick, Place, Sell, Take
from carson.cardgame.engine.config import PLAYER, VIRTUAL_LEVELS
from carson.cardgame.engine.observation import SeatObservation
from carson.cardgame.scoring import score_city
from carson.players.base import Player, RandomPlayer

#: Rough worth, in points, of holding a one-use ability for the rest of the game (greedy's
#: guess: what taking one extra good card, or winning one more auction, tends to bring).
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


class GreedyPlayer:
    """A sensible one-ply player: it looks at what each option adds to its score right now."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        phase = observation.phase
        if phase == "place":
            return self._place(observation, legal)
        if phase == "take":
            values = self._row_values(observation)
            return max(
                legal, key=lambda a: values.get(a.slot, -99.0) if isinstance(a, Take) else -99.0
            )
        if phase == "bid":
            return self._bid(observation, legal)
        if phase == "ability":
            return legal[1] if self._wants_ability(observation) else legal[0]
        if phase == "sale":
            return self._sale(observation, legal)
        if phase == "pick":
            return self._pick(observation, legal)
        return legal[0]

    # ------------------------------------------------------------------ valuing cards

    def _score(self, city: City, personalities: Sequence[str], sold: int) -> int:
        return score_city(city, personalities, sold=sold).total

    def _best_place(
        self, observation: SeatObservation, card: TerrainCard
    ) -> tuple[float, tuple[int, int] | None]:
        city = observation.city()
        assert city is not None
        personalities = observation.personalities()
        sold = observation.sold()
        base = self._score(city, personalities, sold)
        best: tuple[float, tuple[int, int] | None] = (-1.0, None)  # unplaceable: worth nothing
        for x, y in city.legal_placements(card.parcels):
            trial = city.copy()
            trial.place_unchecked(card.id, card.parcels, x, y)
            # Prefer compact cities a little: room stays for later cards.
            width, height = trial.size
            gain = self._score(trial, personalities, sold) - base - 0.05 * (width + height)
            if gain > best[0]:
                best = (gain, (x, y))
        return best

    def _personality_value(self, observation: SeatObservation, card: Personality) -> float:
        city = observation.city()
        assert city is not None
        mine = observation.personalities()
        sold = observation.sold()
        now = self._score(city, mine, sold)
        with_it = self._score(city, (*mine, card.id), sold)
        rounds_left = TOTAL_ROUNDS - observation.round
        return (
            with_it
            - now
            + ABILITY_WORTH.get(card.id, 0) * rounds_left / TOTAL_ROUNDS
            + GROWTH_PER_ROUND.get(card.id, 0.0) * rounds_left
        )

    def _row_values(self, observation: SeatObservation) -> dict[int, float]:
        values: dict[int, float] = {}
        for slot, card in enumerate(observation.row):
            if isinstance(card, TerrainCard):
                values[slot] = self._best_place(observation, card)[0]
            elif isinstance(card, Personality):
                values[slot] = self._personality_value(observation, card)
        return values

    # ------------------------------------------------------------------ decisions

    def _place(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        card = observation.placing
        assert card is not None
        _, where = self._best_place(observation, card)
        return Place(*where) if where is not None and Place(*where) in legal else legal[0]

    def _bid(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        """Bid high when the row holds something worth much to us, low otherwise."""
        values = sorted(self._row_values(observation).values(), reverse=True)
        want = values[0] if values else 0.0
        # Many good cards in the row: a later pick is nearly as good, so bid lower.
        second = values[1] if len(values) > 1 else 0.0
        urgency = max(0.0, min(1.0, (want - 0.5 * second) / 8.0))
        bids = sorted(legal, key=lambda a: a.value if isinstance(a, Bid) else 0)
        return bids[round(urgency * (len(bids) - 1))]

    def _wants_ability(self, observation: SeatObservation) -> bool:
        ability = observation.offered_ability
        values = sorted(self._row_values(observation).values(), reverse=True)
        best = values[0] if values else 0.0
        last_round_of_era = observation.round in (9, 18)
        if ability == "governor":
            return best >= 8 or observation.round == 18
        if ability == "lawyer":
            return best >= 10 or (last_round_of_era and best >= 4)
        if ability == "chinese_worker":
            return len(values) > 1 and values[1] >= 3
        if ability in ("heroes", "gunsmith"):
            return best >= 8 or last_round_of_era
        # Window B: the bids are known; use a boost if it moves us up the taking order.
        me = observation.seat
        boost = {"mercenary": 5, "doctor": 2}.get(ability, 0)
        mine = observation.final_value(me)
        passed = sum(
            1
            for other in range(observation.seat_count)
            if other != me and mine <= observation.final_value(other) < mine + boost
        )
        return passed > 0 and (best >= 4 or last_round_of_era)

    def _sale(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        """Sell the card whose sale gains most (7 VP each, CG-5.4), if any sale gains."""

        def after_sale(action: CardAction, city: City, mine: Sequence[str], sold: int) -> int:
            assert isinstance(action, Sell)
            trial = city.copy()
            trial.sell(action.card)
            return self._score(trial, mine, sold + 1)

        return self._best_gain(observation, legal, after_sale)

    def _pick(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        """Pick the personality that adds most to the final score (CG-5.5)."""

        def after_pick(action: CardAction, city: City, mine: Sequence[str], sold: int) -> int:
            assert isinstance(action, Pick)
            return self._score(city, (*mine, action.personality), sold)

        return self._best_gain(observation, legal, after_pick)

    def _best_gain(
        self,
        observation: SeatObservation,
        legal: Sequence[CardAction],
        score_after: Callable[[CardAction, City, Sequence[str], int], int],
    ) -> CardAction:
        """The action after which the seat scores most above now; ``legal[0]`` (Pass) if none
        gains."""
        city = observation.city()
        assert city is not None
        mine = observation.personalities()
        sold = observation.sold()
        now = self._score(city, mine, sold)
        best: tuple[int, CardAction] = (0, legal[0])
        for action in legal[1:]:
            gain = score_after(action, city, mine, sold) - now
            if gain > best[0]:
                best = (gain, action)
        return best[1]


#: Seat kinds that a tool can ask for: player kinds (who decides) and virtual levels.
PLAYER_KINDS: dict[str, Callable[[int], Player[CardAction]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}
SEAT_CHOICES = (*PLAYER_KINDS, *VIRTUAL_LEVELS)


def engine_kind(seat_kind: str) -> str:
    """The engine's seat kind for a tool's seat kind: ``player`` or a virtual level."""
    return seat_kind if seat_kind in VIRTUAL_LEVELS else PLAYER


def make_player(seat_kind: str, seed: int) -> Player[CardAction] | None:
    """A player for a seat kind, or ``None`` for a virtual seat (the engine plays it)."""
    if seat_kind in VIRTUAL_LEVELS:
        return None
    try:
        return PLAYER_KINDS[seat_kind](seed)
    except KeyError:
        raise ValueError(
            f"unknown seat kind {seat_kind!r}; choose from {', '.join(SEAT_CHOICES)}"
        ) from None
