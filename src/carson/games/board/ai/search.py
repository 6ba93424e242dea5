"""The board game's AI levels: :mod:`carson.ai.ismcts` (shared with the card game) on samples
of the board game, with the placement valuation as priors and the fast playout policy.

The tree covers the current round: the next round starts after dice and bag draws that a
sample would otherwise confuse with another. Playouts stop there too: the position at the
start of the next round is scored by :func:`position_value` (VP the seat would have if its
money, town and pieces were turned into points), which is several times cheaper than playing
to the end and, with few iterations, less noisy. Scores are in tenths of a VP; the reward
(:class:`.reward.BoardReward`) measures a playout's margin from the root position's own.

Placement candidates are the valuation's best few plus passing; other decisions keep all their
options (at most a few dozen), the playout policy's choice first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter, itemgetter

from carson.ai import ismcts
from carson.ai.evaluation import SearchAnalyst
from carson.ai.ismcts import WIN_WEIGHT, SearchResult
from carson.core.game import Result
from carson.games.board.ai.playout import BoardPlayoutPolicy
from carson.games.board.ai.reward import MARGIN_SCALE, TENTHS, BoardReward, estimated_scores
from carson.games.board.ai.valuation import VP, placement_values
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.model import DecisionKind
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState

#: One dollar of the valuation, in reward units (a VP is about $5).
DOLLAR_IN_REWARD = (1.0 - WIN_WEIGHT) * TENTHS / VP / MARGIN_SCALE
#: Prior step for options the valuation cannot tell apart: the policy's choice gets the edge.
STEP = 0.01
#: Options kept for big decisions (placements, parcels, roads), best first.
TOP = 6
#: A valued option's value (sorting ~70 placements by it in C, not by a lambda).
_VALUE = itemgetter(1)


@dataclass(frozen=True)
class BoardSearchLimits:
    iterations: int
    seconds: float | None = None


@dataclass
class BoardSearch:
    observation: BoardObservation
    policy: BoardPlayoutPolicy
    margin_scale: float = MARGIN_SCALE
    #: The playout's step, the policy's own method: the loop calls it ~30 times an
    #: iteration, so no method of this class wraps it.
    playout: Callable[[BoardGameState, int], BoardAction] = field(init=False, repr=False)
    #: The seats to act, the open decision's, read without a method or property: the loop
    #: asks before every step, and only while the game goes on (a decision is open).
    seats_to_act: Callable[[BoardGameState], Sequence[int]] = field(
        default=attrgetter("decision.seats"), init=False, repr=False
    )

    def __post_init__(self) -> None:
        self.root_round = self.observation.public.round.number
        self.playout = self.policy.playout

    def sample(self, rng: random.Random) -> BoardGameState:
        sample = self.observation.sample(rng)
        sample.recording = False  # a playout's events are never read
        return sample

    def stretch(self, state: BoardGameState) -> Hashable:
        return state.round.number

    def candidates(
        self, state: BoardGameState, seat: int, rng: random.Random | None
    ) -> list[tuple[BoardAction, float]]:
        legal = state.legal_actions(seat)
        if len(legal) <= 1:
            return [(action, 0.0) for action in legal]
        decision = state.decision
        assert decision is not None
        if decision.kind == DecisionKind.PLACE:
            # The listing is pass, then the targets (BoardPlayoutPolicy._place relies on it).
            assert legal[0] == PASS
            targets = legal[1:]
            args = [action.arg for action in targets]
            values = placement_values(state, seat, args, self.policy.town_memo)
            valued = [(PASS, 0.0), *zip(targets, values, strict=True)]
            valued.sort(key=_VALUE, reverse=True)  # stable: equals keep listing order
            kept = valued[:TOP]
            if all(action != PASS for action, _ in kept):
                kept.append((PASS, 0.0))
            best = max(value for _, value in kept)
            return [(action, (value - best) * DOLLAR_IN_REWARD) for action, value in kept]
        favourite = self.policy.choose(state, seat, legal)
        others = [action for action in legal if action != favourite]
        if len(others) > TOP:  # big menus (parcels, roads, counts): a random few
            chooser = rng or random.Random(len(legal))
            others = chooser.sample(others, TOP)
        return [(favourite, 0.0), *((action, -STEP) for action in others)]

    def apply(self, state: BoardGameState, seat: int, action: BoardAction) -> None:
        state.apply_unchecked(seat, action)  # the search's actions come from legal_actions

    def result(self, state: BoardGameState) -> Result | None:
        """The real result at the end; at the next round, the estimated one."""
        if state.finished:
            final = state.result()
            assert final is not None
            return Result(tuple(TENTHS * score for score in final.scores), final.winners)
        if state.round.number == self.root_round:
            return None
        scores = estimated_scores(state)
        best = max(scores)
        return Result(scores, frozenset(seat for seat, score in enumerate(scores) if score == best))


def search(
    observation: BoardObservation, limits: BoardSearchLimits, rng: random.Random
) -> SearchResult[BoardAction]:
    domain = BoardSearch(observation, BoardPlayoutPolicy(rng))
    reward = BoardReward.at(observation, rng)
    return ismcts.search(
        domain, observation.seat, limits.iterations, limits.seconds, rng, reward=reward
    )


#: Iterations per decision, and the time cap (seconds) per decision. Each level searches
#: three to four times its predecessor; ``ai-hard``'s budget keeps its decisions under
#: 1 CPU-second at the 99th percentile (docs/boardgame-strength.md measures it).
AI_LEVELS: dict[str, BoardSearchLimits] = {
    "ai-easy": BoardSearchLimits(iterations=12, seconds=1.0),
    "ai-medium": BoardSearchLimits(iterations=48, seconds=1.0),
    "ai-hard": BoardSearchLimits(iterations=160, seconds=1.0),
}


class BoardSearchPlayer:
    """An AI level of the board game; reproducible from its seed when the iteration count,
    not the clock, ends each search (``budget_ms=0``)."""

    def __init__(self, level: str, seed: int = 0, budget_ms: int | None = None) -> None:
        if level not in AI_LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(AI_LEVELS)}")
        limits = AI_LEVELS[level]
        if budget_ms == 0:
            limits = replace(limits, seconds=None)
        elif budget_ms is not None:
            limits = replace(limits, iterations=10**9, seconds=budget_ms / 1000)
        self.name = level
        self.limits = limits
        self._rng = random.Random(seed)
        self.last: SearchResult[BoardAction] | None = None

    def choose(self, observation: BoardObservation, legal: Sequence[BoardAction]) -> BoardAction:
        if len(legal) == 1:
            return legal[0]
        self.last = search(observation, self.limits, self._rng)
        return self.last.action if self.last.action in legal else legal[0]


def analyse(
    observation: BoardObservation,
    iterations: int,
    rng: random.Random,
    include: Sequence[BoardAction],
) -> SearchResult[BoardAction]:
    """The search of an analysis (hints, post-game): the given iterations and no clock, with
    ``include`` (a person's choice) among the candidates."""
    domain = BoardSearch(observation, BoardPlayoutPolicy(rng))
    reward = BoardReward.at(observation, rng)
    return ismcts.search(domain, observation.seat, iterations, None, rng, include, reward)


#: The board game's analyst (its ``analysis`` adapter); scores are in tenths of a VP.
ANALYST: SearchAnalyst[BoardObservation, BoardAction] = SearchAnalyst(analyse, TENTHS)
