"""Fit the card AI's estimate of the rounds left (:mod:`carson.games.card.ai.estimate`) on
played games, and print its weights for the code (issue 21).

    python -m benchmarks.card_estimate_fit [--games 3000] [--seed 2126] [--workers 2]

Plays ``--games`` games of 4 ``greedy`` seats (deals ``seed … seed + games - 1``) and, at the
start of every round after the first, takes each seat's features
(:func:`~carson.games.card.ai.estimate.features`) and the points it still scored by the end.
The weights are the least-squares fit of those points on the features (a light ridge keeps a
rare personality's weight near 0), on four fifths of the games; the fifth left out measures
the fit: the error of the fitted estimate and of the table in the code, in points, and the
code's error per square root of the rounds left (what the search's ``WIN_SPREAD`` rests on).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from carson.core.match import seat_players
from carson.core.registry import game_kind
from carson.games.card.ai.estimate import ABILITIES, TOTAL_ROUNDS, WEIGHTS, features
from carson.games.card.ai.valuation import ABILITY_WORTH, GROWTH_PER_ROUND
from carson.games.card.engine.state import CardGameState

#: Ridge penalty (per feature) that keeps rarely seen weights near 0.
RIDGE = 1.0


def hand_made() -> dict[str, float]:
    """The estimate set by hand before this fit, in these features (for comparison): a pace
    of 7 points per round, the valuation's growth and ability worths (a personality without a
    one-use ability counted its worth as growth), half a point per unit of auction card kept."""
    table = {"pace": 7.0, "spare": 0.5}
    for name in {*GROWTH_PER_ROUND, *ABILITY_WORTH}:
        table["growth:" + name] = GROWTH_PER_ROUND.get(name, 0.0)
        if name in ABILITIES:
            table["unused:" + name] = float(ABILITY_WORTH.get(name, 0))
        else:
            table["growth:" + name] += ABILITY_WORTH.get(name, 0) / TOTAL_ROUNDS
    return table


#: Games per task handed to a worker.
CHUNK = 50

Row = tuple[dict[str, float], float]


def positions(seed: int) -> list[Row]:
    """One game of 4 ``greedy``: (features, points still to score) per seat and round start."""
    kind = game_kind("card")
    state = kind.new_state(kind.config(["greedy"] * 4), seed)
    assert isinstance(state, CardGameState)
    table = seat_players(kind, ["greedy"] * 4, seed)
    taken: list[tuple[int, dict[str, float], float]] = []
    round_number = state.round
    while not state.is_over:
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, table[seat].choose(kind.observation(state, seat), legal))
        if state.round != round_number and not state.is_over:
            round_number = state.round
            for each in range(4):
                found = features(state, each)
                taken.append((each, found, float(state.score(each))))
    return [(found, state.score(seat) - now) for seat, found, now in taken]


def play(seeds: Sequence[int]) -> list[list[Row]]:
    return [positions(seed) for seed in seeds]


def fit(rows: Sequence[Row], names: Sequence[str]) -> np.ndarray:
    matrix, target = design(rows, names), np.array([left for _, left in rows])
    gram = matrix.T @ matrix + RIDGE * np.eye(len(names))
    return np.linalg.solve(gram, matrix.T @ target)


def design(rows: Sequence[Row], names: Sequence[str]) -> np.ndarray:
    index = {name: column for column, name in enumerate(names)}
    matrix = np.zeros((len(rows), len(names)))
    for row, (found, _) in enumerate(rows):
        for name, value in found.items():
            matrix[row, index[name]] = value
    return matrix


def error(rows: Sequence[Row], names: Sequence[str], weights: np.ndarray) -> float:
    """Root mean square error of the estimate, in points."""
    guess = design(rows, names) @ weights
    return float(np.sqrt(np.mean((guess - np.array([left for _, left in rows])) ** 2)))


def spread(rows: Sequence[Row], names: Sequence[str]) -> float:
    """The code's error grows as the square root of the rounds left (a sum of independent
    rounds): the factor, fitted as ``sqrt(Σ error² / Σ rounds left)``."""
    known = np.array([WEIGHTS.get(name, 0.0) for name in names])
    errors = design(rows, names) @ known - np.array([left for _, left in rows])
    rounds_left = np.array([found["pace"] for found, _ in rows])
    return float(np.sqrt(np.sum(errors**2) / np.sum(rounds_left)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.card_estimate_fit")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2126)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = [game for chunk in pool.map(play, chunks) for game in chunk]
    random.Random(args.seed).shuffle(games)
    held = len(games) // 5
    train = [row for game in games[held:] for row in game]
    test = [row for game in games[:held] for row in game]
    names = sorted({name for found, _ in train + test for name in found})
    weights = fit(train, names)
    print(f"{len(games)} games, {len(train)} positions fitted, {len(test)} held out")
    print(f"held-out RMSE (points): fitted {error(test, names, weights):.2f}", end="")
    for label, table in (("the code's table", WEIGHTS), ("the hand-made one", hand_made())):
        known = np.array([table.get(name, 0.0) for name in names])
        print(f", {label} {error(test, names, known):.2f}", end="")
    print()
    print(f"the code's error per square root of the rounds left: {spread(test, names):.2f}")
    final = fit(train + test, names)  # the table for the code: every game
    print("WEIGHTS: dict[str, float] = {")
    for name, weight in zip(names, final, strict=True):
        print(f'    "{name}": {weight:.3f},')
    print("}")


if __name__ == "__main__":
    main()
