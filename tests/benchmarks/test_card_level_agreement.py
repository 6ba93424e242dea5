"""The check of whether the card AI's budgets choose differently (issue 21)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import card_level_agreement as agree
from carson.games.card.ai.player import AI_LEVELS
from carson.games.card.engine.actions import Pass, Take


def test_agreement_is_the_share_of_equal_choices() -> None:
    assert agree.agreement([Pass(), Take(0), Take(1)], [Pass(), Take(1), Take(1)]) == 2 / 3
    assert agree.agreement([], []) == 0.0
    with pytest.raises(ValueError):
        agree.agreement([Pass()], [])


def test_positions_are_real_decisions_and_choices_are_seeded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(AI_LEVELS, "ai-easy", replace(AI_LEVELS["ai-easy"], iterations=2))
    found = agree.positions(deals=1, count=6, seed=3)
    assert len(found) == 6
    assert all(len(legal) > 1 for _, legal in found)
    first = agree.choices(found, 8, 0)
    assert first == agree.choices(found, 8, 0)
    assert all(action in legal for action, (_, legal) in zip(first, found, strict=True))
