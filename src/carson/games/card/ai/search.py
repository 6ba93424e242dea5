"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The search itself is :mod:`carson.ai.ismcts`, shared with the board game; this module gives it
the card game. The searching seat cannot see deck orders, virtual seats' next auction cards or
other seats' secret bids. Each iteration therefore:

1. **samples** a game consistent with what the seat knows (:meth:`SeatObservation.sample`);
2. **descends the tree** of the seat's own decisions in this round, choosing among the actions
   legal in that sample by UCB1 with availability counts (an action that a sample does not
   allow is not penalised for it), other seats playing by the playout policy;
3. **expands** one new decision, **plays the sample out** to the end of the current round with
   the playout policy for every player seat (virtual seats play by the rules, CG-4.7),
4. **backs up** the estimated result there (:func:`.estimate.position_value`: score so far
   plus a cheap estimate of the rounds left), as :class:`CardReward`: the chance that the
   estimated margin over the best other seat holds to the end, and that margin measured
   from the root's (so that a seat far behind or ahead still tells its moves apart).

The tree and the playouts stop at the end of the current round: later rounds start from a
newly revealed row, which a sample would otherwise confuse with another, and playing them out
cost nine tenths of a search for little more than noise. Candidates are the legal actions in
the order the shared valuation prefers (the first visits go to the likeliest), with
placements and Paperboy picks cut to the best few (dozens of places differ by nothing).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from carson.ai import ismcts
from carson.ai.evaluation import SearchAnalyst
from carson.ai.ismcts import WIN_WEIGHT, SearchResult
from carson.core.game import Result
from carson.games.card.ai import learned
from carson.games.card.ai.estimate import TOTAL_ROUNDS, position_value
from carson.games.card.ai.memo import PointsMemo
from carson.games.card.ai.playout import PLACE_SAMPLES as PLAYOUT_PLACE_SAMPLES
from carson.games.card.ai.playout import VALUE_SAMPLES as PLAYOUT_VALUE_SAMPLES
from carson.games.card.ai.playout import PlayoutPolicy, wants_offer
from carson.games.card.ai.valuation import Holding, bid_urgency
from carson.games.card.engine.actions import Bid, CardAction, Pass, Pick, Place, Sell, Take, Use
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState

#: Scores are in tenths of a point, so that estimated positions keep their fractions.
TENTHS = 10
#: Reward margin: this many points (in tenths) span the margin part of the reward.
MARGIN_SCALE = 40.0 * TENTHS
#: One point of the valuation, in reward units: the margin part of the reward per point.
POINT_IN_REWARD = (1.0 - WIN_WEIGHT) * TENTHS / MARGIN_SCALE
#: Prior step between neighbouring bids (and against the valuation's ability wish).
BID_STEP = 0.01
#: The error of an estimated margin per square root of the rounds left, in points: each
#: seat's estimate errs by 6.3 points × √(rounds left) (root mean square, 1 to 17 rounds
#: left alike; ``python -m benchmarks.card_estimate_fit`` prints it), a margin of two
#: seats' estimates by √2 times that.
WIN_SPREAD = 9.0


@dataclass(frozen=True)
class SearchLimits:
    """When to stop: after ``iterations``, or at ``seconds`` (whichever comes first)."""

    iterations: int
    seconds: float | None = None
    #: Places (and Paperboy picks) kept as candidates, best first by the valuation.
    top_places: int = 4
    #: The estimate where playouts stop: ``linear`` (:mod:`.estimate`) or ``learned``
    #: (:mod:`.learned`, the self-play model of ``ai-master``).
    value: str = "linear"


#: A seat's estimated final score in a state where a playout stopped.
Estimator = Callable[[CardGameState, int], float]


@dataclass
class CardSearch:
    """The card game for :func:`carson.ai.ismcts.search`: the tree covers the current round
    (later rounds start from a newly revealed row)."""

    observation: SeatObservation
    top_places: int
    policy: PlayoutPolicy
    margin_scale: float = MARGIN_SCALE
    value: Estimator = position_value

    def __post_init__(self) -> None:
        self.root_round = self.observation.round

    def sample(self, rng: random.Random) -> CardGameState:
        return self.observation.sample(rng)

    def stretch(self, state: CardGameState) -> Hashable:
        return state.round

    def candidates(
        self, state: CardGameState, seat: int, rng: random.Random | None
    ) -> list[tuple[CardAction, float]]:
        return candidates(state, seat, self.top_places, rng, self.policy.memo)

    def playout(self, state: CardGameState, seat: int) -> CardAction:
        return self.policy.choose(state, seat)

    def seats_to_act(self, state: CardGameState) -> Sequence[int]:
        return state.seats_to_act

    def apply(self, state: CardGameState, seat: int, action: CardAction) -> None:
        state.apply_unchecked(seat, action)

    def result(self, state: CardGameState) -> Result | None:
        """The real result at the end; at the next round, the estimated one."""
        if state.round == self.root_round and not state.is_over:
            return None
        seats = range(len(state.seats))
        value = self.value
        scores = tuple(round(TENTHS * value(state, seat)) for seat in seats)
        best = max(scores)
        return Result(scores, frozenset(seat for seat in seats if scores[seat] == best))


@dataclass(frozen=True)
class CardReward:
    """The reward of a playout stopped at a round's end, where scores are estimates.

    Half is the chance of winning: the estimated margin over the best other seat against
    the estimate's error for the rounds left (a normal spread of :data:`WIN_SPREAD` per
    square root of a round), exact once the game is over. Half is that margin measured from
    ``centre``, the root position's estimated margin, over :data:`MARGIN_SCALE`: a search
    measured from zero saw every playout of a seat 20 points behind as equally lost (over a
    third of all playouts), and so chose by its prior alone.
    """

    centre: float
    #: The margin's error per square root of the rounds left, in points.
    spread: float = WIN_SPREAD

    @classmethod
    def at(
        cls,
        observation: SeatObservation,
        rng: random.Random,
        value: Estimator = position_value,
        spread: float = WIN_SPREAD,
    ) -> CardReward:
        """The reward for a search from this observation (its centre from one sample)."""
        state = observation.sample(rng)
        values = [value(state, seat) for seat in range(len(state.seats))]
        seat = observation.seat
        best_other = max(value for other, value in enumerate(values) if other != seat)
        return cls(TENTHS * (values[seat] - best_other), spread)

    def __call__(self, state: CardGameState, outcome: Result, seat: int) -> float:
        margin = ismcts.outcome_margin(outcome, seat)
        if state.is_over:
            shared = len(outcome.winners) > 1
            chance = 0.0 if seat not in outcome.winners else 0.5 if shared else 1.0
        else:
            spread = self.spread * TENTHS * math.sqrt(TOTAL_ROUNDS - state.round + 1)
            chance = 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))
        relative = min(1.0, max(0.0, 0.5 + (margin - self.centre) / MARGIN_SCALE))
        return WIN_WEIGHT * chance + (1.0 - WIN_WEIGHT) * relative


def search(
    observation: SeatObservation, limits: SearchLimits, rng: random.Random
) -> SearchResult[CardAction]:
    """The observing seat's best action, by ISMCTS on samples of what it cannot see.

    Deterministic for a given ``rng`` state when ``limits.seconds`` is ``None`` (samples
    depend on public facts only, so the hidden truth never sways a seeded choice).
    """
    value, spread = estimator(limits.value)
    domain = CardSearch(observation, limits.top_places, PlayoutPolicy(rng), value=value)
    reward = CardReward.at(observation, rng, value, spread)
    return ismcts.search(
        domain, observation.seat, limits.iterations, limits.seconds, rng, reward=reward
    )


def estimator(name: str) -> tuple[Estimator, float]:
    """The estimate named by :attr:`SearchLimits.value`, and its margin's error per square
    root of the rounds left (two seats' errors: √2 times one's)."""
    if name == "linear":
        return position_value, WIN_SPREAD
    if name == "learned":
        return learned.learned_value, math.sqrt(2.0) * learned.spread()
    raise ValueError(f"unknown value estimate {name!r}; choose linear or learned")


def candidates(
    state: CardGameState,
    seat: int,
    top_places: int,
    rng: random.Random | None,
    memo: PointsMemo | None = None,
) -> list[tuple[CardAction, float]]:
    """The seat's legal actions worth searching, each with its prior (0 for the valuation's
    favourite, less for the others, in reward units), the favourite first. With ``rng``,
    terrain in the row is judged on a few random places (deeper in the tree)."""
    legal = state.legal_actions(seat)
    if len(legal) <= 1:
        return [(action, 0.0) for action in legal]
    me = state.seats[seat]
    assert me.city is not None
    holding = Holding(me.city, me.personalities, len(me.sold))
    samples = PLAYOUT_VALUE_SAMPLES if rng is not None else 0
    phase = state.phase
    valued: list[tuple[CardAction, float]]
    if phase == "place":
        card = state.pending
        assert card is not None
        places = 2 * PLAYOUT_PLACE_SAMPLES if rng is not None else 0  # deeper: a few at random
        gains = holding.placement_gains(card, rng, places, memo)[:top_places]
        valued = [(Place(x, y), gain) for gain, (x, y) in gains]
    elif phase == "take":
        valued = [
            (action, holding.card_value(row_card, state.round, rng, samples, memo))
            for action in legal
            if isinstance(action, Take) and (row_card := state.row[action.slot]) is not None
        ]
    elif phase == "pick":
        picks = [(a, float(holding.gain_with(a.personality))) for a in legal if isinstance(a, Pick)]
        valued = [*sorted(picks, key=_value, reverse=True)[:top_places], (Pass(), 0.0)]
    elif phase == "sale":
        valued = [
            (a, float(holding.gain_after_sale(a.card)) if isinstance(a, Sell) else 0.0)
            for a in legal
        ]
    elif phase == "bid":
        row_values = _row_values(state, holding, rng, samples, memo)
        hand = sorted(a.value for a in legal if isinstance(a, Bid))
        aim = bid_urgency(row_values) * (len(hand) - 1)
        # No points to compare: a small step per hand position away from the aim.
        valued = [(Bid(value), -BID_STEP * abs(i - aim)) for i, value in enumerate(hand)]
    else:  # ability: no points either; the valuation's wish gets the edge
        row_values = _row_values(state, holding, rng, samples, memo)
        wish = wants_offer(state, seat, row_values)
        valued = [
            (Use(state.offered_ability), 0.0 if wish else -BID_STEP),
            (Pass(), -BID_STEP if wish else 0.0),
        ]
    best = max(value for _, value in valued)
    scale = 1.0 if phase in ("bid", "ability") else POINT_IN_REWARD
    ranked = sorted(valued, key=_value, reverse=True)
    return [(action, (value - best) * scale) for action, value in ranked]


def _row_values(
    state: CardGameState,
    holding: Holding,
    rng: random.Random | None,
    samples: int,
    memo: PointsMemo | None,
) -> list[float]:
    """What each card of the row is worth to the holding (terrain on ``samples`` places)."""
    return [
        holding.card_value(card, state.round, rng, samples, memo)
        for card in state.row
        if card is not None
    ]


def _value(entry: tuple[CardAction, float]) -> float:
    return entry[1]


def analyse(
    observation: SeatObservation,
    iterations: int,
    rng: random.Random,
    include: Sequence[CardAction],
) -> SearchResult[CardAction]:
    """The search of an analysis (hints, post-game): ``ai-hard``'s candidates, the given
    iterations and no clock, with ``include`` (a person's choice) among the candidates."""
    domain = CardSearch(observation, ANALYSIS_TOP_PLACES, PlayoutPolicy(rng))
    reward = CardReward.at(observation, rng)
    return ismcts.search(domain, observation.seat, iterations, None, rng, include, reward)


#: Places kept as candidates by an analysis (as ``ai-hard``).
ANALYSIS_TOP_PLACES = 4
#: The card game's analyst (its ``analysis`` adapter); scores are in tenths of a point.
ANALYST: SearchAnalyst[SeatObservation, CardAction] = SearchAnalyst(analyse, TENTHS)
