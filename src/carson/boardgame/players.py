"""Board-game players: ``random`` and ``greedy`` (search levels live in ``carson.boardgame.ai``)."""

from __future__ import annotations

from typing import Any

from carson.players.base import Player, RandomPlayer

KINDS: tuple[str, ...] = ("random", "greedy")


def make_player(kind: str, seed: int) -> Player[Any]:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        from carson.boardgame.ai.greedy import GreedyPlayer

        return GreedyPlayer(seed)
    raise ValueError(f"unknown board-game player {kind!r} (known: {', '.join(KINDS)})")
