"""The ai-master benchmark (issue 47): every arrangement of 2 + 2 seats, pairings counted
right, and the strength report's budgets unchanged by the new level."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import card_master, strength_runs


def test_every_deal_is_played_in_all_six_arrangements() -> None:
    todo = card_master.tables([3, 4])
    assert len(todo) == 12
    seatings = {t.seats for t in todo if t.deal == 3}
    assert len(seatings) == 6
    assert all(s.count("ai-master") == 2 and s.count("ai-hard") == 2 for s in seatings)


def _line(deal: int, seats: list[str], scores: list[int]) -> dict[str, object]:
    return {
        "experiment": "master", "deal": deal, "seats": seats, "scores": scores,
        "cpu": {"ai-master": [0.2, 0.4], "ai-hard": [0.1]},
    }  # fmt: skip


def test_pairings_count_each_master_against_each_hard_seat_with_ties_half() -> None:
    seats = ["ai-master", "ai-hard", "ai-master", "ai-hard"]
    assert card_master.pairing_share(_line(0, seats, [10, 5, 5, 7])) == 0.5 + 0.125
    found = card_master.figures([_line(0, seats, [10, 5, 9, 7]), _line(1, seats, [1, 5, 2, 7])])
    assert found["games"] == 2 and found["pairings_won"] == 0.5
    assert found["decision_cpu_s"]["ai-master"]["max"] == 0.4


def test_the_strength_reports_budgets_leave_ai_master_out() -> None:
    found = strength_runs.budgets("card")
    assert set(found) == set(strength_runs.LEVELS)
    assert "value" not in found["ai-hard"]
