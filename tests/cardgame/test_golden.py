"""Golden playthroughs: seeded games as readable logs, compared exactly.

When the rules change on purpose, regenerate them and review the diff:

    CARSON_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/cardgame/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from carson.games.card.engine.log import game_log
from carson.games.card.match import play_game

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "greedy-vs-3-virtual-seed-1": (["greedy", "beginner", "advanced", "expert"], 1),
    "random-and-greedy-5-seats-seed-2": (["random", "greedy", "expert", "random", "expert"], 2),
    "6-seats-seed-3": (["greedy", "random", "expert", "expert", "advanced", "greedy"], 3),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    seats, seed = GAMES[name]
    log = game_log(play_game(seats, seed))
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CARSON_REGENERATE_GOLDEN"):
        path.write_text(log, encoding="utf-8")
    assert log == path.read_text(encoding="utf-8"), f"{path.name} changed; see module docstring"
