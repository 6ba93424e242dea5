"""Helpers for board-game engine tests: new games, playing to a decision, scenario set-up.

Rule tests build their situation in two ways: play a seeded game with simple choices up to
the decision they need (:func:`play_until`), or arrange pieces directly on a fresh state and
run one step of the flow (:func:`run_tasks`). Both use only the engine's own objects.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.engine.tasks import Task
from carson.games.board.town import Town, parcel


def new_game(players: int = 3, variants: Iterable[str] = (), seed: int = 0) -> BoardGameState:
    return BoardGameState(BoardConfig.of(players, variants), seed)


def act(state: BoardGameState, seat: int, kind: str, arg: int = 0) -> None:
    """Apply one action by kind and argument (raises IllegalActionError if illegal)."""
    state.apply(seat, BoardAction(kind, arg))


def random_step(state: BoardGameState, rng: random.Random) -> None:
    seat = rng.choice(state.seats_to_act)
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def play_random(state: BoardGameState, rng: random.Random, max_steps: int = 100_000) -> None:
    """Play uniformly random legal actions to the end of the game."""
    for _ in range(max_steps):
        if state.is_over:
            return
        random_step(state, rng)
    raise AssertionError("the game did not end")


def play_until(
    state: BoardGameState,
    done: Callable[[BoardGameState], bool],
    rng: random.Random | None = None,
    max_steps: int = 100_000,
) -> BoardGameState:
    """Play random legal actions (seeded) until ``done(state)``; fail if the game ends first."""
    rng = rng or random.Random(0)
    for _ in range(max_steps):
        if done(state):
            return state
        if state.is_over:
            raise AssertionError("the game ended before the condition held")
        random_step(state, rng)
    raise AssertionError("the condition never held")


def deciding(kind: str, **data: Any) -> Callable[[BoardGameState], bool]:
    """A condition for :func:`play_until`: the open decision is ``kind`` (with this data)."""

    def check(state: BoardGameState) -> bool:
        d = state.decision
        return d is not None and d.kind == kind and all(d.get(k) == v for k, v in data.items())

    return check


def target(name: str | tuple[int, int]) -> int:
    """A cowboy target: a space id (``"wages"``) or a parcel ``(x, y)``."""
    if isinstance(name, str):
        return S[name]
    return SPACES + parcel(*name)


def run_tasks(state: BoardGameState, *tasks: Task) -> None:
    """Run these flow steps now (before whatever was queued) until a decision opens."""
    state.decision = None
    state.tasks = deque(tasks)
    state._run()


def pass_all(state: BoardGameState) -> None:
    """Answer every open decision with PASS (or the first legal action) until none is open."""
    while state.decision is not None:
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])


class ScriptedRng(random.Random):
    """A generator for ``state.rng`` whose dice (``randint``), bag draws (``randrange(n)``) and
    first ``shuffle`` come from scripts; anything else (or a used-up script) falls back to a
    generator seeded with 0. ``roll()`` is ``randint(1, 6)``; a duel rolls in the order the
    participants' cowboys were placed."""

    def __init__(
        self, dice: Iterable[int] = (), draws: Iterable[int] = (), order: list[int] | None = None
    ) -> None:
        super().__init__(0)
        self.dice = list(dice)
        self.draws = list(draws)
        self.order = order

    def randint(self, a: int, b: int) -> int:
        if self.dice:
            value = self.dice.pop(0)
            assert a <= value <= b
            return value
        return super().randint(a, b)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None and self.draws:
            value = self.draws.pop(0)
            assert 0 <= value < start
            return value
        return super().randrange(start, stop, step)

    def shuffle(self, x: Any) -> None:
        if self.order is not None:
            assert sorted(x) == sorted(self.order)
            x[:] = self.order
            self.order = None
            return
        super().shuffle(x)


# --- scenario building ----------------------------------------------------------------------


def arena(players: int = 3, variants: Iterable[str] = (), seed: int = 0) -> BoardGameState:
    """A fresh game with an empty town (no tiles, owners or roads) and nothing queued;
    turn order and pass order are 0, 1, 2, …"""
    g = new_game(players, variants, seed)
    g.decision = None
    g.tasks = deque()
    g.town = Town(g.town.river)
    g.round.turn_order = list(range(players))
    g.round.pass_order = list(range(players))
    g._events = []
    return g


def put(g: BoardGameState, seat: int, where: str | tuple[int, int], count: int = 1) -> None:
    """Move ``count`` cowboys of ``seat`` from his supply onto a space or parcel."""
    for _ in range(count):
        g.players[seat].cowboys -= 1
        g.cowboys_at.setdefault(target(where), []).append((seat, False))


def own(g: BoardGameState, seat: int, *cells: tuple[int, int], tile: str | None = None) -> None:
    for x, y in cells:
        g.town.set_owner(parcel(x, y), seat)
        g.town.tiles[parcel(x, y)] = tile
