"""The playout policy: fast, randomised, sensible play for every player seat of a sample.

A search judges a decision by playing sampled games to their end many times; those games are
only as informative as the play in them. Uniform random play builds cities that score a third
of a real one, and play weaker than the real opponents' misleads the search, so this policy
plays like ``greedy`` on a budget: it judges a terrain card (to place it, take it or bid for
it) on a few random places instead of all of them, and a personality by the valuation.
"""

from __future__ import annotations

import random

from carson.games.card.ai.memo import PointsMemo
from carson.games.card.ai.valuation import (
    Holding,
    bid_urgency,
    wants_window_a,
    wants_window_b,
)
from carson.games.card.engine.abilities import BOOSTS, WINDOW_B
from carson.games.card.engine.actions import Bid, CardAction, Pass, Pick, Place, Sell, Take, Use
from carson.games.card.engine.state import CardGameState

#: Places judged per terrain card: when the search values a card in the row, and placing it.
VALUE_SAMPLES = 2
PLACE_SAMPLES = 5
#: Places judged per terrain card of the row when a playout takes or bids.
TAKE_SAMPLES = 3
#: Spread of the playout's bids around its heuristic choice, in hand positions.
BID_NOISE = 1.0


class PlayoutPolicy:
    """Chooses an action for any player seat of a :class:`CardGameState` (a sample: the
    policy may read everything in it, as it is the search's own imagined game)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        #: Placement points already computed in this search (shared with its candidates).
        self.memo = PointsMemo()

    def choose(self, state: CardGameState, seat: int) -> CardAction:
        phase = state.phase
        me = state.seats[seat]
        assert me.city is not None
        if phase == "bid":
            return self._bid(state, seat)
        holding = Holding(me.city, me.personalities, len(me.sold))
        if phase == "place":
            card = state.pending
            assert card is not None
            _, where = holding.best_placement(card, self._rng, PLACE_SAMPLES, self.memo)
            assert where is not None  # a card with no place is set aside, never pending
            return Place(*where)
        if phase == "take":
            values = self.row_values(state, holding)
            return Take(max(values, key=values.__getitem__))
        if phase == "ability":
            wish = wants_offer(state, seat, list(self.row_values(state, holding).values()))
            return Use(state.offered_ability) if wish else Pass()
        if phase == "sale":
            gains = {card: holding.gain_after_sale(card) for card in me.city.sellable_cards()}
            best = max(gains, key=gains.__getitem__, default=None)
            return Sell(best) if best is not None and gains[best] > 0 else Pass()
        if phase == "pick":
            picks = [a for a in state.legal_actions(seat) if isinstance(a, Pick)]
            best_pick = max(picks, key=lambda a: holding.gain_with(a.personality), default=None)
            return best_pick if best_pick is not None else Pass()
        raise AssertionError(phase)  # pragma: no cover

    def row_values(self, state: CardGameState, holding: Holding) -> dict[int, float]:
        """Slot → the card's worth to the holding, as ``greedy`` judges it (a personality by
        the valuation, a terrain card by its best place) but with a terrain card judged on
        :data:`TAKE_SAMPLES` places drawn at random, not all of them."""
        round_number, rng, memo = state.round, self._rng, self.memo
        return {
            slot: holding.card_value(card, round_number, rng, TAKE_SAMPLES, memo)
            for slot, card in enumerate(state.row)
            if card is not None
        }

    def _bid(self, state: CardGameState, seat: int) -> CardAction:
        me = state.seats[seat]
        assert me.city is not None
        hand = sorted(me.hand)
        holding = Holding(me.city, me.personalities, len(me.sold))
        values = list(self.row_values(state, holding).values())
        position = bid_urgency(values) * (len(hand) - 1)
        position += self._rng.gauss(0.0, BID_NOISE)
        return Bid(hand[max(0, min(len(hand) - 1, round(position)))])


def wants_offer(state: CardGameState, seat: int, row_values: list[float]) -> bool:
    """Whether the seat should use the ability on offer (windows A and B), by the valuation."""
    ability = state.offered_ability
    if ability not in WINDOW_B:
        return wants_window_a(ability, row_values, state.round)
    others = [state.final_value(s) for s in range(len(state.seats)) if s != seat]
    return wants_window_b(BOOSTS[ability], state.final_value(seat), others, row_values, state.round)
