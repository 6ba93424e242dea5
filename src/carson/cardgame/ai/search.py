"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The searching seat cannot see deck orders, virtual seats' next auction cards or other seats'
secret bids. Each iteration therefore:

1. **samples** a game consistent with what the seat knows (:meth:`SeatObservation.sample`);
2. **descends the tree** of the seat's own decisions in this round, choosing among the actions
   legal in that sample by UCB1 with availability counts (an action that a sample does not
   allow is not penalised for it), other seats playing by the playout policy;
3. **expands** one new decision, **plays the sample out** to the game's end with the playout
   policy for every player seat (virtual seats play by the rules, CG-4.7),
4. **backs up** the result: a mix of winning and the margin over the best other seat.

The tree stops at the end of the current round: later rounds start from a newly revealed
row, which a sample would otherwise confuse with another. Candidates are the legal actions in
the order the shared valuation prefers (the first visits go to the likeliest), with
placements and Paperboy picks cut to the best few (dozens of places differ by nothing).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from carson.cardgame.ai.playout import VALUE_SAMPLES as PLAYOUT_VALUE_SAMPLES
from carson.cardgame.ai.playout import PlayoutPolicy, wants_offer
from carson.cardgame.ai.valuation import Holding, bid_urgency
from carson.cardgame.engine.actions import Bid, CardAction, Pass, Pick, Place, Sell, Take, Use
from carson.cardgame.engine.observation import SeatObservation
from carson.cardgame.engine.state import CardGameState

#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: Reward = WIN_WEIGHT × (1 win, ½ shared, 0 lost) + the rest × the margin squashed to [0, 1].
WIN_WEIGHT = 0.5
MARGIN_SCALE = 40.0
#: One point of the valuation, in reward units: the margin part of the reward per point.
POINT_IN_REWARD = (1.0 - WIN_WEIGHT) / MARGIN_SCALE
#: Weight of the valuation's prior, in visits: with few iterations the search plays like
#: the valuation (``greedy``); with many, the playouts decide.
PRIOR_VISITS = 4
#: Prior step between neighbouring bids (and against the valuation's ability wish).
BID_STEP = 0.01


@dataclass(frozen=True)
class SearchLimits:
    """When to stop: after ``iterations``, or at ``seconds`` (whichever comes first)."""

    iterations: int
    seconds: float | None = None
    #: Places (and Paperboy picks) kept as candidates, best first by the valuation.
    top_places: int = 4


@dataclass
class Node:
    """Statistics of one of the seat's decisions (an edge of the information-set tree)."""

    #: The valuation's opinion, in reward units relative to its favourite (0 or less).
    prior: float = 0.0
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[CardAction, Node] = field(default_factory=dict)

    def mean(self, base: float) -> float:
        """The mean reward, smoothed by PRIOR_VISITS imagined visits at ``base + prior``."""
        return (self.total + PRIOR_VISITS * (base + self.prior)) / (self.visits + PRIOR_VISITS)


@dataclass(frozen=True)
class SearchResult:
    action: CardAction
    iterations: int
    seconds: float
    #: Each candidate at the root: (visits, mean reward smoothed by its prior).
    stats: dict[CardAction, tuple[int, float]]


def search(observation: SeatObservation, limits: SearchLimits, rng: random.Random) -> SearchResult:
    """The observing seat's best action, by ISMCTS on samples of what it cannot see.

    Deterministic for a given ``rng`` state when ``limits.seconds`` is ``None`` (samples
    depend on public facts only, so the hidden truth never sways a seeded choice).
    """
    start = time.perf_counter()
    seat = observation.seat
    state = observation.sample(rng)  # the root's facts are the seat's own: any sample will do
    deadline = None if limits.seconds is None else start + limits.seconds
    policy = PlayoutPolicy(rng)
    root = Node()
    root_round = state.round
    root_candidates = candidates(state, seat, limits.top_places, None)
    if len(root_candidates) == 1:
        only = root_candidates[0][0]
        return SearchResult(only, 0, 0.0, {only: (0, 0.0)})
    done = 0
    while done < limits.iterations and (deadline is None or time.perf_counter() < deadline):
        sample = observation.sample(rng)
        path = [root]
        node: Node | None = root
        first = True
        while not sample.is_over:
            actors = sample.seats_to_act
            actor = seat if seat in actors else actors[0]
            if actor == seat and node is not None and sample.round == root_round:
                options = (
                    root_candidates if first else candidates(sample, seat, limits.top_places, rng)
                )
                base = root.total / root.visits if root.visits else 0.5
                action, node = _select(node, [*options], base)
                path.append(node)
                if node.visits == 0:
                    node = None  # expanded: the rest is playout
            else:
                action = policy.choose(sample, actor)
            first = False
            sample.apply_unchecked(actor, action)
        reward = _reward(sample, seat)
        for visited in path:
            visited.visits += 1
            visited.total += reward
        done += 1
    base = root.total / root.visits if root.visits else 0.5
    for action, prior in root_candidates:
        root.children.setdefault(action, Node(prior=prior))
    stats = {action: (child.visits, child.mean(base)) for action, child in root.children.items()}
    # The best smoothed mean; the first candidate (the valuation's favourite) among equals.
    best = max(root_candidates, key=lambda entry: stats[entry[0]][1])[0]
    return SearchResult(best, done, time.perf_counter() - start, stats)


def candidates(
    state: CardGameState, seat: int, top_places: int, rng: random.Random | None
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
        gains = holding.placement_gains(card)[:top_places]
        valued = [(Place(x, y), gain) for gain, (x, y) in gains]
    elif phase == "take":
        valued = [
            (action, holding.card_value(row_card, state.round, rng, samples))
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
        row_values = [
            holding.card_value(card, state.round, rng, samples)
            for card in state.row
            if card is not None
        ]
        hand = sorted(a.value for a in legal if isinstance(a, Bid))
        aim = bid_urgency(row_values) * (len(hand) - 1)
        # No points to compare: a small step per hand position away from the aim.
        valued = [(Bid(value), -BID_STEP * abs(i - aim)) for i, value in enumerate(hand)]
    else:  # ability: no points either; the valuation's wish gets the edge
        row_values = [
            holding.card_value(card, state.round, rng, samples)
            for card in state.row
            if card is not None
        ]
        wish = wants_offer(state, seat, row_values)
        valued = [
            (Use(state.offered_ability), 0.0 if wish else -BID_STEP),
            (Pass(), -BID_STEP if wish else 0.0),
        ]
    best = max(value for _, value in valued)
    scale = 1.0 if phase in ("bid", "ability") else POINT_IN_REWARD
    ranked = sorted(valued, key=_value, reverse=True)
    return [(action, (value - best) * scale) for action, value in ranked]


def _select(
    node: Node, options: list[tuple[CardAction, float]], base: float
) -> tuple[CardAction, Node]:
    """UCB1 over the options legal in this sample, each mean smoothed towards its prior."""
    best: tuple[float, CardAction, Node] | None = None
    for action, prior in options:
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(prior=prior)
        child.available += 1
        score = child.mean(base) + EXPLORATION * math.sqrt(
            math.log(child.available) / (child.visits + 1)
        )
        if best is None or score > best[0]:
            best = (score, action, child)
    assert best is not None
    return best[1], best[2]


def _value(entry: tuple[CardAction, float]) -> float:
    return entry[1]


def _reward(state: CardGameState, seat: int) -> float:
    result = state.result()
    assert result is not None
    mine = result.scores[seat]
    best_other = max(score for other, score in enumerate(result.scores) if other != seat)
    win = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
    margin = min(1.0, max(0.0, 0.5 + (mine - best_other) / MARGIN_SCALE))
    return WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * margin
