"""The AI's evaluation of one decision, for any game that offers an analyst: what hints and
post-game analyses show.

A game offers its analyst as its ``"analysis"`` adapter (``GameKind.adapter``): a
:class:`SearchAnalyst`, its ISMCTS (:mod:`carson.ai.ismcts`) on samples of the seat's
observation. :func:`evaluate` asks it about the seat's information set only — the game's
observer decides what that is, and the game's samples depend on public facts and the seed,
never on the hidden truth — so an evaluation cannot tell a seat anything it may not know.

**Value.** Each candidate's value is its **expected final margin in points**: the seat's
final score less the best other seat's, averaged over the searched games that began with it
(estimated where the search stops, at the end of the current round). Players read it as "you
would finish 3.5 points ahead". The **best** candidate is the one of the highest value among
those the search tried at least a quarter as often as its favourite (a rarely tried move's
value is noise); the **loss** of a choice is the best's value less the choice's, never
below 0.

Deterministic from its seed (iterations only, never the clock) and bounded by its iterations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from carson.ai.ismcts import SearchResult
from carson.core.game import JSON, GameState
from carson.core.registry import AnyGameKind

ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")

#: Margins are shown to a tenth of a point.
DECIMALS = 1
#: A move counts as weighed when searched at least this share of the favourite's visits.
WELL_SEARCHED = 0.25


class NotAnalysable(ValueError):
    """The game offers no analyst, or the seat has no decision to evaluate."""


@dataclass(frozen=True)
class SearchAnalyst(Generic[ObservationT, ActionT]):
    """A game's analyst: ``search(observation, iterations, rng, include)`` runs its ISMCTS
    for the observing seat, with ``include`` among the root's candidates; ``score_unit``
    is how many of the search's score units make one point of the game."""

    search: Callable[[ObservationT, int, random.Random, Sequence[ActionT]], SearchResult[ActionT]]
    score_unit: float = 1.0


@dataclass(frozen=True)
class Candidate:
    """One action the AI weighed: its JSON form, how often it searched it, and its expected
    final margin in points (``None``: not searched)."""

    action: JSON
    visits: int
    value: float | None

    def to_json(self) -> JSON:
        return {"action": self.action, "visits": self.visits, "value": self.value}


@dataclass(frozen=True)
class Evaluation:
    """A seat's decision as the AI sees it: its candidates (best first), the AI's best, and
    the person's choice with its loss (both ``None`` when no choice was given)."""

    seat: int
    candidates: tuple[Candidate, ...]
    best: JSON
    best_value: float | None
    choice: JSON | None
    choice_value: float | None
    loss: float | None
    #: Only one legal action: nothing to weigh (no values).
    forced: bool
    iterations: int

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "candidates": [candidate.to_json() for candidate in self.candidates],
            "best": self.best,
            "best_value": self.best_value,
            "choice": self.choice,
            "choice_value": self.choice_value,
            "loss": self.loss,
            "forced": self.forced,
            "iterations": self.iterations,
        }


def analyst_of(kind: AnyGameKind) -> SearchAnalyst[Any, Any]:
    """The game's analyst; :class:`NotAnalysable` if it offers none."""
    analyst = kind.adapter("analysis", SearchAnalyst)
    if analyst is None:
        raise NotAnalysable(f"the game {kind.name!r} offers no analysis")
    return analyst


def evaluate(
    kind: AnyGameKind,
    state: GameState[Any],
    seat: int,
    *,
    iterations: int,
    seed: int,
    choice: Any = None,
) -> Evaluation:
    """The AI's evaluation of ``seat``'s decision in ``state``, from the seat's observation
    only; with ``choice`` (one of its legal actions), that choice valued against the best."""
    analyst = analyst_of(kind)
    if iterations < 1:
        raise ValueError("an evaluation needs at least one iteration")
    if seat not in state.seats_to_act:
        raise NotAnalysable(f"seat {seat} has no decision to make")
    legal = list(state.legal_actions(seat))
    if choice is not None and choice not in legal:
        raise ValueError(f"{choice!r} is not a legal action of seat {seat}")
    if len(legal) == 1:
        only = legal[0].to_json()
        chosen = None if choice is None else only
        loss = None if choice is None else 0.0
        return Evaluation(seat, (Candidate(only, 0, None),), only, None, chosen, None, loss,
                          True, 0)  # fmt: skip
    observation = kind.observation(state, seat)
    include = [] if choice is None else [choice]
    result = analyst.search(observation, iterations, random.Random(seed), include)
    return _evaluation(seat, result, analyst.score_unit, choice)


def _evaluation(seat: int, result: SearchResult[Any], unit: float, choice: Any) -> Evaluation:
    def points(action: Any) -> float | None:
        margin = result.margins.get(action)
        return None if margin is None else round(margin / unit, DECIMALS)

    best = _best(result, points)

    def rank(action: Any) -> tuple[bool, float]:  # the best, then by value
        value = points(action)
        return action != best, float("inf") if value is None else -value

    ranked = sorted(result.stats, key=rank)
    candidates = tuple(
        Candidate(action.to_json(), result.stats[action][0], points(action)) for action in ranked
    )
    best_value = points(best)
    choice_value = None if choice is None else points(choice)
    loss = None
    if choice is not None:
        loss = 0.0 if choice == best else _loss(best_value, choice_value)
    return Evaluation(
        seat=seat,
        candidates=candidates,
        best=best.to_json(),
        best_value=best_value,
        choice=None if choice is None else choice.to_json(),
        choice_value=choice_value,
        loss=loss,
        forced=False,
        iterations=result.iterations,
    )


def _best(result: SearchResult[Any], points: Callable[[Any], float | None]) -> Any:
    """The move of the highest expected margin among those searched at least
    :data:`WELL_SEARCHED` as often as the search's favourite (a rarely tried move's value is
    noise); the favourite if none is valued."""
    favourite = result.stats[result.action][0]
    valued = [
        action
        for action, (visits, _) in result.stats.items()
        if points(action) is not None and visits >= WELL_SEARCHED * favourite
    ]
    if not valued:
        return result.action
    return max(valued, key=lambda action: points(action) or 0.0)


def _loss(best: float | None, chosen: float | None) -> float | None:
    if best is None or chosen is None:
        return None
    return round(max(0.0, best - chosen), DECIMALS)
