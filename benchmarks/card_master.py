"""``ai-master`` against ``ai-hard`` in the card game (issue 47): 4 seats, two of each, every
arrangement of the two kinds over the seats (6 per deal), the AI seats on their iteration
budgets (no clock: the same seeds give the same games).

    python -m benchmarks card-master play --seeds 0:10 [--workers 1] [--out FILE]
    python -m benchmarks card-master report [FILE ...] [--format json]

``play`` appends each game to its result file as it ends (default
``benchmarks/results/master-card-FIRST-LAST.jsonl``) and skips the games the file holds
(:mod:`benchmarks.strength_runs`): a stopped run resumes. ``report`` merges the files
(default: every ``benchmarks/results/master-card-*.jsonl``; not ``card-*``, which the
strength report reads) and prints:

- the share of **pairings** ``ai-master`` won (each game has 4 pairs of an ``ai-master`` and
  an ``ai-hard`` seat; the higher score wins the pair, a tie counts half), with the 95 %
  Wilson interval counting one trial per game (as :mod:`benchmarks.strength_figures` does),
  and a more cautious 95 % interval that treats deals as the independent units (± 1.96
  standard errors of the per-deal shares);
- the mean score of each kind, and each kind's decision CPU-seconds (median, p99, max).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

from benchmarks.strength import parse_seeds
from benchmarks.strength_figures import wilson
from benchmarks.strength_runs import Table, read_results, run

RESULTS = Path(__file__).resolve().parent / "results"
MASTER, HARD = "ai-master", "ai-hard"
EXPERIMENT = "master"


def arrangements() -> list[tuple[str, ...]]:
    """The 6 ways to seat two ``ai-master`` and two ``ai-hard`` at 4 seats."""
    return [
        tuple(MASTER if seat in chosen else HARD for seat in range(4))
        for chosen in combinations(range(4), 2)
    ]


def tables(deals: Sequence[int]) -> list[Table]:
    return [
        Table("card", EXPERIMENT, f"{MASTER}+{HARD}", deal, number, seats)
        for deal in deals
        for number, seats in enumerate(arrangements())
    ]


def pairing_share(line: dict[str, Any]) -> float:
    """The share of the game's master–hard pairs that ``ai-master`` won (ties half)."""
    seats, scores = line["seats"], line["scores"]
    won = 0.0
    pairs = 0
    for mine in (s for s, kind in enumerate(seats) if kind == MASTER):
        for theirs in (s for s, kind in enumerate(seats) if kind == HARD):
            pairs += 1
            won += (
                1.0
                if scores[mine] > scores[theirs]
                else 0.5
                if scores[mine] == scores[theirs]
                else 0.0
            )
    return won / pairs


def figures(lines: list[dict[str, Any]]) -> dict[str, Any]:
    games = [line for line in lines if line["experiment"] == EXPERIMENT]
    shares = [pairing_share(line) for line in games]
    n = len(shares)
    low, high = wilson(sum(shares), n)
    by_deal: dict[int, list[float]] = {}
    for line, share in zip(games, shares, strict=True):
        by_deal.setdefault(line["deal"], []).append(share)
    deal_means = [statistics.fmean(values) for values in by_deal.values()]
    mean = statistics.fmean(shares) if shares else 0.0
    half = (
        1.96 * statistics.stdev(deal_means) / math.sqrt(len(deal_means))
        if len(deal_means) > 1
        else 1.0
    )
    scores: dict[str, list[int]] = {MASTER: [], HARD: []}
    cpu: dict[str, list[float]] = {MASTER: [], HARD: []}
    for line in games:
        for kind, score in zip(line["seats"], line["scores"], strict=True):
            scores[kind].append(score)
        for kind, seconds in line["cpu"].items():
            cpu[kind].extend(seconds)
    return {
        "games": n,
        "deals": len(by_deal),
        "complete_deals": sum(1 for values in by_deal.values() if len(values) == 6),
        "pairings_won": round(mean, 4),
        "wilson_95": [round(low, 4), round(high, 4)],
        "by_deal_95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
        "mean_score": {k: round(statistics.fmean(v), 2) if v else None for k, v in scores.items()},
        "decision_cpu_s": {k: _quantiles(v) for k, v in cpu.items()},
    }


def _quantiles(seconds: list[float]) -> dict[str, float] | None:
    if not seconds:
        return None
    ordered = sorted(seconds)
    at = min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)
    return {
        "decisions": len(ordered),
        "median": round(statistics.median(ordered), 4),
        "p99": round(ordered[at], 4),
        "max": round(ordered[-1], 4),
    }


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks card-master")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play")
    play.add_argument("--seeds", type=parse_seeds, required=True, help="deals, e.g. 0:10")
    play.add_argument("--workers", type=int, default=1)
    play.add_argument("--out", type=Path)
    report = commands.add_parser("report")
    report.add_argument("files", nargs="*", type=Path)
    report.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(list(argv))
    if args.command == "play":
        first, last = args.seeds[0], args.seeds[-1] + 1
        out = args.out or RESULTS / f"master-card-{first}-{last}.jsonl"
        start = time.perf_counter()

        def progress(line: dict[str, Any]) -> None:
            print(
                f"  deal {line['deal']:>5} arrangement {line['rotation']} "
                f"{line['seats']} {line['scores']}  {time.perf_counter() - start:8.1f} s",
                flush=True,
            )

        count = run(tables(args.seeds), out, args.workers, None, progress)
        print(f"{count} games played into {out}")
        return
    files = args.files or sorted(RESULTS.glob("master-card-*.jsonl"))
    found = figures(read_results(files))
    if args.format == "json":
        print(json.dumps(found, indent=2))
        return
    print(
        f"ai-master vs ai-hard, card game, 4 seats (2 + 2, all 6 arrangements): "
        f"{found['games']} games, {found['deals']} deals\n"
        f"  pairings won by ai-master: {100 * found['pairings_won']:.1f} % "
        f"(95 % Wilson per game {100 * found['wilson_95'][0]:.1f}–"
        f"{100 * found['wilson_95'][1]:.1f} %; by deal {100 * found['by_deal_95'][0]:.1f}–"
        f"{100 * found['by_deal_95'][1]:.1f} %)\n"
        f"  mean score: {found['mean_score']}\n  decision CPU-s: {found['decision_cpu_s']}"
    )
