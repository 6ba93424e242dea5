"""Random events as explicit chance steps, for tools that reason about chance (OpenSpiel's
chance nodes and its chance-aware algorithms): each random event of a game offered as its
outcomes with their probabilities, and played as one chosen outcome.

Engines stay pure and deterministic from their seed: each draws all its randomness from one
``random.Random``. A game offers a :class:`ChanceHook` (``GameKind.chance``) through which a
caller builds a state, or lets an existing one go on, with another generator: a
:class:`ChanceTape`, which answers each draw with the next outcome it was given and, when it
has none left, stops the engine with :class:`ChanceNeeded` (the size of the draw).
:class:`ChanceSteps` makes explicit steps of it: it plays the step under way (the setup, or
one action) on a fresh copy with one more outcome each time, until the step completes.

Every draw of :class:`random.Random` is ``randbelow(n)`` at heart — a die is ``randint(1, 6)``,
a bag draw ``randrange(total)``, each step of a shuffle picks the next card from those left —
so a chance node has ``n`` equally likely outcomes: the true probabilities. Outcome ``j`` of a
shuffle step is the card at position ``j`` of what is left, of a bag draw the ``j``-th piece in
the bag; equal pieces are distinct outcomes of equal effect. Seeded play is unchanged: it
draws from ``random.Random(seed)`` as before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from carson.core.game import JSON, Event, GameState

StateT = TypeVar("StateT", bound=GameState[Any])


class ChanceNeeded(BaseException):
    """A draw of ``size`` outcomes that the tape cannot answer yet. A ``BaseException`` so
    that no ``except Exception`` of an engine can swallow it."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class ChanceTape(random.Random):
    """A generator that answers each draw ``randbelow(n)`` with its next given outcome and
    raises :class:`ChanceNeeded` once they are used up. Every other way of drawing
    (``random()``, ``getrandbits``) is refused, so no draw can bypass the tape."""

    def __init__(self, outcomes: Sequence[int] = (), max_outcomes: int = 1 << 16) -> None:
        super().__init__(0)
        self.outcomes = list(outcomes)
        self.used = 0
        self.max_outcomes = max_outcomes

    def _randbelow(self, n: int) -> int:
        if n > self.max_outcomes:
            raise ValueError(f"a draw of {n} outcomes exceeds the game's {self.max_outcomes}")
        if self.used == len(self.outcomes):
            raise ChanceNeeded(n)
        outcome = self.outcomes[self.used]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} is outside 0…{n - 1}")
        self.used += 1
        return outcome

    def random(self) -> float:
        raise TypeError("a ChanceTape answers whole draws only (randrange, choice, shuffle …)")

    def getrandbits(self, k: int) -> int:
        raise TypeError("a ChanceTape answers whole draws only (randrange, choice, shuffle …)")


class ChanceHook(Protocol[StateT]):
    """What a game offers so that its random events can be explicit steps."""

    @property
    def max_outcomes(self) -> int:
        """The most outcomes one draw of the game can have (its largest deck or bag)."""
        ...

    def new_state(self, config: JSON, rng: random.Random) -> StateT:
        """A new game of ``config`` whose setup draws from ``rng`` (as a seed's would)."""
        ...

    def draw_from(self, state: StateT, rng: random.Random) -> None:
        """Make ``state``'s later random events draw from ``rng``."""
        ...

    def sample(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A copy of ``state`` that agrees with all ``seat`` knows, every fact hidden from it
        drawn again from ``rng`` (the game's determinization)."""
        ...


class ChanceSteps(Generic[StateT]):
    """One game of ``config`` played in steps: players' actions and chance outcomes.

    ``chance_size`` is the size of the draw the game waits for (``None``: a seat acts, or
    the game is over); :meth:`apply_chance` plays one outcome, :meth:`apply` one action. The
    state (``state``) is ``None`` until the setup's draws are all made.
    """

    def __init__(self, hook: ChanceHook[StateT], config: JSON) -> None:
        self.hook = hook
        self.config = config
        self.state: StateT | None = None
        self.chance_size: int | None = None
        self._step: tuple[int, Any] | None = None  # the action under way (None: the setup)
        self._outcomes: list[int] = []
        #: Every step played: a chance outcome (an int) or a (seat, action) pair; ``None`` once
        #: the state is replaced (:meth:`replace_state`): no longer the steps' own history.
        self.history: list[int | tuple[int, Any]] | None = []
        self._run()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome of the draw asked now with its probability (empty if none is)."""
        size = self.chance_size
        return [] if size is None else [(outcome, 1.0 / size) for outcome in range(size)]

    def apply_chance(self, outcome: int) -> list[Event]:
        """Play one outcome of the draw asked now; the step's events once it completes."""
        if self.chance_size is None:
            raise ValueError("no random event is waiting for an outcome")
        if not 0 <= outcome < self.chance_size:
            raise ValueError(f"chance outcome {outcome} is outside 0…{self.chance_size - 1}")
        self._outcomes.append(outcome)
        if self.history is not None:
            self.history.append(outcome)
        return self._run()

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play ``seat``'s action (checked by the engine); its events once its draws, if
        any, are made. Raises the engine's error, changing nothing, if it is not legal."""
        if self.chance_size is not None or self.state is None:
            raise ValueError("a random event waits for its outcome first")
        self._step, self._outcomes = (seat, action), []
        try:
            events = self._run()
        except Exception:
            self._step = None  # not legal: the state is as it was
            raise
        if self.history is not None:
            self.history.append((seat, action))
        return events

    def replace_state(self, state: StateT) -> None:
        """Go on from ``state`` (a sample of the game, say) between steps; the steps then
        have no history of their own to be pickled by."""
        if self.chance_size is not None:
            raise ValueError("a random event waits for its outcome first")
        self.state, self.history = state, None

    def clone(self) -> ChanceSteps[StateT]:
        other = ChanceSteps.__new__(ChanceSteps)
        other.hook, other.config = self.hook, self.config
        other.state = None if self.state is None else self.state.clone()
        other.chance_size, other._step = self.chance_size, self._step
        other._outcomes = self._outcomes.copy()
        other.history = None if self.history is None else self.history.copy()
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceSteps[StateT]:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the hook, the configuration and the steps, played again on loading
        (an engine state may hold what does not pickle, as a catalog's read-only maps)."""
        if self.history is None:
            raise TypeError("steps that went on from a replaced state have no history to pickle")
        return (_replayed, (self.hook, self.config, self.history))

    def _settle(self) -> None:
        """Play the step under way, if any, with the outcomes given so far."""
        if self.state is None or self._step is not None:
            self._run()

    def _run(self) -> list[Event]:
        """Play the step under way with the outcomes so far, on a copy: keep the copy if it
        completes, else note the draw it stopped at."""
        tape = ChanceTape(self._outcomes, self.hook.max_outcomes)
        try:
            if self.state is None:
                state = self.hook.new_state(self.config, tape)
                events: list[Event] = []
            else:
                assert self._step is not None
                state = self.state.clone()
                self.hook.draw_from(state, tape)
                events = state.apply(*self._step)
        except ChanceNeeded as need:
            self.chance_size = need.size
            return []
        assert tape.used == len(self._outcomes), "a step drew fewer outcomes than played"
        self.state, self.chance_size, self._step, self._outcomes = state, None, None, []
        return events


def _replayed(
    hook: ChanceHook[StateT], config: JSON, history: Sequence[Any]
) -> ChanceSteps[StateT]:
    """The steps played again, each step's outcomes given at once (one run a step)."""
    steps = ChanceSteps.__new__(ChanceSteps)
    steps.hook, steps.config, steps.state, steps._step = hook, config, None, None
    steps._outcomes, steps.history = [], []
    for step in history:
        if isinstance(step, int):
            steps._outcomes.append(step)
            steps.history.append(step)
        else:
            steps._settle()
            steps.apply(*step)
    steps._settle()
    return steps
