"""Board-game playing strength: ``greedy`` (the control) and each AI level against 2 ``greedy``
seats in 3-player games, a head-to-head table of the AI levels, decision times, and the
multi-core speed-up.

    python -m benchmarks board-strength [--games 30] [--h2h-games 9] [--workers 2]
                                        [--variants river ...] [--ray [--ray-address A]]

The measured seat takes seats 0, 1 and 2 in turn (game ``i`` on seat ``i % 3``): the initial
order is drawn, but pass order breaks ties (BG-8.3), so no seat is favoured overall. Game
``i`` has the same seed for every kind, and the AI levels search on their iteration budgets
(``budget_ms=0``: no clock), so every figure but the times is reproducible from the seeds.
Writes ``docs/boardgame-strength.md`` and ``docs/boardgame-strength-scores.png``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.strength import (
    Games,
    TimedPlayer,
    add_ray_options,
    decision_times,
    outscored,
    play_parallel,
    standard_error,
    use_ray,
    wilson,
)
from carson.core.players import Player
from carson.games.board.match import play_game, player_seed
from carson.games.board.players import make_player

KINDS = ("greedy", "ai-easy", "ai-medium", "ai-hard")
OPPONENT = "greedy"
SEATS = 3
HEAD_TO_HEAD = ("ai-hard", "ai-medium", "ai-easy")
#: First seeds of the games against greedy, of the head-to-head deals, of the speed-up games.
VERSUS_SEED, DUEL_SEED, SPEED_SEED = 40_000, 90_000, 70_000
SPEED_GAMES = 4
#: In play (``budget_ms`` unset) every AI level also stops a search after this long.
CLOCK_CAP = 1.0
DOCS = Path(__file__).resolve().parent.parent / "docs"

#: One game to play: seat kinds, seed, the measured seat (-1: every seat), variants.
Table = tuple[list[str], int, int, tuple[str, ...]]


@dataclass
class BoardGames(Games):
    """:class:`Games` plus, per game, the measured seat, the winner (BG-8.3 breaks ties) and
    the game's duration; ``times`` holds the measured seats' decision times."""

    tested: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def extend(self, other: Games) -> None:
        assert isinstance(other, BoardGames)
        super().extend(other)
        self.tested += other.tested
        self.winners += other.winners
        self.seconds += other.seconds


def play(tables: list[Table]) -> BoardGames:
    """Play each table; the measured seats (every seat for ``-1``) are timed."""
    games = BoardGames()
    for seats, seed, tested, variants in tables:
        timed: dict[int, TimedPlayer] = {}
        for seat, kind in enumerate(seats):
            if tested in (-1, seat):
                timed[seat] = TimedPlayer(make_player(kind, player_seed(seed, seat), budget_ms=0))
        players: dict[int, Player[Any]] = dict(timed)
        start = time.perf_counter()
        result = play_game(seats, seed, variants, players=players, budget_ms=0).result()
        assert result is not None and len(result.winners) == 1
        games.seconds.append(time.perf_counter() - start)
        games.scores.append(list(result.scores))
        games.seats.append(list(seats))
        games.tested.append(tested)
        games.winners.append(next(iter(result.winners)))
        for seat, player in timed.items():
            games.times.setdefault(seats[seat], []).extend(player.seconds)
    return games


def run(tables: list[Table], workers: int) -> BoardGames:
    games = play_parallel(tables, workers, play)
    assert isinstance(games, BoardGames)
    return games


def versus_tables(kind: str, count: int, variants: tuple[str, ...]) -> list[Table]:
    """``kind`` on seat ``game % 3`` and greedy on the others, one seed per game."""
    tables: list[Table] = []
    for game in range(count):
        tested = game % SEATS
        seats = [OPPONENT] * SEATS
        seats[tested] = kind
        tables.append((seats, VERSUS_SEED + game, tested, variants))
    return tables


def versus_greedy(
    kinds: Sequence[str], count: int, workers: int, variants: tuple[str, ...]
) -> dict[str, BoardGames]:
    results = {}
    for kind in kinds:
        start = time.perf_counter()
        results[kind] = run(versus_tables(kind, count, variants), workers)
        print(f"  {kind:<9} {count} games in {time.perf_counter() - start:7.1f} s", flush=True)
    return results


def head_to_head(count: int, workers: int, variants: tuple[str, ...]) -> BoardGames:
    """``count // 3`` deals of the three AI levels, each deal in all three seat rotations."""
    tables: list[Table] = []
    for deal in range(count // SEATS):
        for turn in range(SEATS):
            seats = list(HEAD_TO_HEAD[turn:] + HEAD_TO_HEAD[:turn])
            tables.append((seats, DUEL_SEED + deal, -1, variants))
    start = time.perf_counter()
    games = run(tables, workers)
    print(f"  head to head {len(tables)} games in {time.perf_counter() - start:7.1f} s", flush=True)
    return games


def speedup(workers: int, variants: tuple[str, ...]) -> tuple[float, float]:
    """Seconds for the same few ai-easy games in one process and in ``workers``."""
    tables = versus_tables("ai-easy", SPEED_GAMES, variants)
    tables = [(seats, seed - VERSUS_SEED + SPEED_SEED, t, v) for seats, seed, t, v in tables]
    start = time.perf_counter()
    run(tables, 1)
    one = time.perf_counter() - start
    start = time.perf_counter()
    run(tables, workers)
    return one, time.perf_counter() - start


# --- the report ---------------------------------------------------------------------------


@dataclass
class Measured:
    """The measured seat's figures over a kind's games against greedy."""

    scores: list[int]
    margins: list[int]  # score minus the best greedy seat's
    wins: list[bool]
    seats: list[int]
    opponents: list[int]  # the greedy seats' scores

    @staticmethod
    def of(games: BoardGames) -> Measured:
        scores, margins, wins, opponents = [], [], [], []
        for row, seat, winner in zip(games.scores, games.tested, games.winners, strict=True):
            others = [score for other, score in enumerate(row) if other != seat]
            scores.append(row[seat])
            margins.append(row[seat] - max(others))
            wins.append(winner == seat)
            opponents += others
        return Measured(scores, margins, wins, list(games.tested), opponents)

    def win_rate(self) -> tuple[float, float, float]:
        low, high = wilson(sum(self.wins), len(self.wins))
        return sum(self.wins) / len(self.wins), low, high


def _mean_se(values: Sequence[float]) -> str:
    return f"{statistics.fmean(values):.1f} ± {standard_error(values):.1f}"


def _rate(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:.0%} ({low:.0%}–{high:.0%})" if n else "—"


def report(
    versus: dict[str, BoardGames],
    duel: BoardGames,
    speed: tuple[float, float] | None,
    args: argparse.Namespace,
) -> str:
    variants = ", ".join(args.variants) if args.variants else "none (the base game)"
    measured = {kind: Measured.of(games) for kind, games in versus.items()}
    lines = [
        "# Board game: playing strength",
        "",
        f"Measured by `python -m benchmarks board-strength --games {args.games} "
        f"--h2h-games {args.h2h_games} --workers {args.workers}"
        + (f" --variants {' '.join(args.variants)}" if args.variants else "")
        + f"` on {datetime.date.today().isoformat()}; machine: {args.machine} "
        f"(load average {args.load:.1f} at the start). Variants: {variants}.",
        "",
        "## How it is measured",
        "",
        "- 3-player games: the measured kind on one seat, `greedy` on the other two. The "
        "measured seat takes seats 0, 1 and 2 in turn (game *i* on seat *i* mod 3), because "
        "the seat decides the pass order that breaks ties (BG-8.3) although the initial order "
        f"is drawn. Game *i* has seed {VERSUS_SEED} + *i* for every kind, so the kinds meet "
        "the same deals.",
        "- `greedy` against 2 `greedy` is the **control**: an equal player wins 1 game in 3 "
        "and its mean margin is below 0 (it is compared with the *best* of the two others).",
        "- The AI levels search on their iteration budget only (`budget_ms=0`: 8 / 24 / 64 "
        "ISMCTS iterations per decision, no clock), so scores and wins are reproducible from "
        "the seeds; only the times vary between runs.",
        "- Win = the game's winner (ties broken by the earlier passer, BG-8.3); mean VP and "
        "margin are given ± one standard error; win rates with a 95% Wilson interval.",
        "",
        "## Against 2 `greedy` seats",
        "",
        "| measured seat | games | mean VP ± s.e. | win rate (95% interval) "
        "| margin over best greedy ± s.e. | greedy seats' mean VP | s / game |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for kind, m in measured.items():
        rate, low, high = m.win_rate()
        lines.append(
            f"| {kind} | {len(m.scores)} | {_mean_se(m.scores)} | {rate:.0%} "
            f"({low:.0%}–{high:.0%}) | {_mean_se(m.margins)} | "
            f"{statistics.fmean(m.opponents):.1f} | "
            f"{statistics.fmean(versus[kind].seconds):.1f} |"
        )
    lines += [
        "",
        "![Scores of the measured seat](boardgame-strength-scores.png)",
        "",
        "### By seat",
        "",
        "Wins / games and mean margin of the measured kind on each seat.",
        "",
        "| measured seat | " + " | ".join(f"seat {seat}" for seat in range(SEATS)) + " |",
        "|---|" + "---:|" * SEATS,
    ]
    for kind, m in measured.items():
        cells = []
        for seat in range(SEATS):
            on = [i for i, s in enumerate(m.seats) if s == seat]
            wins = sum(m.wins[i] for i in on)
            margin = statistics.fmean(m.margins[i] for i in on) if on else 0.0
            cells.append(f"{wins}/{len(on)}, {margin:+.1f}")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    lines += ["", *_head_to_head_lines(duel), "", *_times_lines(versus, duel, args.workers)]
    if speed is not None:
        one, many = speed
        lines += [
            "",
            "## Multi-core",
            "",
            f"The same {SPEED_GAMES} `ai-easy` games against 2 `greedy`: {one:.1f} s in one "
            f"process, {many:.1f} s in {args.workers} (`--workers {args.workers}`): "
            f"× {one / many:.2f}.",
        ]
    lines += ["", *_verdict_lines(measured), "", *LIMITS]
    return "\n".join(lines) + "\n"


def _head_to_head_lines(duel: BoardGames) -> list[str]:
    if not duel.scores:
        return ["## Head to head", "", "(No head-to-head games.)"]
    n = len(duel.scores)
    lines = [
        "## Head to head",
        "",
        f"{n} 3-player games of `{'`, `'.join(HEAD_TO_HEAD)}` ({n // SEATS} deals, each in "
        "all three seat rotations). A cell is how often the row's level outscored the "
        "column's (a tie counts half).",
        "",
        "| | " + " | ".join(HEAD_TO_HEAD) + " | mean VP ± s.e. | wins (95% interval) |",
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
        wins = sum(w == p[kind] for w, p in zip(duel.winners, position, strict=True))
        lines.append(
            f"| **{kind}** | " + " | ".join(cells) + f" | {_mean_se(scores)} | {_rate(wins, n)} |"
        )
    return lines


def _times_lines(versus: dict[str, BoardGames], duel: BoardGames, workers: int) -> list[str]:
    lines = [
        "## Decision times",
        "",
        "Seconds per decision with more than one legal action, measured in the games above "
        f"(against greedy, and head to head) with {workers} games running at once. "
        f"In play an AI level also stops at {CLOCK_CAP:.0f} s; the last column is the share "
        "of decisions that cap would have cut short.",
        "",
        "| kind | decisions | per game | mean / p95 / max | over the cap |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind in KINDS:
        seconds = list(versus.get(kind, BoardGames()).times.get(kind, []))
        seconds += duel.times.get(kind, [])
        games = len(versus.get(kind, BoardGames()).scores)
        games += sum(kind in row for row in duel.seats)
        if not seconds:
            continue
        over = sum(s > CLOCK_CAP for s in seconds) / len(seconds)
        lines.append(
            f"| {kind} | {len(seconds)} | {len(seconds) / games:.0f} | "
            f"{decision_times(seconds)} | {over:.1%} |"
        )
    return lines


def _verdict_lines(measured: dict[str, Measured]) -> list[str]:
    """Each AI level against the control: are the intervals apart?"""
    lines = ["## Reading the figures", ""]
    control = measured.get("greedy")
    for kind, m in measured.items():
        if control is None or kind == "greedy":
            continue
        _, low, high = m.win_rate()
        _, c_low, c_high = control.win_rate()
        diff = statistics.fmean(m.margins) - statistics.fmean(control.margins)
        se = (standard_error(m.margins) ** 2 + standard_error(control.margins) ** 2) ** 0.5
        if low > c_high:
            wins = "its win-rate interval lies above the control's"
        elif high < c_low:
            wins = "its win-rate interval lies below the control's"
        else:
            wins = "its win-rate interval overlaps the control's"
        lines.append(
            f"- `{kind}`: {wins}; its margin differs from the control's by {diff:+.1f} ± "
            f"{se:.1f} VP ({'clear' if abs(diff) > 2 * se else 'not clear'} at 2 s.e.)."
        )
    return lines


LIMITS = [
    "## What limits the AI",
    "",
    "- **Few iterations.** 8 / 24 / 64 iterations per decision, and every candidate's mean "
    "is smoothed by 4 imagined visits at the valuation's prior "
    "(`carson.ai.ismcts.PRIOR_VISITS`): with 6–7 candidates at a placement, `ai-easy` "
    "gives each about one playout, so its placements stay close to the valuation's "
    "favourites (the `placement_value` that `greedy` also uses); only `ai-hard`, with about "
    "9 visits per candidate, lets playouts overrule the prior often.",
    "- **One round deep.** The tree and the playouts stop at the start of the next round and "
    "score the position with the hand-made `position_value` (points, money, incomes still "
    "to come, pieces, parcels). Plans that pay off over several rounds (a parcel now for a "
    "building later, saving money for the last round's VP) are only as good as those "
    "weights.",
    "- **Pruned choices.** Placements keep the valuation's best 6 targets plus passing; "
    "other big menus (parcels, roads) keep the playout policy's choice plus a random 6. A "
    "strong move the valuation ranks low is never searched.",
    "- **Weak playouts.** Every seat in a playout follows the fast policy "
    "(`carson.games.board.ai.playout`), so the search expects opponents who play like it, "
    "not like `greedy`.",
    "- **Sampling.** Hidden facts (future dice and bag draws, others' duel tiles, votes) are "
    "re-drawn per iteration; with few iterations a single lucky die roll can decide a "
    "choice.",
    f"- **The clock.** In play each search also stops after {CLOCK_CAP:.0f} s; on a slow or "
    "busy machine `ai-hard` runs fewer iterations than measured here (see the last column "
    "of the times table).",
]


def plot(versus: dict[str, BoardGames], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measured = {kind: Measured.of(games) for kind, games in versus.items()}
    figure, (scores, rates) = plt.subplots(1, 2, figsize=(10, 4.5))
    data = [m.scores for m in measured.values()]
    data.append([s for m in measured.values() for s in m.opponents])
    labels = [*measured, "greedy seats"]
    scores.violinplot(data, showmeans=True)
    scores.set_xticks(range(1, len(labels) + 1), labels)
    scores.set_ylabel("final score (VP)")
    scores.set_title("Measured seat's score vs 2 greedy")
    for index, m in enumerate(measured.values()):
        rate, low, high = m.win_rate()
        rates.errorbar(index, rate, yerr=[[rate - low], [high - rate]], fmt="o", capsize=6)
    rates.axhline(1 / SEATS, linestyle=":", color="grey", label="equal strength (1/3)")
    rates.set_xticks(range(len(measured)), list(measured))
    rates.set_xlim(-0.5, len(measured) - 0.5)
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate (95% Wilson interval)")
    rates.set_title("Win rate vs 2 greedy")
    rates.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks board-strength")
    parser.add_argument("--games", type=int, default=30, help="games per kind vs greedy")
    parser.add_argument("--h2h-games", type=int, default=9, help="head-to-head games (3 per deal)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variants", nargs="*", default=[], help="board-game variants")
    parser.add_argument("--machine", default=f"{os.cpu_count()} cores")
    parser.add_argument("--out", type=Path, default=DOCS / "boardgame-strength.md")
    add_ray_options(parser)
    args = parser.parse_args(list(argv))
    use_ray(args)
    args.load = os.getloadavg()[0]
    variants = tuple(args.variants)
    print(
        f"Board-game strength ({args.games} games per kind, {args.h2h_games} head to head, "
        f"{args.workers} workers, variants: {', '.join(variants) or 'none'})",
        flush=True,
    )
    versus = versus_greedy(KINDS, args.games, args.workers, variants)
    duel = head_to_head(args.h2h_games, args.workers, variants)
    speed = speedup(args.workers, variants) if args.workers > 1 else None
    text = report(versus, duel, speed, args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    plot(versus, args.out.with_name("boardgame-strength-scores.png"))
    print(text)
