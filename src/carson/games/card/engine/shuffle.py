"""Shuffling as ``random.Random.shuffle`` does, draw for draw, at less cost (issue 21).

Every game deals its decks at setup and every search iteration re-deals the hidden ones
(:mod:`.determinize`): a game's CPU time went a tenth into ``random.shuffle``, most of it in
a method call per draw. :func:`shuffle` runs the same Fisher–Yates loop with the same
``getrandbits`` draws, so a seed deals exactly the cards it always dealt (tests compare both
on many lengths and seeds). Any generator other than a plain ``random.Random`` (a subclass
may draw differently) shuffles by its own method.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, bits in _steps(len(items)):
        # Random._randbelow_with_getrandbits(i + 1), inlined: the least bits that hold i,
        # drawn again until the number is at most i.
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@lru_cache(maxsize=32)  # a few deck lengths; bounded for any other caller
def _steps(length: int) -> tuple[tuple[int, int], ...]:
    """Fisher–Yates' positions from the last down to 1, each with the bits a draw for it
    takes: listed once per length (a game shuffles decks of four lengths), not computed
    per draw."""
    return tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
