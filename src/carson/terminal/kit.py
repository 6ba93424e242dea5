"""What the terminal loop needs of one game: a :class:`GameKit` per game (card, board).

The loop (:mod:`carson.terminal.game`), saving, resuming and ``carson replay`` are the same
for every game; only the screen, the prompts and the event lines differ. A kit bundles
those, on top of the game's :class:`~carson.core.registry.GameKind` (seat kinds, configuration,
players, observations, replays), so the loop never names a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from carson.core.game import Event
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.core.registry import HUMAN, AnyGameKind, game_kind
from carson.terminal.prompts import Asker
from carson.terminal.texts import Texts

__all__ = ["HUMAN", "GameKit"]


class GameKit(ABC):
    """One game's part of the terminal program. ``state`` and ``names`` are the game's own
    types (a kit is only ever handed its own)."""

    #: The record's game name (``GameRecord.game``).
    game: str
    #: Texts of the screen's title and of the help line: ``(section, key)``.
    title: tuple[str, str] = ("ui", "title")
    help: tuple[str, str] = ("ui", "help")

    @property
    def kind(self) -> AnyGameKind:
        """The platform's description of the game."""
        return game_kind(self.game)

    def new_state(self, kinds: list[str], seed: int, variants: list[str] | None = None) -> Any:
        """A new game for these seat kinds; raises :class:`~carson.games.GameSetupError`."""
        return self.kind.new_state(self.kind.config(kinds, variants or ()), seed)

    def make_player(
        self, kind: str, game_seed: int, seat: int, budget_ms: int | None
    ) -> Player[Any] | None:
        """The player of a machine seat (``None``: the engine plays it itself)."""
        return self.kind.make_player(kind, player_seed(game_seed, seat), budget_ms)

    def observation(self, state: Any, seat: int) -> Any:
        """What a machine seat's player is handed."""
        return self.kind.observation(state, seat)

    def searches(self, kind: str) -> bool:
        """Whether this seat kind thinks long enough to deserve a spinner (the AI levels)."""
        return kind.startswith("ai-")

    def record_of(self, state: Any) -> GameRecord:
        return GameRecord.of(self.game, state.config.to_json(), state.seed, state)

    def replay_record(self, record: GameRecord, upto: int | None = None) -> Any:
        return replay(record, self.kind.new_state, upto)

    @abstractmethod
    def names(self, state: Any, kinds: list[str], texts: Texts) -> Any:
        """How seats and pieces are called on screen; has ``seat(seat) -> str``."""

    @abstractmethod
    def screen(self, state: Any, viewer: int | None, names: Any, texts: Texts) -> RenderableType:
        """Everything ``viewer`` sees at the table (``None``: a spectator)."""

    @abstractmethod
    def final(self, state: Any, names: Any, texts: Texts) -> RenderableType:
        """The score sheets of a finished game."""

    @abstractmethod
    def ask(self, asker: Asker, state: Any, seat: int, names: Any) -> Any:
        """A human seat's decision, asked until it is a legal action."""

    @abstractmethod
    def describe(self, event: Event, names: Any, texts: Texts) -> str | None:
        """One line for a public event, or ``None`` for events the screen shows itself."""

    @abstractmethod
    def game_log(self, state: Any) -> str:
        """The readable log written beside the save of a finished game."""

    @abstractmethod
    def kinds_fit(self, state: Any, kinds: list[str]) -> bool:
        """Whether a save's seat kinds match its game."""

    def opening_events(self, state: Any) -> list[Event]:
        """Events of the deal, shown before the first move."""
        return []

    def commands(
        self, state: Any, viewer: int, names: Any, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """Extra words a human may type at any question (``prices``, …), each with what it
        shows."""
        return {}
