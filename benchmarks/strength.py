"""Playing strength (issue: AI): each AI level and ``greedy`` against 3 ``expert`` virtual
seats, a head-to-head table between them, decision times, and the multi-core speed-up.

    python -m benchmarks strength [--games 200] [--h2h-games 48] [--workers 2]
        [--ray [--ray-address ADDRESS]]

AI seats search on their level's iteration budget (no clock), so every figure but the times
is reproducible from the seeds. Writes ``docs/strength.md`` and ``docs/strength-scores.png``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carson.cli.ray_tasks import ray_map
from carson.core.players import Player
from carson.games.card.ai.player import AI_LEVELS
from carson.games.card.match import play_game, player_seed
from carson.games.card.players import make_player

KINDS = ("greedy", *AI_LEVELS)
VIRTUAL_TABLE = ("expert", "expert", "expert")
HEAD_TO_HEAD = ("ai-hard", "ai-medium", "ai-easy", "greedy")
DOCS = Path(__file__).resolve().parent.parent / "docs"
#: Set by ``--ray``: the shares are Ray tasks (``local``: a runtime started here; else a Ray
#: address) instead of processes; the games are the same.
RAY: list[str] = []


class TimedPlayer:
    """Wraps a player (of either game) and records how long each of its real decisions (more
    than one legal action) took."""

    def __init__(self, player: Player[Any]) -> None:
        self.name = player.name
        self._player = player
        self.seconds: list[float] = []

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        action = self._player.choose(observation, legal)
        if len(legal) > 1:
            self.seconds.append(time.perf_counter() - start)
        return action


@dataclass
class Games:
    """Scores of every game (one row per game, one column per seat), and decision times of
    each kind."""

    scores: list[list[int]] = field(default_factory=list)
    seats: list[list[str]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)

    def extend(self, other: Games) -> None:
        self.scores += other.scores
        self.seats += other.seats
        for kind, seconds in other.times.items():
            self.times.setdefault(kind, []).extend(seconds)


def play(tables: list[tuple[list[str], int]]) -> Games:
    """Play each (seat kinds, seed); AI seats on their iteration budget (reproducible)."""
    games = Games()
    for seats, seed in tables:
        players: dict[int, Player[Any]] = {}
        timed: dict[int, TimedPlayer] = {}
        for seat, kind in enumerate(seats):
            if kind in KINDS:
                base = make_player(kind, player_seed(seed, seat), budget_ms=0)
                assert base is not None
                timed[seat] = TimedPlayer(base)
                players[seat] = timed[seat]
        result = play_game(seats, seed, players).result()
        assert result is not None
        games.scores.append(list(result.scores))
        games.seats.append(list(seats))
        for seat, player in timed.items():
            games.times.setdefault(seats[seat], []).extend(player.seconds)
    return games


def play_parallel(
    tables: list[Any], workers: int, player: Callable[[list[Any]], Games] = play
) -> Games:
    """``player(tables)`` with the tables shared out over ``workers`` processes (``player``
    must be a module-level function); the rows come back grouped by process."""
    if workers == 1 and not RAY:
        return player(tables)
    shares = [tables[first::workers] for first in range(workers)]
    if RAY:
        first, *rest = ray_map(player, [(share,) for share in shares], ray_address(RAY[0]))
    else:
        with ProcessPoolExecutor(workers) as pool:
            first, *rest = pool.map(player, shares)
    for part in rest:
        first.extend(part)
    return first


def ray_address(setting: str) -> str | None:
    return None if setting == "local" else setting


def add_ray_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ray", action="store_true", help="play the shares as Ray tasks")
    parser.add_argument("--ray-address", help="a Ray cluster (auto, ray://HOST:10001)")


def use_ray(args: argparse.Namespace) -> None:
    """``--ray``/``--ray-address``: every ``play_parallel`` after plays on Ray."""
    if args.ray or args.ray_address:
        RAY[:] = [args.ray_address or "local"]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def standard_error(values: Sequence[float]) -> float:
    """Standard error of the mean (0 for fewer than two values)."""
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


def mean_interval(values: list[int]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    return statistics.fmean(values), 1.96 * standard_error(values)


def versus_experts(kinds: Sequence[str], count: int, workers: int) -> dict[str, Games]:
    results = {}
    for kind in kinds:
        tables = [([kind, *VIRTUAL_TABLE], 50_000 + game) for game in range(count)]
        start = time.perf_counter()
        results[kind] = play_parallel(tables, workers)
        print(f"  {kind:<9} {count} games in {time.perf_counter() - start:7.1f} s", flush=True)
    return results


def head_to_head(count: int, workers: int) -> Games:
    """Tables of all four kinds, each deal played in every rotation of the seats."""
    tables = []
    for deal in range(count // len(HEAD_TO_HEAD)):
        for turn in range(len(HEAD_TO_HEAD)):
            seats = list(HEAD_TO_HEAD[turn:] + HEAD_TO_HEAD[:turn])
            tables.append((seats, 90_000 + deal))
    return play_parallel(tables, workers)


def speedup(workers: int) -> tuple[float, float]:
    """Seconds for the same 8 ai-easy games in one process and in ``workers``."""
    tables = [(["ai-easy", *VIRTUAL_TABLE], 70_000 + game) for game in range(8)]
    start = time.perf_counter()
    play_parallel(tables, 1)
    one = time.perf_counter() - start
    start = time.perf_counter()
    play_parallel(tables, workers)
    return one, time.perf_counter() - start


def report(experts: dict[str, Games], duel: Games, speed: tuple[float, float], workers: int) -> str:
    lines = [
        "# Playing strength",
        "",
        "Measured by `python -m benchmarks strength` (part of `make bench`); the AI levels",
        "search on their iteration budgets (no clock), so all but the times are reproducible.",
        "",
        "## Against 3 `expert` virtual seats (4-seat games)",
        "",
        "| seat 0 | games | mean VP (95% interval) | win rate (95% interval) | decision time mean / p95 / max |",  # noqa: E501
        "|---|---:|---:|---:|---:|",
    ]
    for kind, games in experts.items():
        mine = [row[0] for row in games.scores]
        wins = sum(1.0 if row[0] == max(row) else 0.0 for row in games.scores)
        low, high = wilson(wins, len(mine))
        mean, half = mean_interval(mine)
        lines.append(
            f"| {kind} | {len(mine)} | {mean:.1f} ± {half:.1f} | {wins / len(mine):.1%} "
            f"({low:.1%}–{high:.1%}) | {decision_times(games.times.get(kind, []))} |"
        )
    experts_mean = statistics.fmean(
        score for games in experts.values() for row in games.scores for score in row[1:]
    )
    lines += [
        "",
        f"The `expert` virtual seats average {experts_mean:.1f} VP across these games. "
        "A shared first place counts as a win (CG-8.2).",
        "",
        "![Score distributions](strength-scores.png)",
        "",
    ]
    lines += _head_to_head_lines(duel) if duel.scores else ["(No head-to-head games.)"]
    one, many = speed
    lines += [
        "",
        "## Multi-core",
        "",
        f"The same 8 `ai-easy` games: {one:.1f} s in one process, {many:.1f} s in {workers} "
        f"(`--workers {workers}`): × {one / many:.2f}.",
        "",
    ]
    return "\n".join(lines)


def outscored(
    scores: list[list[int]], positions: list[dict[str, int]], kind: str, other: str
) -> float:
    """How often ``kind`` outscored ``other`` over games (a tie counts half); ``positions``
    gives each game's seat of every kind."""
    better = sum(
        1.0 if s[p[kind]] > s[p[other]] else 0.5 if s[p[kind]] == s[p[other]] else 0.0
        for s, p in zip(scores, positions, strict=True)
    )
    return better / len(scores)


def _head_to_head_lines(duel: Games) -> list[str]:
    lines = [
        "## Head to head",
        "",
        f"{len(duel.scores)} 4-seat games of `{'`, `'.join(HEAD_TO_HEAD)}`: each deal is played "
        "in all four seat rotations. A cell is how often the row's kind outscored the "
        "column's (a tie counts half).",
        "",
        "| | " + " | ".join(HEAD_TO_HEAD) + " | mean VP | wins |",
        "|---|" + "---:|" * (len(HEAD_TO_HEAD) + 2),
    ]
    position = [{kind: row.index(kind) for kind in row} for row in duel.seats]
    for kind in HEAD_TO_HEAD:
        cells = []
        for other in HEAD_TO_HEAD:
            if other == kind:
                cells.append("—")
                continue
            cells.append(f"{outscored(duel.scores, position, kind, other):.0%}")
        scores = [s[p[kind]] for s, p in zip(duel.scores, position, strict=True)]
        wins = sum(s[p[kind]] == max(s) for s, p in zip(duel.scores, position, strict=True))
        lines.append(
            f"| **{kind}** | " + " | ".join(cells) + f" | {statistics.fmean(scores):.1f} | {wins} |"
        )
    return lines


def decision_times(seconds: list[float]) -> str:
    """Mean / 95th percentile / maximum of decision times."""
    if not seconds:
        return "—"
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.fmean(ordered):.3f} / {p95:.3f} / {ordered[-1]:.3f} s"


def plot(experts: dict[str, Games], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    data = [[row[0] for row in games.scores] for games in experts.values()]
    data.append([s for games in experts.values() for row in games.scores for s in row[1:]])
    labels = [*experts, "expert (virtual)"]
    axes.violinplot(data, showmeans=True)
    axes.set_xticks(range(1, len(labels) + 1), labels)
    axes.set_ylabel("final score (VP)")
    axes.set_title("Score distributions, 4-seat games against 3 expert virtual seats")
    axes.axhline(110, linestyle=":", color="grey")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks strength")
    parser.add_argument("--games", type=int, default=200, help="games per kind vs experts")
    parser.add_argument("--h2h-games", type=int, default=48, help="head-to-head games")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DOCS / "strength.md")
    add_ray_options(parser)
    args = parser.parse_args(list(argv))
    use_ray(args)
    print(f"Playing strength ({args.games} games per kind, {args.workers} workers)", flush=True)
    experts = versus_experts(KINDS, args.games, args.workers)
    duel = head_to_head(args.h2h_games, args.workers)
    speed = speedup(args.workers)
    text = report(experts, duel, speed, args.workers)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    plot(experts, args.out.with_name("strength-scores.png"))
    print(text)
