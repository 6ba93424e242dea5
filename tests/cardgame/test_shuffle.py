"""The engine's shuffle deals exactly what ``random.Random.shuffle`` deals (issue 21)."""

from __future__ import annotations

import random

from carson.games.card.engine.shuffle import shuffle


def test_the_same_permutation_and_the_same_generator_state_after() -> None:
    for seed in range(40):
        for length in (0, 1, 2, 3, 5, 11, 21, 48, 96, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(length)), list(range(length))
            shuffle(mine, ours)
            theirs.shuffle(reference)
            assert mine == reference
            assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator that draws its own way: shuffle must defer to it."""

    def __init__(self) -> None:
        super().__init__(3)
        self.calls = 0

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        self.calls += 1
        x.reverse()


def test_another_generator_shuffles_by_its_own_method() -> None:
    rng = _Counting()
    items = [1, 2, 3]
    shuffle(items, rng)
    assert items == [3, 2, 1] and rng.calls == 1
