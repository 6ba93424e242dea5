"""Playing strength of the AI levels (issue 21), for either game: play games in all seat
rotations into result files, and report the merged figures with 95 % intervals.

    python -m benchmarks strength play --game card --experiment greedy [--kind ai-hard ...]
        --seeds 0:50 [--workers 2] [--out FILE] [--set ai-hard.iterations=400]
        [--ray [--ray-address ADDRESS]]
    python -m benchmarks strength report --game card [FILE ...] [--format json]
        [--out docs/strength.md] [--set ...]
    python -m benchmarks strength            (the card game's report of the committed results)
    python -m benchmarks board-strength      (the board game's)

``play`` appends each game to its result file as it ends (default
``benchmarks/results/GAME-EXPERIMENT-FIRST-LAST.jsonl``) and skips the games the file holds
already: a run stopped halfway resumes, and a long run is split over processes and sittings
by seed ranges, one file each. ``report`` merges the files (default: every
``benchmarks/results/GAME-*.jsonl``) at the levels' current budgets (``--set`` for a tuning
run's) and judges the issue's targets. Games, seats and the statistics:
:mod:`benchmarks.strength_runs`, :mod:`benchmarks.strength_figures`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.strength_figures import figures
from benchmarks.strength_markdown import NOTES_MARK, page, play_command
from benchmarks.strength_runs import (
    EXPERIMENTS,
    KINDS,
    SEATS,
    apply_overrides,
    budgets,
    parse_override,
    read_results,
    run,
    tables,
)

RESULTS = Path(__file__).resolve().parent / "results"
DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = {"card": DOCS / "strength.md", "board": DOCS / "boardgame-strength.md"}


def parse_seeds(text: str) -> list[int]:
    """``0:50,60:70`` or ``7`` → the seeds (half-open ranges)."""
    seeds: list[int] = []
    for part in text.split(","):
        first, colon, last = part.partition(":")
        try:
            low = int(first)
            high = int(last) if colon else low + 1
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected seeds as A:B[,C:D]: {text!r}") from None
        if low < 0 or high <= low:
            raise argparse.ArgumentTypeError(f"an empty or negative seed range: {part!r}")
        seeds += range(low, high)
    return sorted(set(seeds))


def override(text: str) -> tuple[str, str, int]:
    try:
        return parse_override(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="python -m benchmarks strength")
    commands = main.add_subparsers(dest="command")
    play = commands.add_parser("play", help="play games into a result file")
    play.add_argument("--game", choices=sorted(SEATS), default="card")
    play.add_argument("--experiment", required=True, choices=("greedy", "expert", "h2h"))
    play.add_argument("--kind", action="append", choices=KINDS, help="default: all four")
    play.add_argument("--seeds", type=parse_seeds, required=True, help="deals, e.g. 0:50")
    play.add_argument("--workers", type=int, default=2)
    play.add_argument("--out", type=Path, help="result file (games are appended)")
    play.add_argument("--set", type=override, action="append", default=[], dest="sets")
    play.add_argument("--ray", action="store_true", help="play the shares as Ray tasks")
    play.add_argument("--ray-address", help="a Ray cluster (auto, ray://HOST:10001)")
    report = commands.add_parser("report", help="merge result files into the figures")
    report.add_argument("files", nargs="*", type=Path)
    report.add_argument("--game", choices=sorted(SEATS), default="card")
    report.add_argument("--format", choices=("markdown", "json"), default="markdown")
    report.add_argument("--out", type=Path, help="also write the page there")
    report.add_argument("--set", type=override, action="append", default=[], dest="sets")
    return main


def play(args: argparse.Namespace) -> None:
    if args.experiment not in EXPERIMENTS[args.game]:
        sys.exit(f"the {args.game} game has no experiment {args.experiment!r}")
    if args.workers < 1:
        sys.exit("--workers must be at least 1")
    todo = tables(args.game, args.experiment, args.kind or KINDS, args.seeds)
    todo = [_with_sets(table, args.sets) for table in todo]
    first, last = args.seeds[0], args.seeds[-1] + 1
    suffix = "".join(f"-{level}.{name}={value}" for level, name, value in args.sets)
    out = args.out or RESULTS / f"{args.game}-{args.experiment}-{first}-{last}{suffix}.jsonl"
    ray = (args.ray_address or "local") if args.ray or args.ray_address else None
    start, played = time.perf_counter(), [0]

    def progress(line: dict[str, Any]) -> None:
        played[0] += 1
        print(
            f"  {played[0]:>5} {line['group']:<32} deal {line['deal']:>6} rotation "
            f"{line['rotation']}  {time.perf_counter() - start:8.1f} s",
            flush=True,
        )

    count = run(todo, out, args.workers, ray, progress)
    print(f"{count} games played ({len(todo) - count} already in {out})")


def _with_sets(table: Any, sets: Sequence[tuple[str, str, int]]) -> Any:
    from dataclasses import replace

    return replace(table, overrides=tuple(sets))


def report(args: argparse.Namespace) -> str:
    files = args.files or sorted(RESULTS.glob(f"{args.game}-*.jsonl"))
    apply_overrides(args.game, args.sets)
    wanted = json.dumps(budgets(args.game), sort_keys=True)
    lines = [line for line in read_results(files) if line["game"] == args.game]
    chosen = [line for line in lines if json.dumps(line["budgets"], sort_keys=True) == wanted]
    other_budgets = len(lines) - len(chosen)
    found = figures(args.game, chosen)
    found["other_budgets"] = other_budgets
    sets = "".join(f" --set {level}.{name}={value}" for level, name, value in args.sets)
    if args.format == "json":
        return json.dumps(as_json(with_commands(found, sets)), indent=1)
    command = f"python -m benchmarks strength report --game {args.game}{sets}"
    notes = ""
    if args.out and args.out.exists():
        text = args.out.read_text(encoding="utf-8")
        notes = text.split(NOTES_MARK, 1)[1].lstrip("\n") if NOTES_MARK in text else ""
    out = f" --out {_shown(args.out)}" if args.out else ""
    text = page(found, command + out, sets, notes)
    if other_budgets:
        text += f"\n({other_budgets} games at other budgets were left out.)\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return text


def with_commands(found: dict[str, Any], sets: str) -> dict[str, Any]:
    """The figures with the command that plays the games of each (plain text)."""
    game = found["game"]
    for experiment, rows in found["experiments"].items():
        for kind, row in rows.items():
            row["command"] = play_command(game, experiment, kind, row["deals"], sets).strip("`")
    found["h2h_command"] = play_command(game, "h2h", None, found["h2h_deals"], sets).strip("`")
    return found


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(DOCS.parent))
    except ValueError:
        return str(path)


def as_json(found: dict[str, Any]) -> dict[str, Any]:
    """The figures with their intervals as plain JSON."""

    def plain(value: Any) -> Any:
        if hasattr(value, "json"):
            return value.json()
        if isinstance(value, dict):
            return {"/".join(k) if isinstance(k, tuple) else k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    result = plain(found)
    assert isinstance(result, dict)
    return result


def main(argv: Sequence[str] = (), game: str = "card") -> None:
    arguments = list(argv)
    if not arguments or arguments[0].startswith("-"):
        arguments = ["report", *arguments]
    if "--game" not in arguments:
        arguments[1:1] = ["--game", game]
    args = parser().parse_args(arguments)
    if args.command == "play":
        play(args)
    else:
        print(report(args))


def board_main(argv: Sequence[str] = ()) -> None:
    main(argv, "board")
