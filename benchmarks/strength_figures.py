"""The strength figures (issue 21) from merged results, each with its 95 % interval, its
game count and the commands that reproduce it; and the issue's targets judged on them.

Only whole deals count: a deal whose rotations are not all in the files (a run stopped
halfway) is left out until a later run completes it, so every figure stays balanced over
the seats. Intervals: a proportion's is Wilson's with one trial per game (a game's share of
pairings won counts as its success, so the several pairings of one game are not taken for
independent trials); a mean's is ± 1.96 standard errors.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from benchmarks.strength_runs import HEAD_TO_HEAD, LEVELS, SEATS

#: Games per figure the issue asks for.
GAMES_ASKED = {"card": 200, "board": 150}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """A proportion over ``games`` games, with its 95 % interval."""

    value: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, successes: Sequence[float]) -> Rate:
        n = len(successes)
        low, high = wilson(sum(successes), n)
        return cls(sum(successes) / n if n else 0.0, low, high, n)

    def json(self) -> dict[str, Any]:
        return {
            "value": r4(self.value),
            "low": r4(self.low),
            "high": r4(self.high),
            "games": self.games,
        }

    def __str__(self) -> str:
        return f"{self.value:.1%} ({self.low:.1%}–{self.high:.1%})"


@dataclass(frozen=True)
class Mean:
    """A mean with the half-width of its 95 % interval."""

    value: float
    half: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        if not values:
            return cls(0.0, 0.0)
        se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        return cls(statistics.fmean(values), 1.96 * se)

    def json(self) -> dict[str, float]:
        return {"value": r4(self.value), "half_width": r4(self.half)}

    def __str__(self) -> str:
        return f"{self.value:.1f} ± {self.half:.1f}"


def r4(value: float) -> float:
    return round(value, 4)


def whole_deals(lines: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The games of deals played in all their rotations, and how many games were left out."""
    seats = {line["game"]: SEATS[line["game"]] for line in lines}
    rotations: dict[tuple[str, str, str, int], set[int]] = defaultdict(set)
    for line in lines:
        rotations[_deal(line)].add(line["rotation"])
    kept = [line for line in lines if len(rotations[_deal(line)]) == seats[line["game"]]]
    return kept, len(lines) - len(kept)


def _deal(line: dict[str, Any]) -> tuple[str, str, str, int]:
    return line["game"], line["experiment"], line["group"], line["deal"]


def outscored(score: int, others: Sequence[int]) -> float:
    """The share of ``others`` that ``score`` beats (a tie counts half)."""
    return sum(1.0 if score > o else 0.5 if score == o else 0.0 for o in others) / len(others)


def first(line: dict[str, Any], seat: int) -> float:
    """1 if the seat won (a shared first place counts, CG-8.2; the board game names one
    winner, BG-8.3), else 0."""
    return 1.0 if seat in line["winners"] else 0.0


def one_kind(lines: list[dict[str, Any]], experiment: str) -> dict[str, dict[str, Any]]:
    """Per measured kind of a ``greedy`` or ``expert`` experiment: pairings won, first
    places, mean score and the other seats' mean."""
    rows: dict[str, dict[str, Any]] = {}
    by_group: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        if line["experiment"] == experiment:
            by_group[line["group"]].append(line)
    for kind, games in by_group.items():
        seats = [(-line["rotation"]) % len(line["seats"]) for line in games]
        mine = [line["scores"][seat] for line, seat in zip(games, seats, strict=True)]
        others = [
            [s for i, s in enumerate(line["scores"]) if i != seat]
            for line, seat in zip(games, seats, strict=True)
        ]
        rows[kind] = {
            "pairings": Rate.of([outscored(m, o) for m, o in zip(mine, others, strict=True)]),
            "first": Rate.of([first(line, seat) for line, seat in zip(games, seats, strict=True)]),
            "score": Mean.of(mine),
            "others": Mean.of([s for row in others for s in row]),
            "deals": sorted({line["deal"] for line in games}),
        }
    return rows


def head_to_head(lines: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """For each ordered pair of kinds, how often the first outscored the second in the
    games where both sat (a tie counts half)."""
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    deals: dict[tuple[str, str], set[tuple[str, int]]] = defaultdict(set)
    for line in lines:
        if line["experiment"] != "h2h":
            continue
        where = {kind: seat for seat, kind in enumerate(line["seats"])}
        for kind in where:
            for other in where:
                if kind != other:
                    mine, theirs = line["scores"][where[kind]], line["scores"][where[other]]
                    pairs[kind, other].append(outscored(mine, [theirs]))
                    deals[kind, other].add((line["group"], line["deal"]))
    return {
        pair: {"rate": Rate.of(values), "groups": sorted({g for g, _ in deals[pair]})}
        for pair, values in pairs.items()
    }


def decision_times(lines: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """CPU-seconds per real decision of each kind over all the games: median, 99th
    percentile, maximum."""
    seconds: dict[str, list[float]] = defaultdict(list)
    for line in lines:
        for kind, values in line["cpu"].items():
            seconds[kind].extend(values)
    table = {}
    for kind, values in seconds.items():
        values.sort()
        if values:
            p99 = values[min(len(values) - 1, math.ceil(0.99 * len(values)) - 1)]
            table[kind] = {
                "decisions": len(values),
                "median": r4(values[len(values) // 2]),
                "p99": r4(p99),
                "max": r4(values[-1]),
            }
    return table


@dataclass(frozen=True)
class Target:
    """One of the issue's targets: what it asks, the figure, and the verdict (``met``: the
    whole interval clears the line; ``likely``: the figure does, its interval not yet;
    ``no``: the figure does not)."""

    text: str
    figure: str
    verdict: str

    def json(self) -> dict[str, str]:
        return {"target": self.text, "figure": self.figure, "verdict": self.verdict}


def judge(rate: Rate | None, line: float) -> str:
    if rate is None or rate.games == 0:
        return "not measured"
    if rate.low > line:
        return "met"
    return "likely" if rate.value > line else "no"


def targets(game: str, figures: dict[str, Any]) -> list[Target]:
    """The issue's strength targets for ``game``, judged on ``figures``."""
    found: list[Target] = []
    vs_greedy = figures["experiments"].get("greedy", {})

    def versus(kind: str, what: str, line: float, text: str) -> None:
        rate = vs_greedy.get(kind, {}).get(what)
        found.append(Target(text, str(rate) if rate else "—", judge(rate, line)))

    if game == "card":
        versus(
            "ai-hard", "pairings", 0.85, "ai-hard outscores each of 3 greedy in ≥ 85 % of pairings"
        )
        versus("ai-hard", "first", 0.75, "ai-hard is first against 3 greedy in ≥ 75 % of games")
        versus(
            "ai-medium",
            "pairings",
            0.65,
            "ai-medium outscores each of 3 greedy in ≥ 65 % of pairings",
        )
    else:
        versus("ai-hard", "first", 0.95, "ai-hard wins against 2 greedy in ≥ 95 % of games")
    h2h = figures["head_to_head"]
    for stronger, weaker in pairwise(HEAD_TO_HEAD):
        rate = h2h.get((stronger, weaker), {}).get("rate")
        text = f"{stronger} outscores {weaker} head to head (interval above 50 %)"
        found.append(Target(text, str(rate) if rate else "—", judge(rate, 0.5)))
    experts = figures["experiments"].get("expert", {})
    if game == "card":
        control = experts.get("greedy", {}).get("first")
        for level in LEVELS:
            rate = experts.get(level, {}).get("first")
            verdict = (
                "not measured" if rate is None or control is None else judge(rate, control.value)
            )
            found.append(
                Target(
                    f"{level} wins against 3 expert more often than greedy",
                    str(rate) if rate else "—",
                    verdict,
                )
            )
    hard = figures["decisions"].get("ai-hard")
    p99 = "not measured" if hard is None else ("met" if hard["p99"] <= 1.0 else "no")
    found.append(
        Target(
            "ai-hard decision ≤ 1 CPU-second at the 99th percentile",
            f"{hard['p99']:.3f} s" if hard else "—",
            p99,
        )
    )
    return found


def figures(game: str, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of one game's results (a single set of budgets)."""
    kept, left_out = whole_deals([line for line in lines if line["game"] == game])
    experiments = {
        experiment: one_kind(kept, experiment)
        for experiment in ("greedy", "expert")
        if any(line["experiment"] == experiment for line in kept)
    }
    result = {
        "game": game,
        "games": len(kept),
        "left_out": left_out,
        "budgets": kept[0]["budgets"] if kept else {},
        "experiments": experiments,
        "head_to_head": head_to_head(kept),
        "h2h_deals": sorted({line["deal"] for line in kept if line["experiment"] == "h2h"}),
        "decisions": decision_times(kept),
    }
    result["targets"] = targets(game, result)
    return result
