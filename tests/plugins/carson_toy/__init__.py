"""*High Dice*: a toy third game, written only against carson's plug-in protocol.

It lives outside ``src/`` and reaches the platform only through its entry point (the
``carson_toy-0.1.dist-info`` beside it, found when this folder is on ``sys.path``), so the
tests can show that a game plugs in with no edit anywhere else. Its one adapter is its
encoder for the learning interfaces (:mod:`carson_toy.rl`); every other layer plays it
through its generic fallback.

Rules: 2–4 seats, three rounds. Each round every seat secretly stakes 1–3 chips at once (a
simultaneous secret step); when all have staked, one die is rolled (a chance step). On 4–6 each
seat wins its stake, on 1–3 it loses it. The highest score wins; ties share.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON, Event, IllegalActionError, Result
from carson.core.players import Player, RandomPlayer
from carson.core.registry import HUMAN, GameKind

ROUNDS = 3
STAKES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Stake:
    chips: int

    @property
    def index(self) -> int:
        return self.chips - 1

    def to_json(self) -> JSON:
        return {"kind": "stake", "chips": self.chips}


class ToyState:
    """The whole game; the one place that knows a stake before the roll is :meth:`view`."""

    def __init__(self, seats: int, seed: int) -> None:
        self.seats, self.seed = seats, seed
        self.round = 1
        self.scores = [0] * seats
        self.stakes: dict[int, int] = {}
        self.rolls: list[int] = []
        self._rng = random.Random(seed)
        self._actions: list[tuple[int, Stake]] = []

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(seat for seat in range(self.seats) if seat not in self.stakes)

    def legal_actions(self, seat: int) -> Sequence[Stake]:
        return [Stake(chips) for chips in STAKES] if seat in self.seats_to_act else []

    def apply(self, seat: int, action: Stake) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalActionError(f"seat {seat} cannot stake {action.chips} now")
        self.stakes[seat] = action.chips
        self._actions.append((seat, action))
        events = [Event("staked", {"seat": seat, "chips": action.chips}, frozenset({seat}))]
        if len(self.stakes) == self.seats:
            events += self._roll()
        return events

    def _roll(self) -> list[Event]:
        die = self._rng.randint(1, 6)
        self.rolls.append(die)
        sign = 1 if die >= 4 else -1
        for seat, chips in self.stakes.items():
            self.scores[seat] += sign * chips
        stakes = [self.stakes[seat] for seat in range(self.seats)]
        self.stakes = {}
        self.round += 1
        return [Event("rolled", {"die": die, "stakes": stakes, "scores": list(self.scores)})]

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        return self.apply(seat, action_from_json(self, data))

    @property
    def actions(self) -> Sequence[tuple[int, Stake]]:
        return tuple(self._actions)

    def view(self, seat: int | None) -> JSON:
        return {
            "round": min(self.round, ROUNDS),
            "scores": list(self.scores),
            "rolls": list(self.rolls),
            "staked": sorted(self.stakes),
            "my_stake": self.stakes.get(seat) if seat is not None else None,
        }

    @property
    def is_over(self) -> bool:
        return self.round > ROUNDS

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        best = max(self.scores)
        winners = frozenset(s for s, score in enumerate(self.scores) if score == best)
        return Result(tuple(self.scores), winners)

    def clone(self) -> ToyState:
        copy = ToyState(self.seats, self.seed)
        copy.round, copy.scores, copy.stakes = self.round, list(self.scores), dict(self.stakes)
        copy.rolls, copy._actions = list(self.rolls), list(self._actions)
        copy._rng.setstate(self._rng.getstate())
        return copy


def action_from_json(state: ToyState, data: Any) -> Stake:
    if not isinstance(data, dict) or data.get("kind") != "stake":
        raise ValueError('a High Dice action is {"kind": "stake", "chips": 1–3}')
    chips = data.get("chips")
    if not isinstance(chips, int) or isinstance(chips, bool) or chips not in STAKES:
        raise ValueError("chips must be 1, 2 or 3")
    return Stake(chips)


def _player(kind: str, seed: int, budget_ms: int | None) -> Player[Stake] | None:
    if kind != "random":
        raise ValueError(f"unknown High Dice player {kind!r}")
    return RandomPlayer(seed)


GAME: GameKind[ToyState, Stake, JSON] = GameKind(
    name="toy",
    title="High Dice",
    min_seats=2,
    max_seats=4,
    machine_kinds=("random",),
    engine_kinds=(),
    variants=(),
    default_seats=(HUMAN, "random"),
    make_config=lambda kinds, variants: {"seats": len(kinds)},
    state_factory=lambda config, seed: ToyState(int(config["seats"]), seed),
    action_codec=action_from_json,
    player_factory=_player,
    observer=lambda state, seat: state.view(seat),
    phase_of=lambda state: "over" if state.is_over else "stake",
    action_schema={
        "type": "object",
        "properties": {
            "kind": {"const": "stake"},
            "chips": {"type": "integer", "enum": list(STAKES)},
        },
        "required": ["kind", "chips"],
    },
    view_schema={
        "type": "object",
        "properties": {
            "round": {"type": "integer"},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "rolls": {"type": "array", "items": {"type": "integer"}},
            "staked": {"type": "array", "items": {"type": "integer"}},
            "my_stake": {"type": ["integer", "null"]},
        },
        "required": ["round", "scores", "rolls", "staked", "my_stake"],
    },
    adapters={"rl": "carson_toy.rl:ENCODER"},
)
