"""The game-agnostic contract between a game engine and everything that hosts it.

The platform (CLI, terminal UI, server, bots, RL wrappers) speaks only this protocol, so the
card game and the board game plug in unchanged, as any other game would. It follows
OpenSpiel's state API (seats to act, sorted legal actions in a fixed action space, clone,
returns) and boardgame.io's split between the authoritative state and what each seat may
see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

JSON = dict[str, Any]


class IllegalActionError(ValueError):
    """An action that is not legal now (or not well-formed); the state is unchanged."""


@runtime_checkable
class Action(Protocol):
    """A small immutable decision: JSON-serialisable and numbered in a fixed action space."""

    @property
    def index(self) -> int:
        """Stable integer in ``range(action_space_size)`` — for search and RL."""
        ...

    def to_json(self) -> JSON: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and interfaces, tagged with who may see it.

    ``seats`` is ``None`` for a public event, else the seats allowed to see it (a seat's own
    secret bid, for instance). Interfaces render events rather than diffing states.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> JSON:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game: every seat's score and the winning seats (ties share)."""

    scores: tuple[int, ...]
    winners: frozenset[int]

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "winners": sorted(self.winners)}


StateT = TypeVar("StateT", bound="GameState[Any]")
ActionT = TypeVar("ActionT", bound=Action)


class GameState(Protocol[ActionT]):
    """One game in progress. Mutable; :meth:`clone` gives an independent copy cheaply."""

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """Seats that must decide now: one in turn order, several in a simultaneous step,
        none when the game is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[ActionT]:
        """Every legal action of ``seat``, sorted by index; empty if it need not act."""
        ...

    def apply(self, seat: int, action: ActionT) -> list[Event]:
        """Play ``action`` for ``seat``; raises :class:`IllegalActionError` (state unchanged)."""
        ...

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        """Parse an action object (as records and the API hold them) and :meth:`apply` it."""
        ...

    @property
    def actions(self) -> Sequence[tuple[int, ActionT]]:
        """Every action applied so far, with its seat, in order: with the configuration and
        the seed, the whole game (event sourcing)."""
        ...

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see (``None`` = a spectator): public facts plus its own secrets."""
        ...

    @property
    def is_over(self) -> bool: ...

    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        ...

    def clone(self: StateT) -> StateT: ...


@runtime_checkable
class AppliesUnchecked(Protocol):
    """A state that can also play an action its caller has just checked against
    :meth:`GameState.legal_actions` without checking it again (optional: the match loop
    and searches use it when a game offers it; a wrong action there is the caller's bug)."""

    def apply_unchecked(self, seat: int, action: Any) -> list[Event]: ...


@runtime_checkable
class NamesNextSeat(Protocol):
    """A state that names the one seat the match loop asks next (optional): the first of
    :attr:`GameState.seats_to_act`, or -1 once the game is over, without building the
    tuple (the loop asks once per decision)."""

    def next_seat(self) -> int: ...


@runtime_checkable
class RecordsEvents(Protocol):
    """A state whose recording of events can be turned off (optional): with ``recording``
    False its moves return no events, for callers that never read them."""

    recording: bool
