"""Playing the strength games (issue 21) in every seat rotation, and keeping their results.

A *deal* is one seed; every experiment plays each deal in all rotations of its seats, so no
seat's advantage (seat 0 is favoured in the card game, pass order breaks board ties) leans on
one kind. A game's result is one JSON line in a results file; a run appends each game as it
finishes and skips the games its file holds already, so a run stopped halfway resumes where
it stopped, and runs split over processes, sittings or machines (``--seeds`` ranges, one
file each) are merged by the report. The AI seats search on their iteration budgets (no
clock), so a game's result depends on its seed and the budgets only: each line records the
budgets, and results of different budgets are never mixed.

Experiments (``N`` = the game's seats):

- ``greedy``: one kind on one seat, ``greedy`` on the ``N - 1`` others (``greedy`` itself in
  that seat is the control); the measured seat takes every seat in turn.
- ``expert`` (card game only): one kind and 3 ``expert`` virtual seats, in all 4 rotations.
- ``h2h``: every set of ``N`` kinds of ``ai-hard``, ``ai-medium``, ``ai-easy``, ``greedy``
  (the card game's 4 seats hold all four; the board game's 3 seats, each of the 4 triples),
  each in all ``N`` rotations.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from benchmarks.search import CpuTimedPlayer
from carson.cli.ray_tasks import ray_map
from carson.core.match import play_match
from carson.core.players import player_seed
from carson.core.registry import game_kind

LEVELS = ("ai-easy", "ai-medium", "ai-hard")
KINDS = ("greedy", *LEVELS)
#: Head to head, strongest first: the order the issue asks for.
HEAD_TO_HEAD = ("ai-hard", "ai-medium", "ai-easy", "greedy")
SEATS = {"card": 4, "board": 3}
EXPERIMENTS = {"card": ("greedy", "expert", "h2h"), "board": ("greedy", "h2h")}
#: Seat kinds that fill the other seats of the ``greedy`` and ``expert`` experiments.
OPPONENTS = {"greedy": "greedy", "expert": "expert"}


def level_table(game: str) -> dict[str, Any]:
    """The game's AI levels (level → search limits), the dictionary its players read."""
    if game == "card":
        from carson.games.card.ai.player import AI_LEVELS as CARD_LEVELS

        return CARD_LEVELS  # type: ignore[return-value]
    if game == "board":
        from carson.games.board.ai.search import AI_LEVELS as BOARD_LEVELS

        return BOARD_LEVELS  # type: ignore[return-value]
    raise ValueError(f"unknown game {game!r}; choose from {', '.join(SEATS)}")


#: ``level.field=value`` settings that replace a level's budget for a tuning run.
Override = tuple[str, str, int]


def parse_override(text: str) -> Override:
    """``ai-hard.iterations=400`` → ``("ai-hard", "iterations", 400)``."""
    target, _, value = text.partition("=")
    level, _, name = target.partition(".")
    if level not in LEVELS or not name or not value.isdigit():
        raise ValueError(f"expected LEVEL.FIELD=NUMBER (LEVEL one of {', '.join(LEVELS)}): {text}")
    return level, name, int(value)


def apply_overrides(game: str, overrides: Sequence[Override]) -> None:
    """Set the overridden budgets in this process (each worker calls it before a game)."""
    levels = level_table(game)
    for level, name, value in overrides:
        if name not in asdict(levels[level]) or name == "seconds":
            raise ValueError(f"{level} has no budget field {name!r}")
        levels[level] = replace(levels[level], **{name: value})


def budgets(game: str) -> dict[str, dict[str, Any]]:
    """Each level's search limits without the clock: what decides a seeded game's moves.
    The levels of :data:`LEVELS` only, and their estimate only when it is not the linear one
    (so the results played before ``ai-master`` and its field existed still count);
    ``ai-master``'s games are :mod:`benchmarks.card_master`'s."""
    return {
        level: {
            k: v
            for k, v in asdict(limits).items()
            if k != "seconds" and not (k == "value" and v == "linear")
        }
        for level, limits in level_table(game).items()
        if level in LEVELS
    }


@dataclass(frozen=True)
class Table:
    """One game to play: the experiment, its group (the measured kind, or the h2h set of
    kinds), the deal (the game's seed), the rotation, and the kind of every seat."""

    game: str
    experiment: str
    group: str
    deal: int
    rotation: int
    seats: tuple[str, ...]
    overrides: tuple[Override, ...] = ()

    @property
    def key(self) -> tuple[str, str, int, int]:
        return self.experiment, self.group, self.deal, self.rotation


def tables(game: str, experiment: str, kinds: Sequence[str], deals: Iterable[int]) -> list[Table]:
    """Every game of ``experiment`` for ``deals``, in all seat rotations."""
    if experiment not in EXPERIMENTS.get(game, ()):
        raise ValueError(f"the {game} game has no experiment {experiment!r}")
    seats = SEATS[game]
    groups: list[tuple[str, tuple[str, ...]]] = []
    if experiment == "h2h":
        chosen = [kind for kind in HEAD_TO_HEAD if kind in kinds]
        for kind_set in combinations(chosen, seats):
            groups.append(("+".join(kind_set), kind_set))
    else:
        others = (OPPONENTS[experiment],) * (seats - 1)
        groups = [(kind, (kind, *others)) for kind in kinds]
    # Deal by deal, every group of a deal together: a run stopped halfway still compares
    # every pair of kinds on the deals it finished.
    return [
        Table(game, experiment, group, deal, turn, order[turn:] + order[:turn])
        for deal in deals
        for group, order in groups
        for turn in range(seats)
    ]


def play_table(table: Table) -> dict[str, Any]:
    """Play one game (the AI seats on their iteration budget) and return its result line."""
    apply_overrides(table.game, table.overrides)
    kind = game_kind(table.game)
    timed: dict[int, CpuTimedPlayer] = {}
    for seat, seat_kind in enumerate(table.seats):
        player = kind.make_player(seat_kind, player_seed(table.deal, seat), 0)
        if player is not None:  # virtual seats are played by the engine
            timed[seat] = CpuTimedPlayer(player)
    state = play_match(kind, table.seats, table.deal, players=dict(timed), budget_ms=0).state
    result = state.result()
    assert result is not None
    cpu: dict[str, list[float]] = {}
    for seat, player in timed.items():
        cpu.setdefault(table.seats[seat], []).extend(round(s, 5) for s in player.seconds)
    return {
        "game": table.game,
        "experiment": table.experiment,
        "group": table.group,
        "deal": table.deal,
        "rotation": table.rotation,
        "seats": list(table.seats),
        "scores": list(result.scores),
        "winners": sorted(result.winners),
        "budgets": budgets(table.game),
        "cpu": cpu,
    }


def play_tables(shares: list[Table]) -> list[dict[str, Any]]:
    """A Ray task: play a share of the tables."""
    return [play_table(table) for table in shares]


def record_key(line: dict[str, Any]) -> tuple[str, str, int, int]:
    return line["experiment"], line["group"], line["deal"], line["rotation"]


def read_results(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Every game of the files, each once (a game played twice is the same game)."""
    seen: dict[tuple[str, str, tuple[str, str, int, int]], dict[str, Any]] = {}
    for path in paths:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
                key = (line["game"], json.dumps(line["budgets"], sort_keys=True), record_key(line))
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"{path}:{number}: not a strength result ({error})") from error
            seen.setdefault(key, line)
    return list(seen.values())


def run(
    todo: Sequence[Table],
    out: Path,
    workers: int,
    ray: str | None = None,
    progress: Callable[[dict[str, Any]], None] = lambda line: None,
) -> int:
    """Play the tables ``out`` does not hold yet, appending each result as it comes;
    returns how many games were played."""
    game = todo[0].game if todo else ""
    held = set()
    if out.exists():
        mine = json.dumps(budgets_with(game, todo), sort_keys=True) if todo else ""
        held = {
            record_key(line)
            for line in read_results([out])
            if json.dumps(line["budgets"], sort_keys=True) == mine
        }
    missing = [table for table in todo if table.key not in held]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as sink:
        for line in _results(missing, workers, ray):
            sink.write(json.dumps(line, separators=(",", ":")) + "\n")
            sink.flush()
            progress(line)
    return len(missing)


def budgets_with(game: str, todo: Sequence[Table]) -> dict[str, dict[str, Any]]:
    """The budgets the tables will be played on (their overrides applied to a copy)."""
    levels = level_table(game)
    saved = dict(levels)
    try:
        apply_overrides(game, todo[0].overrides)
        return budgets(game)
    finally:
        levels.clear()
        levels.update(saved)


def _results(todo: list[Table], workers: int, ray: str | None) -> Iterator[dict[str, Any]]:
    if ray is not None:
        shares = [todo[first::workers] for first in range(workers)]
        address = None if ray == "local" else ray
        for share in ray_map(play_tables, [(share,) for share in shares if share], address):
            yield from share
    elif workers == 1:
        yield from map(play_table, todo)
    else:
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(play_table, todo, chunksize=1)
