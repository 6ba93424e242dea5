"""The *Carson City* board game as a state machine: a :class:`carson.core.game.GameState`.

The game runs by itself from one decision to the next. What is left to do is a queue of small
typed tasks (:mod:`~carson.games.board.engine.tasks`: ``Space(7)``, ``Cash(2)``, … frozen
values, so a clone copies the queue); the flow (:mod:`~carson.games.board.engine.flow`) runs
each one, which either finishes or opens a :class:`Decision` and stops, and :meth:`apply`
resumes the queue. The pieces and the shared rules facts are on
:class:`~carson.games.board.engine.table.BoardTable`; this class adds the game protocol.
Chance (dice, bag draws, the initial order, duel-tile deals) comes from a generator seeded
with the game's seed at the moment it is needed, so configuration + seed + actions give the
whole game (event sourcing), and a search re-draws the future by reseeding a clone.

Decisions (``Decision.kind``, a :class:`DecisionKind`) and the actions they take:

``vote``          red-side vote, simultaneous (BG-10.1)            vote
``purchase``      "Ein neuer Anfang" purchases, simultaneous        purchase / pass
``claim``         a starting parcel (BG-3.8, BG-10.4)               claim
``personality``   phase 1 (BG-4.1)                                  personality
``settler``       the yellow Settler's free parcel                  claim / pass
``menu``          a personality's or a space's options              option / pass
``place``         phase 2 (BG-4.2)                                  cowboy / white / pass
``order``         the first passer's next duel to resolve           order
``tile``          a duel tile, simultaneous (BG-10.2)               tile
``buy_parcels``   parcels one's cowboys stand on (BG-5.5)           buy_parcel / pass
``construct``     roads, permission, the building's parcel          road / ask / build / store
``house``         the free house (BG-6.1.4)                         house
``grant``         another owner answers the builder (BG-9.4)        grant / grant_all / pass
``stored``        step 12a (BG-6.1.5)                               build_stored / pass
``count``         VP to buy (BG-5.14)                               count
``roads``         the river game's last road step (BG-9.2)          road / pass
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from carson.core.game import JSON, Event, IllegalActionError
from carson.games.board.catalog import BoardCatalog
from carson.games.board.engine.actions import BoardAction, action_from_json
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.decisions.registry import APPLY, ASCENDING, LEGAL
from carson.games.board.engine.flow.run import STEPS
from carson.games.board.engine.model import (
    BANKER_VP,
    BUILD_PRICES,
    BUILD_SPACE_PRICE,
    CAPTAIN_COWBOYS,
    CAPTAIN_REVOLVERS,
    GUNSLINGER_BONUS,
    NO_DUEL,
    SPACES,
    Construction,
    Decision,
    DecisionKind,
    Duel,
    S,
    target_of_parcel,
)
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.views import board_view

# The board's constants and plain types, for the modules that know them from here.
__all__ = [
    "BANKER_VP",
    "BUILD_PRICES",
    "BUILD_SPACE_PRICE",
    "CAPTAIN_COWBOYS",
    "CAPTAIN_REVOLVERS",
    "GUNSLINGER_BONUS",
    "NO_DUEL",
    "SPACES",
    "BoardGameState",
    "Construction",
    "Decision",
    "DecisionKind",
    "Duel",
    "S",
    "target_of_parcel",
]  # fmt: skip


class BoardGameState(BoardTable):
    """One game of the *Carson City* board game; see the module docstring for the flow."""

    def __init__(
        self,
        config: BoardConfig,
        seed: int,
        catalog: BoardCatalog | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(config, seed, catalog, rng)
        self._actions: list[tuple[int, BoardAction]] = []
        self._run()
        self._events.clear()

    @property
    def actions(self) -> Sequence[tuple[int, BoardAction]]:
        return self._actions

    @property
    def is_over(self) -> bool:
        return self.finished

    def legal_actions(self, seat: int) -> list[BoardAction]:
        decision = self.decision
        if decision is None or seat not in decision.seats:
            return []
        legal = LEGAL[decision.kind](self, seat)
        return legal if decision.kind in ASCENDING else sorted(legal, key=_INDEX)

    def apply(self, seat: int, action: BoardAction) -> list[Event]:
        if self.decision is None:
            raise IllegalActionError("the game is over")
        if seat not in self.decision.seats:
            raise IllegalActionError(
                f"seat {seat} is not to act now (waiting for {list(self.decision.seats)})"
            )
        if action not in LEGAL[self.decision.kind](self, seat):
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now ({self.decision.kind})"
            )
        return self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: int, action: BoardAction) -> list[Event]:
        """Apply an action known to be legal (from :meth:`legal_actions`): for search and
        the match loop, which have just checked it."""
        assert self.decision is not None
        self._events = []
        self._actions.append((seat, action))
        decision, self.decision = self.decision, None
        APPLY[decision.kind](self, seat, action, decision)
        tasks = self.tasks  # _run, inlined: one call less for each of ~30 steps an iteration
        steps = STEPS
        while self.decision is None and tasks:
            task = tasks.popleft()
            steps[type(task)](self, task)
        return self._events

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        return self.apply(seat, action_from_json(data))

    def clone(self, seed: int | None = None) -> BoardGameState:
        """An independent copy; with ``seed``, one that draws the future anew from it (as
        :meth:`reseed` does, without copying this game's generator first)."""
        other = BoardGameState.__new__(BoardGameState)
        self._copy_into(other, seed)
        other._actions = self._actions.copy()
        return other

    def reseed(self, seed: int) -> None:
        """Draw the future (dice, bag, pool) anew: for searches that must not know it."""
        self.rng = random.Random(seed)

    def view(self, seat: int | None) -> JSON:
        return board_view(self, seat)

    def _run(self) -> None:
        """Run the queued tasks until one opens a decision or none is left."""
        tasks = self.tasks
        steps = STEPS  # run_task's table, looked up here: one call less for each of ~70
        while self.decision is None and tasks:  # tasks an ISMCTS iteration runs
            task = tasks.popleft()
            steps[type(task)](self, task)


_INDEX = attrgetter("index")
