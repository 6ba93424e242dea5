"""Do the card AI's budgets choose differently? A cheap, direct check (issue 21).

    python -m benchmarks.card_level_agreement [--deals 1] [--positions 60]
        [--budgets 24,100,400,1600] [--seed 1000]

Records every decision with more than one legal action in ``--deals`` games of 4 ``ai-easy``
seats (deals ``seed …``), keeps ``--positions`` of them drawn at random, and searches each at
every budget (``ai-hard``'s candidates, no clock). Prints how often each budget chooses what
the largest chooses, and how often the largest agrees with itself on another seed (the
noise floor): if every budget agrees with the largest as often as the largest with itself,
the extra iterations change nothing, and the levels cannot differ in strength.
"""

from __future__ import annotations

import argparse
import copy
import random
from collections import Counter
from collections.abc import Sequence

from carson.core.match import play_match
from carson.core.players import player_seed
from carson.core.registry import game_kind
from carson.games.card.ai.player import AI_LEVELS, SearchPlayer
from carson.games.card.ai.search import SearchLimits, search
from carson.games.card.engine.actions import CardAction
from carson.games.card.engine.observation import SeatObservation

#: A decision: what the seat saw, and its legal actions.
Position = tuple[SeatObservation, tuple[CardAction, ...]]


class Recorder:
    """An ``ai-easy`` player that keeps a copy of every observation it decides on."""

    def __init__(self, seed: int, kept: list[Position]) -> None:
        self._inner = SearchPlayer("ai-easy", seed, budget_ms=0)
        self.name = self._inner.name
        self._kept = kept

    def choose(self, observation: SeatObservation, legal: Sequence[CardAction]) -> CardAction:
        if len(legal) > 1:
            self._kept.append((copy.deepcopy(observation), tuple(legal)))
        return self._inner.choose(observation, legal)


def positions(deals: int, count: int, seed: int) -> list[Position]:
    """``count`` decisions drawn at random from ``deals`` games of 4 ``ai-easy``."""
    kept: list[Position] = []
    kind = game_kind("card")
    for deal in range(seed, seed + deals):
        players = {seat: Recorder(player_seed(deal, seat), kept) for seat in range(4)}
        play_match(kind, ["ai-easy"] * 4, deal, players=players, budget_ms=0, events=False)
    random.Random(seed).shuffle(kept)
    return kept[:count]


def choices(found: Sequence[Position], iterations: int, salt: int) -> list[CardAction]:
    """Each position's seeded choice at ``iterations`` (``ai-hard``'s places)."""
    limits = SearchLimits(iterations, None, AI_LEVELS["ai-hard"].top_places)
    return [
        search(observation, limits, random.Random(salt + 7919 * number)).action
        for number, (observation, _) in enumerate(found)
    ]


def agreement(first: Sequence[CardAction], second: Sequence[CardAction]) -> float:
    """The share of positions where the two chose the same."""
    return sum(a == b for a, b in zip(first, second, strict=True)) / max(1, len(first))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.card_level_agreement")
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--budgets", default="24,100,400,1600")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    budgets = sorted(int(text) for text in args.budgets.split(","))
    found = positions(args.deals, args.positions, args.seed)
    phases = Counter(observation.phase for observation, _ in found)
    print(f"{len(found)} positions ({', '.join(f'{n} {p}' for p, n in phases.most_common())})")
    largest = choices(found, budgets[-1], 0)
    for budget in budgets[:-1]:
        share = agreement(choices(found, budget, 0), largest)
        print(f"{budget:>6} iterations choose as {budgets[-1]}: {share:.0%}")
    again = agreement(choices(found, budgets[-1], 1), largest)
    print(f"{budgets[-1]:>6} iterations on another seed choose as {budgets[-1]}: {again:.0%}")


if __name__ == "__main__":
    main()
