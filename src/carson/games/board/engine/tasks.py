"""The steps of the board game's flow as typed tasks: what is left to do is a queue of these.

A task is a small frozen value (a clone copies the queue, not the tasks); the flow
(:mod:`carson.games.board.engine.flow`) runs each one, and it may queue more or open a
decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from carson.games.board.engine.frozen import made_once


@dataclass(frozen=True, slots=True)
class Setup:
    """The card sides (BG-10.1), then the board."""


@dataclass(frozen=True, slots=True)
class Board:
    """BG-3: tiles and money, the centre, mountains, buildings, player order."""


@dataclass(frozen=True, slots=True)
class Claims:
    """BG-3.8: the starting parcels' snake draft."""


@dataclass(frozen=True, slots=True)
class Claim:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStart:
    pass


@dataclass(frozen=True, slots=True)
class Choose:
    """Phase 1: ``seat`` chooses a personality (BG-4.1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TurnOrder:
    pass


@dataclass(frozen=True, slots=True)
class Placement:
    """Phase 2: the next seat places a cowboy or passes (BG-4.2)."""


@dataclass(frozen=True, slots=True)
class Space:
    """Phase 3: resolve this space of the action track (BG-4.3)."""

    space: int


@dataclass(frozen=True, slots=True)
class Won:
    """The (duel) winner takes the action of this space."""

    space: int


@dataclass(frozen=True, slots=True)
class Fight:
    """A duel on ``target`` among ``seats`` (BG-4.3.4)."""

    target: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Contested:
    """BG-4.3.8: the next contested parcel, if any."""


@dataclass(frozen=True, slots=True)
class ParcelWon:
    parcel: int


@dataclass(frozen=True, slots=True)
class Uncontested:
    """BG-4.3.8: the ``index``-th seat in turn order buys its uncontested parcels."""

    index: int


@dataclass(frozen=True, slots=True)
class BuildWindow:
    """BG-6.1.5 step 12a, for the ``index``-th seat in turn order."""

    index: int


@dataclass(frozen=True, slots=True)
class Grocer:
    """The deferred yellow Grocer chooses before building income."""


@dataclass(frozen=True, slots=True)
class BuildingIncome:
    pass


@dataclass(frozen=True, slots=True)
class Attacks:
    """BG-6.7: the next attacked building, if any."""


@dataclass(frozen=True, slots=True)
class AttackWon:
    parcel: int


@dataclass(frozen=True, slots=True)
class EndRound:
    pass


@dataclass(frozen=True, slots=True)
class RedEffects:
    seat: int


@dataclass(frozen=True, slots=True)
class NewCowboys:
    pass


@dataclass(frozen=True, slots=True)
class Cash:
    """BG-4.4.3: ``seat``'s money above the cash limit."""

    seat: int


@dataclass(frozen=True, slots=True)
class Refill:
    pass


@dataclass(frozen=True, slots=True)
class NextRound:
    pass


@dataclass(frozen=True, slots=True)
class RoadStep:
    """BG-9.2: the river game's last road step."""

    seat: int


@dataclass(frozen=True, slots=True)
class Final:
    pass


Task = (
    Setup | Board | Claims | Claim | RoundStart | Choose | TurnOrder | Placement | Space | Won
    | Fight | Contested | ParcelWon | Uncontested | BuildWindow | Grocer | BuildingIncome
    | Attacks | AttackWon | EndRound | RedEffects | NewCowboys | Cash | Refill | NextRound
    | RoadStep | Final
)  # fmt: skip


# The busiest tasks of a search's iterations, made once per argument and shared
# (:mod:`~carson.games.board.engine.frozen`); equal to new ones.
won = made_once(Won)
fight = made_once(Fight)
parcel_won = made_once(ParcelWon)
uncontested = made_once(Uncontested)
attack_won = made_once(AttackWon)
red_effects = made_once(RedEffects)
cash = made_once(Cash)
choose = made_once(Choose)
CONTESTED = Contested()
PLACEMENT = Placement()
TURN_ORDER = TurnOrder()
ATTACKS = Attacks()
GROCER = Grocer()
BUILDING_INCOME = BuildingIncome()
NEW_COWBOYS = NewCowboys()
REFILL = Refill()
NEXT_ROUND = NextRound()
ROUND_START = RoundStart()
