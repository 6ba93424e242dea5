"""Board-game players by kind: ``random``, ``greedy`` and the search levels ``ai-easy``,
``ai-medium``, ``ai-hard``."""

from __future__ import annotations

from typing import Any

from carson.core.players import Player, RandomPlayer

KINDS: tuple[str, ...] = ("random", "greedy", "ai-easy", "ai-medium", "ai-hard")


def make_player(kind: str, seed: int, budget_ms: int | None = None) -> Player[Any]:
    """A player of ``kind``; ``budget_ms`` is an AI level's thinking time per decision
    (default: its iteration count, capped at 1 s; 0: iterations only, reproducible)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        from carson.games.board.ai.greedy import GreedyPlayer

        return GreedyPlayer(seed)
    if kind.startswith("ai-"):
        from carson.games.board.ai.search import BoardSearchPlayer

        return BoardSearchPlayer(kind, seed, budget_ms)
    raise ValueError(f"unknown board-game player {kind!r} (known: {', '.join(KINDS)})")
