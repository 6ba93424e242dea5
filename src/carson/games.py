"""The games the platform hosts, behind one description each: what a server, a tool or a
page needs to create, rebuild, drive and show a game without knowing which game it is.

A game is stored as its name, its configuration (JSON), its seed and its actions; a
:class:`GameKind` turns those back into an engine state and knows the seat kinds, variants
and players of its game. Adding a game to the platform is adding an entry to :data:`GAMES`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON
from carson.players.base import Player

#: The seat kind of a person (every other seat kind is played by the machine).
HUMAN = "human"


class GameSetupError(ValueError):
    """A game that cannot be created as asked; the message names the problem."""


@dataclass(frozen=True)
class GameKind:
    """One game of the platform. ``machine_kinds`` are the seat kinds besides ``human``;
    ``engine_kinds`` are those among them that the engine itself plays (the card game's
    virtual players), so no player object moves for them."""

    name: str
    min_seats: int
    max_seats: int
    machine_kinds: tuple[str, ...]
    engine_kinds: tuple[str, ...]
    variants: tuple[str, ...]
    _config: Callable[[Sequence[str], Sequence[str]], JSON]
    _new_state: Callable[[JSON, int], Any]
    _action: Callable[[Any, Any], Any]
    _player: Callable[[str, int, int | None], Player[Any] | None]
    _observation: Callable[[Any, int], Any]
    _phase: Callable[[Any], str]

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return (HUMAN, *self.machine_kinds)

    def config(self, seat_kinds: Sequence[str], variants: Sequence[str] = ()) -> JSON:
        """The configuration of a new game, checked: raises :class:`GameSetupError`."""
        for kind in seat_kinds:
            if kind not in self.seat_kinds:
                raise GameSetupError(
                    f"unknown seat kind {kind!r}; choose from {', '.join(self.seat_kinds)}"
                )
        if not self.min_seats <= len(seat_kinds) <= self.max_seats:
            raise GameSetupError(
                f"a {self.name} game has {self.min_seats}–{self.max_seats} seats; "
                f"{len(seat_kinds)} given"
            )
        for variant in variants:
            if variant not in self.variants:
                known = ", ".join(self.variants) or "none"
                raise GameSetupError(f"unknown variant {variant!r} (known: {known})")
        try:
            return self._config(seat_kinds, variants)
        except ValueError as error:  # a combination the game's rules refuse
            raise GameSetupError(str(error)) from None

    def new_state(self, config: JSON, seed: int) -> Any:
        """A fresh engine state (the factory that replays use)."""
        return self._new_state(config, seed)

    def action_from_json(self, state: Any, data: Any) -> Any:
        """An action of this game from its JSON form; raises ``ValueError`` if malformed."""
        return self._action(state, data)

    def make_player(self, kind: str, seed: int, budget_ms: int | None = None) -> Player[Any] | None:
        """The player of a machine seat kind (``None`` for one the engine plays)."""
        return self._player(kind, seed, budget_ms)

    def phase(self, state: Any) -> str:
        """The name of what the game waits for now (``bid``, ``place``, …), for messages."""
        return self._phase(state)

    def observation(self, state: Any, seat: int) -> Any:
        """What ``seat`` may see of ``state``, as this game's players take it."""
        return self._observation(state, seat)


def _card() -> GameKind:
    from carson.cardgame.engine.actions import action_from_json
    from carson.cardgame.engine.config import MAX_SEATS, MIN_SEATS, VIRTUAL_LEVELS, GameConfig
    from carson.cardgame.engine.observation import SeatObservation
    from carson.cardgame.engine.state import CardGameState
    from carson.cardgame.players import SEAT_CHOICES, engine_kind, make_player

    def config(kinds: Sequence[str], variants: Sequence[str]) -> JSON:
        return GameConfig.of([engine_kind(kind) for kind in kinds]).to_json()

    return GameKind(
        name="card",
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        machine_kinds=tuple(SEAT_CHOICES),
        engine_kinds=tuple(VIRTUAL_LEVELS),
        variants=(),
        _config=config,
        _new_state=lambda data, seed: CardGameState(GameConfig.from_json(data), seed),
        _action=lambda state, data: action_from_json(data, state.personality_ids),
        _player=make_player,
        _observation=SeatObservation,
        _phase=lambda state: str(state.phase),
    )


def _board() -> GameKind:
    from carson.boardgame.engine.actions import action_from_json
    from carson.boardgame.engine.config import VARIANTS, BoardConfig
    from carson.boardgame.engine.observation import BoardObservation
    from carson.boardgame.engine.state import BoardGameState
    from carson.boardgame.players import KINDS, make_player

    def config(kinds: Sequence[str], variants: Sequence[str]) -> JSON:
        return BoardConfig.of(len(kinds), variants).to_json()

    return GameKind(
        name="board",
        min_seats=2,
        max_seats=5,
        machine_kinds=tuple(KINDS),
        engine_kinds=(),
        variants=tuple(VARIANTS),
        _config=config,
        _new_state=lambda data, seed: BoardGameState(BoardConfig.from_json(data), seed),
        _action=lambda state, data: action_from_json(data),
        _player=make_player,
        _observation=BoardObservation,
        _phase=lambda state: "" if state.decision is None else str(state.decision.kind),
    )


#: Every game of the platform by name (the ``game`` of a stored game and of the API).
GAMES: dict[str, GameKind] = {kind.name: kind for kind in (_card(), _board())}


def game_kind(name: str) -> GameKind:
    try:
        return GAMES[name]
    except KeyError:
        raise GameSetupError(f"unknown game {name!r}; choose from {', '.join(GAMES)}") from None
