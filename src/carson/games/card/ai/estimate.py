"""What a seat's game is worth when a playout stops at the end of a round: its score so far
plus an estimate of the points the rounds left should bring, so that the search need not play
them out.

For a player seat the estimate is linear in a few features of the position (:func:`features`):
the rounds left (a pace, and its square: late rounds bring bigger cities more), the city's
points so far scaled by the share of the game left (a strong city keeps growing), each
personality held (its growth per round left), each ability not yet used (its worth over the
game left) and the auction cards kept for the rest of the era (above the hand's mean). The
weights (:data:`WEIGHTS`) are **fitted, not set by hand**: least squares of the points a seat
still scored by the end of the game on these features at each round's start, over games of 4
``greedy`` seats (``python -m benchmarks.card_estimate_fit``, which prints this table and the
fit's figures). Virtual seats gather by their level's pace (measured with ``carson simulate``).
"""

from __future__ import annotations

from carson.games.card.engine.abilities import WINDOW_A, WINDOW_B
from carson.games.card.engine.state import CardGameState
from carson.games.card.scoring import city_points, score_virtual

TOTAL_ROUNDS = 18
#: The personalities with a one-use ability (windows A and B, CG-5.2, CG-5.3).
ABILITIES = frozenset((*WINDOW_A, *WINDOW_B))
#: Points a virtual seat gathers per round, by level (the cards it collects).
PACE = {"beginner": 4.0, "advanced": 4.5, "expert": 5.0}

#: The fitted weights of :func:`features` (``python -m benchmarks.card_estimate_fit
#: --games 3000 --seed 2126``: 3,000 games of 4 ``greedy`` seats, 204,000 positions; on the
#: fifth held out the estimate errs by 18.5 points (root mean square) against 27.4 for the
#: hand-made weights it replaces). A weight is what the feature went with in those games,
#: not a cause: a negative one marks a personality that ``greedy`` takes in weaker cities.
WEIGHTS: dict[str, float] = {
    "city_share": 0.433,
    "growth:auctioneer": 0.028,
    "growth:banker": 0.422,
    "growth:captain": -0.058,
    "growth:chinese_worker": 0.739,
    "growth:cowboy": -0.226,
    "growth:doctor": 0.279,
    "growth:editor": 0.412,
    "growth:governor": 0.057,
    "growth:grocer": 0.449,
    "growth:gunsmith": 0.418,
    "growth:heroes": 0.206,
    "growth:indian": -1.613,
    "growth:lawyer": 0.541,
    "growth:mercenary": 0.590,
    "growth:paperboy": 1.209,
    "growth:prospector": 0.072,
    "growth:settler": -0.510,
    "growth:sheriff": 0.224,
    "growth:singer": 0.651,
    "growth:teacher": 1.023,
    "growth:undertaker": 0.408,
    "pace": 8.435,
    "pace_squared": -0.443,
    "spare": 0.470,
    "unused:auctioneer": 0.002,
    "unused:chinese_worker": 7.841,
    "unused:doctor": 1.017,
    "unused:governor": 15.524,
    "unused:gunsmith": 2.121,
    "unused:heroes": 0.304,
    "unused:lawyer": 5.363,
    "unused:mercenary": 1.615,
}


def features(state: CardGameState, seat: int, now: float | None = None) -> dict[str, float]:
    """The player seat's features at the start of a round, by name (those of :data:`WEIGHTS`;
    a missing name is worth 0): what the estimate is linear in. ``now``: the city's points,
    if the caller has them."""
    me = state.seats[seat]
    assert me.city is not None, "virtual seats have no features"
    if now is None:
        now = city_points(me.city, me.personalities, len(me.sold))
    rounds_left = TOTAL_ROUNDS - state.round + 1  # the round just started is still to play
    share = rounds_left / TOTAL_ROUNDS
    hand, full = me.hand, state.catalog.human_hand
    found = {
        "pace": float(rounds_left),
        "pace_squared": rounds_left * share,
        "city_share": now * share,
        "spare": sum(hand) - len(hand) * sum(full) / len(full),
    }
    for personality in me.personalities:
        found["growth:" + personality] = float(rounds_left)
        if personality in ABILITIES and personality not in me.turned:
            found["unused:" + personality] = share
    return found


def position_value(state: CardGameState, seat: int) -> float:
    """The seat's estimated final score; exact once the game is over."""
    me = state.seats[seat]
    if state.is_over:
        return float(state.score(seat))
    if me.city is None:
        catalog = state.catalog
        now = score_virtual(
            (catalog.terrain_card(card).desirability for card in me.terrain),
            (catalog.personality(p).desirability for p in me.personalities),
        )
        return now + PACE[me.kind] * (TOTAL_ROUNDS - state.round + 1)
    now = city_points(me.city, me.personalities, len(me.sold))
    weights = WEIGHTS
    return now + sum(
        weights.get(name, 0.0) * value for name, value in features(state, seat, now).items()
    )
