"""Playing whole games between machine players, for any game of the registry.

One loop for every game: the seats the engine asks decide one at a time, each on its own
observation (the game's observer), so a simultaneous step (secret bids, votes, stakes) is
taken seat by seat without any seat seeing another's pending choice. The game's machine
players come from its :class:`~carson.core.registry.GameKind`; each seat's player gets its
own random stream, fixed by the game's seed (:func:`~carson.core.players.player_seed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import repeat
from operator import is_
from typing import Any, Generic, TypeGuard, TypeVar

from carson.core.game import (
    JSON,
    AppliesUnchecked,
    GameState,
    IllegalActionError,
    NamesNextSeat,
    RecordsEvents,
)
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord
from carson.core.registry import GameKind

StateT = TypeVar("StateT", bound=GameState[Any])


@dataclass(frozen=True)
class Match(Generic[StateT]):
    """A game played (or being played): its kind, configuration, seed and state."""

    kind: GameKind[StateT, Any, Any]
    config: JSON
    seed: int
    state: StateT

    def record(self) -> GameRecord:
        """The game as its record (every action applied so far)."""
        return GameRecord.of(self.kind.name, self.config, self.seed, self.state)


def seat_players(
    kind: GameKind[Any, Any, Any],
    seat_kinds: Sequence[str],
    seed: int,
    budget_ms: int | None = None,
    players: Mapping[int, Player[Any]] | None = None,
) -> dict[int, Player[Any]]:
    """The player of every seat the engine does not play itself; ``players`` may supply
    some seats' players (the others are made from their seat kinds)."""
    table: dict[int, Player[Any]] = {}
    for seat, seat_kind in enumerate(seat_kinds):
        given = (players or {}).get(seat)
        player = given or kind.make_player(seat_kind, player_seed(seed, seat), budget_ms)
        if player is not None:
            table[seat] = player
    return table


def play_match(
    kind: GameKind[StateT, Any, Any],
    seat_kinds: Sequence[str],
    seed: int,
    variants: Sequence[str] = (),
    players: Mapping[int, Player[Any]] | None = None,
    budget_ms: int | None = None,
    events: bool = True,
    config: JSON | None = None,
) -> Match[StateT]:
    """Play one game to the end. ``seat_kinds`` are the game's machine seat kinds (the
    configuration is checked: :class:`~carson.core.registry.GameSetupError`); ``budget_ms``
    is the AI seats' thinking time per decision (default: their own budget). With ``events``
    False a game that can skips recording the events nobody will read (the record keeps
    the actions). ``config``: ``kind.config(seat_kinds, variants)`` made already (a run of
    many games on one table makes it once)."""
    if config is None:
        config = kind.config(seat_kinds, variants)
    state = kind.new_state(config, seed)
    if not events and _records_events(state):
        state.recording = False
    choosers = {
        seat: player.choose
        for seat, player in seat_players(kind, seat_kinds, seed, budget_ms, players).items()
    }
    # The action is checked against ``legal`` here: the engine need not list it again.
    apply = state.apply_unchecked if _applies_unchecked(state) else state.apply
    # Bound once: a card game asks ~54 decisions, and each lookup and wrapper call less is
    # ~1.5 % of it (issue 21).
    next_seat = state.next_seat if _names_next_seat(state) else partial(_first_to_act, state)
    legal_actions, observe = state.legal_actions, kind.observer
    # A simultaneous step: each seat decides on its own observation, which never shows
    # another seat's pending choice, so taking them one at a time changes nothing.
    while (seat := next_seat()) >= 0:
        legal = legal_actions(seat)
        action = choosers[seat](observe(state, seat), legal)
        if not _listed(action, legal):
            raise IllegalActionError(f"seat {seat}'s player chose an illegal action: {action!r}")
        apply(seat, action)
    return Match(kind, config, seed, state)


def _first_to_act(state: GameState[Any]) -> int:
    """``NamesNextSeat.next_seat`` for a state that does not offer it."""
    return -1 if state.is_over else state.seats_to_act[0]


def _listed(action: object, legal: Sequence[object]) -> bool:
    """``action in legal``, at less cost."""
    if type(legal) is not list and type(legal) is not tuple:
        # A sequence of its own answers membership itself (the card game's lazy places: a
        # bit test); walking it for the very object would build its items one by one.
        return action in legal
    # Identity first (in C): players return one of ``legal``'s own objects, and ``in``
    # alone calls a Python ``__eq__`` for every action listed ahead of the chosen one.
    return any(map(is_, legal, repeat(action))) or action in legal


# ``isinstance`` against a runtime-checkable protocol looks up each of its members by name,
# ~20 µs a check: 3 % of a whole simulated card game for the two below (issue 21). A game's
# states are all of one class and offer the same optional members, so the answer is kept
# per class.
_OFFERS: dict[tuple[type, type], bool] = {}


def _offers(state: object, protocol: type) -> bool:
    key = (type(state), protocol)
    offered = _OFFERS.get(key)
    if offered is None:
        offered = _OFFERS[key] = isinstance(state, protocol)
    return offered


def _records_events(state: object) -> TypeGuard[RecordsEvents]:
    return _offers(state, RecordsEvents)


def _applies_unchecked(state: object) -> TypeGuard[AppliesUnchecked]:
    return _offers(state, AppliesUnchecked)


def _names_next_seat(state: object) -> TypeGuard[NamesNextSeat]:
    return _offers(state, NamesNextSeat)
