"""The AI's evaluation of one decision of a stored game, as a worker asks for it (hints and
post-game analyses): everything it needs travels in an :class:`EvaluateRequest`, so it runs
as well in the thinking child process as in the worker's own
(:mod:`carson.server.play.thinking`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from carson.ai.evaluation import evaluate
from carson.core.game import JSON
from carson.core.registry import game_kind
from carson.server.kernel import settings


@dataclass(frozen=True)
class EvaluateRequest:
    """A seat's decision: the game (kind, configuration, seed, the actions before it as the
    seat knows them), the seat, the person's choice if it was made (JSON), and the search's
    iterations and seed."""

    game: str
    config: JSON
    seed: int
    actions: list[tuple[int, JSON]]
    seat: int
    choice: JSON | None
    iterations: int
    search_seed: int


def evaluate_request(request: EvaluateRequest) -> JSON:
    """The evaluation (:meth:`carson.ai.evaluation.Evaluation.to_json`) of the decision."""
    kind = game_kind(request.game)
    state = kind.new_state(request.config, request.seed)
    for seat, action in request.actions:
        state.apply_json(seat, action)
    choice = None if request.choice is None else kind.action_from_json(state, request.choice)
    evaluation = evaluate(
        kind,
        state,
        request.seat,
        iterations=request.iterations,
        seed=request.search_seed,
        choice=choice,
    )
    return evaluation.to_json()


#: Search iterations of a hint and of each decision of an analysis, and their settings.
#: At about 0.1 s a decision (0.3 s in the board game), a 2-player card game's analysis
#: takes well under a minute of one core (``make bench BENCH=analysis``).
HINT_ITERATIONS = 600
ANALYSIS_ITERATIONS = 300
HINT_SETTING = "CARSON_HINT_ITERATIONS"
ANALYSIS_SETTING = "CARSON_ANALYSIS_ITERATIONS"
#: More would hold a worker for minutes per decision.


def iterations(setting: str, default: int) -> int:
    """The iterations ``$setting`` asks for (1–100000), else ``default``."""
    if setting not in (HINT_SETTING, ANALYSIS_SETTING):
        raise ValueError(f"not a setting of iterations: {setting}")
    name = settings.FIELDS[setting]
    chosen = settings.load(only={setting})  # checked there (1–MOST_ITERATIONS)
    if name not in chosen.model_fields_set:
        return default
    return chosen.hint_iterations if setting == HINT_SETTING else chosen.analysis_iterations


def search_seed(game_seed: int, *parts: object) -> int:
    """The search's seed for one evaluation: fixed by the game and the decision (a retried
    job evaluates the same), and telling nothing of the game's secret seed."""
    text = ":".join(str(part) for part in (game_seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
