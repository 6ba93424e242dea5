"""Rewards at the end of a game, for the learning interfaces (selectable, documented).

They use only the game's :class:`~carson.core.game.Result` scores, so they suit every game.
"""

from __future__ import annotations

from collections.abc import Sequence

REWARDS = ("margin", "win")


def final_reward(mode: str, scores: Sequence[int], seat: int) -> float:
    """``margin``: the seat's score minus the best other seat's (machine seats included);
    ``win``: +1 for a win (a shared first place included), −1 otherwise."""
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    if mode == "margin":
        return float(scores[seat] - best_other)
    if mode == "win":
        return 1.0 if scores[seat] >= best_other else -1.0
    raise ValueError(f"unknown reward {mode!r}; choose from {', '.join(REWARDS)}")


def check_reward(mode: str) -> None:
    if mode not in REWARDS:
        raise ValueError(f"unknown reward {mode!r}; choose from {', '.join(REWARDS)}")
