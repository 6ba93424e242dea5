"""Information-set Monte Carlo tree search for any carson game (single observer, Cowling et
al. 2012) — the search behind the AI levels of the card game and of the board game.

The searching seat cannot see every fact of the game. Each iteration therefore:

1. **samples** a game consistent with what the seat knows (``domain.sample``);
2. **descends the tree** of the seat's own decisions, choosing among the candidates legal in
   that sample by UCB1 with availability counts (an action a sample does not allow is not
   penalised for it), each mean smoothed towards the game's valuation (its *prior*), other
   seats playing by the playout policy;
3. **expands** one new decision and **plays the sample out** to the game's end with the
   playout policy for every seat;
4. **backs up** the result: a mix of winning and the margin over the best other seat.

The tree covers one stretch of the game (``domain.stretch``, e.g. the current round): later
stretches start from newly drawn facts, which a sample would otherwise confuse with another.
What is game-specific — samples, candidates with priors, the playout policy — comes from a
:class:`SearchDomain`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from carson.core.game import Result

ActionT = TypeVar("ActionT", bound=Hashable)
StateT = TypeVar("StateT")

#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: Reward = WIN_WEIGHT × (1 win, ½ shared, 0 lost) + the rest × the margin squashed to [0, 1].
WIN_WEIGHT = 0.5
#: Weight of the valuation's prior, in visits: with few iterations the search plays like
#: the valuation; with many, the playouts decide.
PRIOR_VISITS = 4


class SearchDomain(Protocol[StateT, ActionT]):
    """What the search needs to know about a game."""

    def sample(self, rng: random.Random) -> StateT:
        """A full game consistent with the searching seat's observation."""
        ...

    def stretch(self, state: StateT) -> Hashable:
        """Which stretch of the game ``state`` is in; the tree covers the root's stretch."""
        ...

    def candidates(
        self, state: StateT, seat: int, rng: random.Random | None
    ) -> list[tuple[ActionT, float]]:
        """The seat's actions worth searching, favourite first, each with its prior in
        reward units (0 for the favourite, less for the others). ``rng`` is ``None`` at the
        root (the root's candidates must not depend on hidden facts)."""
        ...

    def playout(self, state: StateT, seat: int) -> ActionT:
        """The playout policy's action for ``seat``."""
        ...

    def seats_to_act(self, state: StateT) -> Sequence[int]: ...

    def apply(self, state: StateT, seat: int, action: ActionT) -> None: ...

    def result(self, state: StateT) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        ...

    @property
    def margin_scale(self) -> float:
        """Points of margin that span the reward's margin part (half either side)."""
        ...


@dataclass
class Node(Generic[ActionT]):
    """Statistics of one of the seat's decisions (an edge of the information-set tree)."""

    #: The valuation's opinion, in reward units relative to its favourite (0 or less).
    prior: float = 0.0
    visits: int = 0
    total: float = 0.0
    #: The sum of the margins (the seat's score less the best other's) backed up here.
    margin_total: float = 0.0
    available: int = 0
    children: dict[ActionT, Node[ActionT]] = field(default_factory=dict)

    def mean(self, base: float) -> float:
        """The mean reward, smoothed by PRIOR_VISITS imagined visits at ``base + prior``."""
        return (self.total + PRIOR_VISITS * (base + self.prior)) / (self.visits + PRIOR_VISITS)


@dataclass(frozen=True)
class SearchResult(Generic[ActionT]):
    action: ActionT
    iterations: int
    seconds: float
    #: Each candidate at the root: (visits, mean reward smoothed by its prior).
    stats: dict[ActionT, tuple[int, float]]
    #: Each candidate at the root: the mean margin over the best other seat where its
    #: visits ended, in the domain's score units; ``None`` for a candidate never visited.
    margins: dict[ActionT, float | None] = field(default_factory=dict)


def search(
    domain: SearchDomain[Any, ActionT],
    seat: int,
    iterations: int,
    seconds: float | None,
    rng: random.Random,
    include: Sequence[ActionT] = (),
    reward: Callable[[Any, Result, int], float] | None = None,
) -> SearchResult[ActionT]:
    """The seat's best action after ``iterations`` (or ``seconds``, whichever ends first).

    ``include``: legal actions searched at the root even if the domain would not offer them
    (a person's choice that an analysis must value), with the lowest prior of the others.
    ``reward``: the reward of a playout's end (its state, outcome and the seat) in [0, 1],
    for a domain whose outcomes are estimates (default: :func:`outcome_reward`).
    Deterministic for a given ``rng`` state when ``seconds`` is ``None``, provided the
    domain's samples depend on public facts only.
    """
    start = time.perf_counter()
    state = domain.sample(rng)  # the root's facts are the seat's own: any sample will do
    deadline = None if seconds is None else start + seconds
    root: Node[ActionT] = Node()
    root_stretch = domain.stretch(state)
    root_candidates = _with_included(domain.candidates(state, seat, None), include)
    if len(root_candidates) == 1:
        only = root_candidates[0][0]
        return SearchResult(only, 0, 0.0, {only: (0, 0.0)}, {only: None})
    done = 0
    while done < iterations and (deadline is None or time.perf_counter() < deadline):
        sample = domain.sample(rng)
        path = [root]
        node: Node[ActionT] | None = root
        first = True
        while (outcome := domain.result(sample)) is None:
            actors = domain.seats_to_act(sample)
            actor = seat if seat in actors else actors[0]
            if actor == seat and node is not None and domain.stretch(sample) == root_stretch:
                options = root_candidates if first else domain.candidates(sample, seat, rng)
                base = root.total / root.visits if root.visits else 0.5
                action, node = _select(node, options, base)
                path.append(node)
                if node.visits == 0:
                    node = None  # expanded: the rest is playout
            else:
                action = domain.playout(sample, actor)
            first = False
            domain.apply(sample, actor, action)
        value = (
            outcome_reward(outcome, seat, domain.margin_scale)
            if reward is None
            else reward(sample, outcome, seat)
        )
        margin = outcome_margin(outcome, seat)
        for visited in path:
            visited.visits += 1
            visited.total += value
            visited.margin_total += margin
        done += 1
    return _result(root, root_candidates, done, time.perf_counter() - start)


def _result(
    root: Node[ActionT], root_candidates: list[tuple[ActionT, float]], done: int, seconds: float
) -> SearchResult[ActionT]:
    base = root.total / root.visits if root.visits else 0.5
    for action, prior in root_candidates:
        root.children.setdefault(action, Node(prior=prior))
    stats = {action: (child.visits, child.mean(base)) for action, child in root.children.items()}
    # The best smoothed mean; the first candidate (the valuation's favourite) among equals.
    best = max(root_candidates, key=lambda entry: stats[entry[0]][1])[0]
    margins = {
        action: child.margin_total / child.visits if child.visits else None
        for action, child in root.children.items()
    }
    return SearchResult(best, done, seconds, stats, margins)


def _with_included(
    candidates: list[tuple[ActionT, float]], include: Sequence[ActionT]
) -> list[tuple[ActionT, float]]:
    """The domain's root candidates and, after them, the included actions they lack."""
    lowest = min((prior for _, prior in candidates), default=0.0)
    offered = {action for action, _ in candidates}
    extra = [(action, lowest) for action in dict.fromkeys(include) if action not in offered]
    return candidates + extra


def _select(
    node: Node[ActionT], options: list[tuple[ActionT, float]], base: float
) -> tuple[ActionT, Node[ActionT]]:
    """UCB1 over the options legal in this sample, each mean smoothed towards its prior."""
    best: tuple[float, ActionT, Node[ActionT]] | None = None
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


def outcome_margin(result: Result, seat: int) -> float:
    """The seat's score less the best other seat's (negative when behind)."""
    mine = result.scores[seat]
    return mine - max(score for other, score in enumerate(result.scores) if other != seat)


def outcome_reward(result: Result, seat: int, margin_scale: float, centre: float = 0.0) -> float:
    """½ for winning (¼ for a shared first place) + ½ × the margin over the best other seat,
    measured from ``centre`` (a domain may centre it on the root position's own margin, so
    that a game already won or lost by more than half the scale still tells moves apart)."""
    if result.winners == frozenset({seat}):
        win = 1.0
    elif seat in result.winners:
        win = 0.5
    else:
        win = 0.0
    margin = outcome_margin(result, seat) - centre
    relative = min(1.0, max(0.0, 0.5 + margin / margin_scale))
    return WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * relative
