"""A round's first two phases: personalities (BG-4.1) and cowboy placement (BG-4.2)."""

from __future__ import annotations

from itertools import compress

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine import tasks
from carson.games.board.engine.model import SPACES, DecisionKind, S
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import (
    BuildWindow,
    EndRound,
    Space,
    Task,
)


def _phase_3() -> tuple[Task, ...]:
    """Phase 3 in track order, with step 12a after BUILD_3 (BG-4.3.1), then the round's end:
    frozen values, made once."""
    tasks: list[Task] = [Space(space) for space in range(SPACES)]
    tasks.insert(S["build_3"] + 1, BuildWindow(0))
    return (*tasks, EndRound())


PHASE_3 = _phase_3()
#: Which of :data:`PHASE_3` to queue: a space's task only if a cowboy stands there, or if
#: it acts for all (the parcel purchase, the building income); every other task always
#: (key -1). An empty space's task does nothing, and no cowboy is placed in phase 3: most
#: of a search's rounds end with ~20 of the 23 spaces empty, each a task run for nothing.
_PHASE_3_KEYS = tuple(task.space if isinstance(task, Space) else -1 for task in PHASE_3)
_ALWAYS_QUEUED = frozenset({-1, S["parcel_purchase"], S["income_buildings"]})


def round_start(g: BoardTable) -> None:
    r = g.round
    order = g.initial_order if r.number == 1 else r.pass_order  # BG-4.1.1
    r.available = list(PERSONALITY_IDS)
    choosing = order.copy()
    r.pass_order = []
    g.emit("round", number=r.number)
    g.then(*[tasks.choose(seat) for seat in choosing], tasks.TURN_ORDER, tasks.PLACEMENT)


def choose(g: BoardTable, seat: int) -> None:
    g.ask(DecisionKind.PERSONALITY, (seat,))


def turn_order(g: BoardTable) -> None:
    """BG-4.1.3: ascending card numbers."""
    numbers = {p.id: p.number for p in g.catalog.personalities.values()}
    g.round.turn_order = sorted(
        range(g.config.players), key=lambda seat: numbers[g.players[seat].personality or ""]
    )
    g.round.cursor = 0
    g.emit("turn_order", order=g.round.turn_order.copy())


def placement(g: BoardTable) -> None:
    """BG-4.2.1: in turn order, cyclically, the seats that have not passed."""
    r = g.round
    order, cursor, passed = r.turn_order, r.cursor, r.pass_order
    n = len(order)
    for step in range(n):
        seat = order[(cursor + step) % n]
        if seat in passed:
            continue
        r.cursor = (cursor + step) % n
        player = g.players[seat]
        if player.cowboys == 0 and not player.white:  # BG-4.2.2 DECISION
            record_pass(g, seat)
            g.then(tasks.PLACEMENT)
        else:
            g.ask(DecisionKind.PLACE, (seat,))
        return
    # Everyone passed: phase 3.
    g.round.given_up = set()  # BG-6.1.5: this round's window starts afresh
    queued = g.cowboys_at.keys() | _ALWAYS_QUEUED
    g.then(*compress(PHASE_3, map(queued.__contains__, _PHASE_3_KEYS)))  # (in C)


def record_pass(g: BoardTable, seat: int) -> None:
    g.round.pass_order.append(seat)
    g.emit("pass", seat=seat, position=len(g.round.pass_order))
