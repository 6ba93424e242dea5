"""The one interface every player implements, and the uniform random player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

ActionT = TypeVar("ActionT")


class Player(Protocol[ActionT]):
    """Chooses one of ``legal`` (never empty) for the seat that ``observation`` describes."""

    name: str

    def choose(self, observation: Any, legal: Sequence[ActionT]) -> ActionT: ...


def player_seed(game_seed: int, seat: int) -> int:
    """Each seat's player gets its own stream, fixed by the game's seed (every game)."""
    return game_seed * 16 + seat


class RandomPlayer:
    """Uniform over the legal actions; reproducible from its seed. Works for any game."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[ActionT]) -> ActionT:
        count = len(legal)
        if not count:
            raise ValueError("no legal action to choose from")
        # ``self._rng.randrange(count)`` inlined, draw for draw (``Random._randbelow``: the
        # least bits that hold count - 1, drawn again until below count; tests compare
        # both): its three Python calls were 4 % of a simulated card game (issue 21).
        getrandbits = self._rng.getrandbits
        bits = count.bit_length()
        index = getrandbits(bits)
        while index >= count:
            index = getrandbits(bits)
        return legal[index]
