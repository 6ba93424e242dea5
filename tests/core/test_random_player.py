"""The uniform random player draws exactly as ``random.Random.randrange`` (issue 21's
inlined draw): the same seed picks the same actions as it always did."""

from __future__ import annotations

import random

import pytest

from carson.core.players import RandomPlayer


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_picks_as_randrange_would(seed: int) -> None:
    player, reference = RandomPlayer(seed), random.Random(seed)
    for count in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 64, 65, 100, 1000] * 20:
        legal = list(range(count))
        assert player.choose(None, legal) == legal[reference.randrange(count)]


def test_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        RandomPlayer(1).choose(None, [])
