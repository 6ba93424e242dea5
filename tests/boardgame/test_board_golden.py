"""Golden playthroughs of the board game: seeded games as readable logs, compared exactly.

Each log is the engine's text log (``carson.games.board.engine.log``) of a whole game played by
``greedy`` and ``random`` seats (``carson.games.board.match.play_game``), over the plain game and
the variants (BG-10). Any change to the rules, the flow, the events or the players changes it.
When the rules change on purpose, regenerate them and review the diff:

    CARSON_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/boardgame/test_board_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from carson.games.board.engine.log import board_game_log
from carson.games.board.match import play_game, record_of, replay_record

GOLDEN = Path(__file__).parent / "golden"
#: name → (seat kinds, seed, variants)
GAMES: dict[str, tuple[list[str], int, tuple[str, ...]]] = {
    "2-players-plain-seed-1": (["greedy", "random"], 1, ()),
    "4-players-plain-seed-2": (["greedy", "random", "greedy", "random"], 2, ()),
    "3-players-red-sides-duel-tiles-seed-3": (
        ["random", "greedy", "greedy"],
        3,
        ("red-sides", "duel-tiles"),
    ),
    "5-players-river-new-beginning-seed-4": (
        ["greedy", "random", "greedy", "random", "greedy"],
        4,
        ("river", "new-beginning"),
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    """BG-3 to BG-8 (and BG-10 for the variant games): the same seed and seats play the same
    game, event for event, as the reviewed log."""
    seats, seed, variants = GAMES[name]
    state = play_game(seats, seed, variants)
    log = board_game_log(state)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CARSON_REGENERATE_GOLDEN"):
        path.write_text(log, encoding="utf-8")
    assert log == path.read_text(encoding="utf-8"), f"{path.name} changed; see module docstring"
    # The log's header and result agree with the game itself (BG-8.3).
    result = state.result()
    assert result is not None
    lines = log.splitlines()
    assert lines[0].startswith(f"Carson City, {len(seats)} players, seed {seed}, variants: ")
    assert lines[-1].endswith(f"winner: seat {min(result.winners)}")
    assert replay_record(record_of(state)).result() == result


def test_every_golden_file_is_a_listed_game() -> None:
    """No stale golden file lingers after a game is renamed or removed."""
    assert sorted(path.stem for path in GOLDEN.glob("*.txt")) == sorted(GAMES)
