"""The strength benchmark's harness (issue 21): seat rotations, result files that resume and
merge, whole deals only, budgets never mixed, intervals and the commands in the report.

Games here are small: ``greedy`` and ``expert`` seats, or an AI level cut to 2 iterations.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks.strength_markdown import NOTES_MARK, seed_ranges

from benchmarks import strength, strength_figures, strength_runs


def test_every_kind_takes_every_seat_once_per_deal() -> None:
    todo = strength_runs.tables("card", "greedy", ["ai-hard", "greedy"], [5, 6])
    assert len(todo) == 2 * 2 * 4
    for deal in (5, 6):
        seats = [t.seats.index("ai-hard") for t in todo if t.deal == deal and t.group == "ai-hard"]
        assert sorted(seats) == [0, 1, 2, 3]
    assert all(t.seats.count("greedy") == 3 for t in todo if t.group == "ai-hard")


def test_board_head_to_head_plays_every_triple_in_every_rotation() -> None:
    todo = strength_runs.tables("board", "h2h", strength_runs.KINDS, [0])
    assert len(todo) == 4 * 3
    assert Counter(t.group for t in todo) == {
        "ai-hard+ai-medium+ai-easy": 3,
        "ai-hard+ai-medium+greedy": 3,
        "ai-hard+ai-easy+greedy": 3,
        "ai-medium+ai-easy+greedy": 3,
    }
    for group in {t.group for t in todo}:
        firsts = sorted(t.seats[0] for t in todo if t.group == group)
        assert firsts == sorted(group.split("+"))


def test_an_experiment_the_game_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no experiment 'expert'"):
        strength_runs.tables("board", "expert", ["greedy"], [0])


def test_seed_ranges_read_and_print_alike() -> None:
    assert strength.parse_seeds("0:3,7") == [0, 1, 2, 7]
    assert seed_ranges([0, 1, 2, 7]) == "0:3,7:8"
    for bad in ("3:3", "a:b", "-1:2"):
        with pytest.raises(Exception, match="seed"):
            strength.parse_seeds(bad)


def test_a_run_resumes_and_split_runs_merge_to_one_run(tmp_path: Path) -> None:
    whole = strength_runs.tables("card", "expert", ["greedy"], range(2))
    assert strength_runs.run(whole, tmp_path / "whole.jsonl", 1) == 8
    assert strength_runs.run(whole, tmp_path / "whole.jsonl", 1) == 0  # held already
    first = strength_runs.tables("card", "expert", ["greedy"], [0])
    second = strength_runs.tables("card", "expert", ["greedy"], [1])
    strength_runs.run(first, tmp_path / "a.jsonl", 2)
    strength_runs.run(second, tmp_path / "b.jsonl", 1)
    split = strength_runs.read_results([tmp_path / "a.jsonl", tmp_path / "b.jsonl"])
    one = strength_runs.read_results([tmp_path / "whole.jsonl", tmp_path / "a.jsonl"])
    assert len(one) == 8  # the games of a.jsonl are the same games: counted once

    def key(lines: list[dict[str, object]]) -> list[tuple[object, ...]]:
        return sorted((x["deal"], x["rotation"], tuple(x["scores"])) for x in lines)  # type: ignore[arg-type]

    assert key(split) == key(one)


def test_an_unfinished_deal_is_left_out_until_completed(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    strength_runs.run(strength_runs.tables("card", "expert", ["greedy"], range(2)), path, 1)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n")  # the second deal's last rotation is lost
    found = strength_figures.figures("card", strength_runs.read_results([path]))
    assert found["games"] == 4 and found["left_out"] == 3
    assert (
        strength_runs.run(strength_runs.tables("card", "expert", ["greedy"], range(2)), path, 1)
        == 1
    )
    assert strength_figures.figures("card", strength_runs.read_results([path]))["games"] == 8


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_tuning_run_keeps_its_budgets_apart(tmp_path: Path) -> None:
    levels = strength_runs.level_table("card")
    saved = dict(levels)
    try:
        todo = [
            replace(t, overrides=(("ai-easy", "iterations", 2),))
            for t in strength_runs.tables("card", "greedy", ["ai-easy"], [3])
        ]
        strength_runs.run(todo, tmp_path / "tuning.jsonl", 1)
    finally:
        levels.clear()
        levels.update(saved)
    lines = strength_runs.read_results([tmp_path / "tuning.jsonl"])
    assert {line["budgets"]["ai-easy"]["iterations"] for line in lines} == {2}
    assert all(line["cpu"]["ai-easy"] for line in lines)
    current = strength.parser().parse_args(["report", str(tmp_path / "tuning.jsonl")])
    assert "4 games at other budgets were left out" in strength.report(current)
    tuned = strength.parser().parse_args(
        [
            "report",
            str(tmp_path / "tuning.jsonl"),
            "--set",
            "ai-easy.iterations=2",
            "--format",
            "json",
        ]
    )
    try:
        figures = json.loads(strength.report(tuned))
    finally:
        levels.clear()
        levels.update(saved)
    assert (
        figures["games"] == 4 and figures["experiments"]["greedy"]["ai-easy"]["first"]["games"] == 4
    )


def test_a_bad_override_or_result_line_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"LEVEL\.FIELD=NUMBER"):
        strength_runs.parse_override("ai-hard.iterations=lots")
    with pytest.raises(ValueError, match="no budget field"):
        strength_runs.apply_overrides("card", [("ai-hard", "depth", 3)])
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": "card"}\n')
    with pytest.raises(ValueError, match=r"broken\.jsonl:1: not a strength result"):
        strength_runs.read_results([broken])


def test_wilson_intervals_hold_the_rate_and_stay_in_bounds() -> None:
    low, high = strength_figures.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert strength_figures.wilson(0, 10)[0] == 0.0 and strength_figures.wilson(10, 10)[1] == 1.0
    assert strength_figures.wilson(0, 0) == (0.0, 1.0)


def _line(deal: int, rotation: int, scores: list[int]) -> dict[str, object]:
    seats = ["ai-hard", "greedy", "greedy", "greedy"]
    seats = seats[rotation:] + seats[:rotation]
    best = max(scores)
    return {
        "game": "card", "experiment": "greedy", "group": "ai-hard", "deal": deal,
        "rotation": rotation, "seats": seats, "scores": scores, "budgets": {},
        "winners": [s for s, v in enumerate(scores) if v == best], "cpu": {"ai-hard": [0.5]},
    }  # fmt: skip


def test_the_measured_seat_follows_the_rotation_and_targets_are_judged() -> None:
    lines = []
    for deal in range(40):
        for rotation in range(4):
            seat = (-rotation) % 4
            scores = [10, 10, 10, 10]
            scores[seat] = 20 if deal % 10 else 5  # wins 9 deals in 10
            lines.append(_line(deal, rotation, scores))
    found = strength_figures.figures("card", lines)  # type: ignore[arg-type]
    row = found["experiments"]["greedy"]["ai-hard"]
    assert row["first"].value == pytest.approx(0.9) and row["first"].games == 160
    assert row["pairings"].value == pytest.approx(0.9)
    verdicts = {t.text: t.verdict for t in found["targets"]}
    assert verdicts["ai-hard outscores each of 3 greedy in ≥ 85 % of pairings"] == "likely"
    assert verdicts["ai-hard is first against 3 greedy in ≥ 75 % of games"] == "met"
    assert verdicts["ai-medium outscores each of 3 greedy in ≥ 65 % of pairings"] == "not measured"
    assert verdicts["ai-hard decision ≤ 1 CPU-second at the 99th percentile"] == "met"


def test_the_page_gives_every_figure_its_interval_and_command_and_keeps_notes(
    tmp_path: Path,
) -> None:
    results = tmp_path / "card-expert.jsonl"
    strength_runs.run(strength_runs.tables("card", "expert", ["greedy"], range(2)), results, 1)
    page = tmp_path / "page.md"
    page.write_text(f"old\n{NOTES_MARK}\nMy notes.\n")
    args = strength.parser().parse_args(["report", str(results), "--out", str(page)])
    text = strength.report(args)
    assert page.read_text() == text and text.endswith(f"{NOTES_MARK}\nMy notes.\n")
    row = next(line for line in text.splitlines() if line.startswith("| greedy | 8 |"))
    assert "%–" in row and "--experiment expert --kind greedy --seeds 0:2" in row
    assert "Fewer games than the issue asks" in text
    as_json = json.loads(
        strength.report(strength.parser().parse_args(["report", str(results), "--format", "json"]))
    )
    first = as_json["experiments"]["expert"]["greedy"]["first"]
    assert first["games"] == 8 and first["low"] <= first["value"] <= first["high"]
    command = as_json["experiments"]["expert"]["greedy"]["command"]
    assert command.startswith("python -m benchmarks strength play --game card --experiment expert")
