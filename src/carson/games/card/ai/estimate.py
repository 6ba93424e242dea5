"""What a seat's game is worth when a playout stops at the end of a round: its score so far
plus a cheap estimate of the rounds left, so that the search need not play them out.

The estimate is the same for every seat of a kind (a pace per round left), so it hardly sways
a seat's choice between its own actions; what does is what differs between them: the points
in its city now, its personalities' growth and unused abilities (as the valuation counts them
when it takes one) and the auction cards it still holds in this era (spending a high card now
leaves lower ones for the rounds to come). The paces were measured with ``carson simulate``
(``greedy`` and the virtual levels); the constants are guesses tuned by playing, not rules.
"""

from __future__ import annotations

from carson.games.card.ai.valuation import ABILITY_WORTH, GROWTH_PER_ROUND, TOTAL_ROUNDS
from carson.games.card.engine.state import CardGameState
from carson.games.card.scoring import city_points, score_virtual

#: Points a seat gathers per round, by seat kind: a player's city, a virtual level's cards.
PACE = {"player": 7.0, "beginner": 4.0, "advanced": 4.5, "expert": 5.0}
#: Points per unit of auction card kept for later in the era (above the hand's mean).
BID_WORTH = 0.5


def position_value(state: CardGameState, seat: int) -> float:
    """The seat's estimated final score; exact once the game is over."""
    me = state.seats[seat]
    if state.is_over:
        return float(state.score(seat))
    rounds_left = TOTAL_ROUNDS - state.round + 1  # the round just started is still to play
    if me.city is None:
        catalog = state.catalog
        now: float = score_virtual(
            (catalog.terrain_card(card).desirability for card in me.terrain),
            (catalog.personality(p).desirability for p in me.personalities),
        )
        full = catalog.virtual_levels[me.kind]
        kept = me.virtual_deck
    else:
        now = city_points(me.city, me.personalities, len(me.sold))
        full = state.catalog.human_hand
        kept = me.hand
        for personality in me.personalities:
            now += GROWTH_PER_ROUND.get(personality, 0.0) * rounds_left
            if personality not in me.turned:
                now += ABILITY_WORTH.get(personality, 0) * rounds_left / TOTAL_ROUNDS
    spare = sum(kept) - len(kept) * sum(full) / len(full)
    return now + PACE.get(me.kind, PACE["player"]) * rounds_left + BID_WORTH * spare
