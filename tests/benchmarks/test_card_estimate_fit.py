"""The fit of the card AI's estimate (issue 21): positions taken from played games, and a
least-squares fit that finds the weights that made the points."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import card_estimate_fit as fitting
from carson.games.card.ai.estimate import TOTAL_ROUNDS, WEIGHTS


def test_a_game_gives_every_seat_at_every_round_start_after_the_first() -> None:
    rows = fitting.positions(4)
    assert len(rows) == 4 * (TOTAL_ROUNDS - 1)
    paces = sorted({found["pace"] for found, _ in rows})
    assert paces == [float(left) for left in range(1, TOTAL_ROUNDS)]
    names = {name for found, _ in rows for name in found}
    assert {"pace", "pace_squared", "city_share", "spare"} <= names
    assert all(isinstance(left, float) for _, left in rows)


def test_the_fit_finds_the_weights_behind_the_points() -> None:
    rng = random.Random(7)
    names = ["pace", "spare", "growth:teacher"]
    truth = {"pace": 8.0, "spare": 0.5, "growth:teacher": 1.2}
    rows = []
    for _ in range(400):
        found = {"pace": float(rng.randint(1, 17)), "spare": rng.uniform(-20, 20)}
        if rng.random() < 0.5:
            found["growth:teacher"] = found["pace"]
        left = sum(truth[name] * value for name, value in found.items()) + rng.gauss(0, 0.1)
        rows.append((found, left))
    weights = fitting.fit(rows, names)
    assert list(weights) == pytest.approx([truth[name] for name in names], abs=0.05)
    assert fitting.error(rows, names, weights) < 0.2


def test_the_hand_made_table_is_in_the_same_features() -> None:
    table = fitting.hand_made()
    assert table["pace"] == 7.0 and table["spare"] == 0.5
    assert set(WEIGHTS) & set(table)  # the fitted table and the old one share their names
