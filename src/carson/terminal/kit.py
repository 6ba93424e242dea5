"""What the terminal loop needs of one game: a :class:`GameKit`.

The loop (:mod:`carson.terminal.game`), saving, resuming and ``carson replay`` are the same
for every game; only the screen, the prompts and the event lines differ. A kit bundles
those, on top of the game's :class:`~carson.core.registry.GameKind` (seat kinds,
configuration, players, observations, replays), so the loop never names a game. A game
offers its kit as its ``"terminal"`` adapter; a game without one is played through the
generic kit (:mod:`carson.terminal.generic`): its view as a tree, a numbered menu of its
legal actions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from rich.console import RenderableType

from carson.core.game import JSON, Event, GameState
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.core.registry import HUMAN, AnyGameKind, game_kind
from carson.terminal.asker import Asker
from carson.terminal.moves import MoveLog, replayed
from carson.terminal.texts import DOMAIN, SHARED, Source, Texts

__all__ = ["HUMAN", "AnyKit", "GameKit", "Setup", "ViewPresenter"]

StateT = TypeVar("StateT", bound=GameState[Any])
NamesT = TypeVar("NamesT")
ActionT = TypeVar("ActionT")


class ViewPresenter(ABC):
    """A game's own screen, questions and commands from what a server gives a seat (online
    play): its view (the JSON of ``state.view(seat)``) and its legal actions (their JSON).
    No engine state is at hand, so nothing the seat may not see ever reaches the terminal.
    ``names`` are the kit's own (its :meth:`GameKit.describe` reads them for the news)."""

    @abstractmethod
    def names(self, view: JSON, kinds: list[str], people: dict[int, str], texts: Texts) -> Any:
        """How seats and pieces are called on screen, as the kit's ``names`` are: ``kinds``
        the seats' kinds, ``people`` what to call the seats people hold (``you``, a user)."""

    @abstractmethod
    def screen(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> RenderableType:
        """What ``seat`` sees at the table (``legal``: its choices now, which a screen may
        mark), laid out for the terminal's size."""

    @abstractmethod
    def ask(self, asker: Asker, view: JSON, legal: list[JSON], seat: int, names: Any) -> JSON:
        """The seat's decision: one of ``legal``, asked as at a local game."""

    def commands(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """Words the player may type at any question to see more, as at a local game."""
        return {}

    def news_commands(
        self, lines: Callable[[], list[str]], texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """Words that show the latest of the table's news (``lines``: its lines, oldest
        first, fetched when asked), as a local game's ``news``; none unless the game has it."""
        return {}


class GameKit(ABC, Generic[StateT, NamesT, ActionT]):
    """One game's part of the terminal program, typed by the game's state, its names (how
    seats and pieces are called on screen) and its actions: a kit is only ever handed its
    own. The loop holds kits as :data:`AnyKit`, since it finds them at run time."""

    #: The record's game name (``GameRecord.game``).
    game: str
    #: The text of the help line: ``(section, key)``.
    help: tuple[str, str] = ("ui", "help")
    #: The package whose ``locale`` folder holds the game's own terminal texts (``None``:
    #: the shared words only).
    texts_package: str | None = None

    @property
    def kind(self) -> AnyGameKind:
        """The platform's description of the game."""
        return game_kind(self.game)

    def title(self, texts: Texts) -> str:
        """The screen's title."""
        return self.kind.title

    def text_sources(self) -> list[Source]:
        """The catalogs the game's screens read, the game's own first."""
        if self.texts_package is None:
            return [SHARED]
        return [(self.texts_package, DOMAIN), SHARED]

    def texts(self, lang: str) -> Texts:
        """The game's own words and the shared ones, in ``lang``."""
        return Texts(lang, self.text_sources())

    def new_state(self, kinds: list[str], seed: int, variants: list[str] | None = None) -> StateT:
        """A new game for these seat kinds; raises :class:`~carson.core.registry.GameSetupError`."""
        state: StateT = self.kind.new_state(self.kind.config(kinds, variants or ()), seed)
        return state

    def make_player(
        self, kind: str, game_seed: int, seat: int, budget_ms: int | None
    ) -> Player[ActionT] | None:
        """The player of a machine seat (``None``: the engine plays it itself)."""
        return self.kind.make_player(kind, player_seed(game_seed, seat), budget_ms)

    def observation(self, state: StateT, seat: int) -> object:
        """What a machine seat's player is handed."""
        return self.kind.observation(state, seat)

    def searches(self, kind: str) -> bool:
        """Whether this seat kind thinks long enough to deserve a spinner (the AI levels)."""
        return kind.startswith("ai-")

    def setup_of(self, state: Any) -> tuple[JSON, int] | None:
        """(configuration, seed) of one of this game's states, if the state tells them
        (``None``: the caller must know them, as the generic kit's callers do)."""
        return None

    def record_of(self, state: StateT) -> GameRecord:
        setup = self.setup_of(state)
        if setup is None:
            raise ValueError(f"a {self.game} state does not tell its configuration and seed")
        return GameRecord.of(self.game, setup[0], setup[1], state)

    def replay_record(self, record: GameRecord, upto: int | None = None) -> StateT:
        # The registry's kind is this kit's own game, so its states are the kit's states.
        return cast(StateT, replay(record, self.kind.new_state, upto))

    def replay_logged(self, record: GameRecord) -> tuple[StateT, MoveLog]:
        """The state at the end of ``record`` with its move log, derived by playing the
        record: once, for a record or an old save, which keep no events."""
        state = self.kind.new_state(record.config, record.seed)
        return state, replayed(record, state, self.opening_events(state))

    @abstractmethod
    def names(self, state: StateT, kinds: list[str], texts: Texts) -> NamesT:
        """How seats and pieces are called on screen; has ``seat(seat) -> str``."""

    @abstractmethod
    def screen(
        self, state: StateT, viewer: int | None, names: NamesT, texts: Texts
    ) -> RenderableType:
        """Everything ``viewer`` sees at the table (``None``: a spectator)."""

    @abstractmethod
    def final(self, state: StateT, names: NamesT, texts: Texts) -> RenderableType:
        """The score sheets of a finished game."""

    @abstractmethod
    def ask(self, asker: Asker, state: StateT, seat: int, names: NamesT) -> ActionT:
        """A human seat's decision, asked until it is a legal action."""

    @abstractmethod
    def describe(self, event: Event, names: NamesT, texts: Texts) -> str | None:
        """One line for a public event, or ``None`` for events the screen shows itself."""

    @abstractmethod
    def game_log(self, state: StateT, record: GameRecord) -> str:
        """The readable log of a finished game (``state``, played as ``record`` says)."""

    @abstractmethod
    def kinds_fit(self, state: StateT, kinds: list[str], config: JSON) -> bool:
        """Whether a save's seat kinds match its game (of configuration ``config``)."""

    @abstractmethod
    def record_kinds(self, state: StateT, config: JSON) -> list[str]:
        """Seat kinds to show for a plain record (which names none)."""

    def presenter(self) -> ViewPresenter | None:
        """The game's screens from a server's view, for online play (``None``: the view as
        a tree and a numbered menu of the legal actions)."""
        return None

    def opening_events(self, state: StateT) -> list[Event]:
        """Events of the deal, shown before the first move."""
        return []

    def undoable(self, events: list[Event], seat: int) -> bool:
        """Whether ``seat`` may take back a move that brought ``events`` about (with what
        followed it): only if they show him nothing hidden. No game allows it unless it says."""
        return False

    def commands(
        self, state: StateT, viewer: int | None, names: NamesT, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        """Extra words a human may type at any question (``prices``, …), each with what it
        shows (``viewer`` ``None``: as a replay shows the table, to nobody in particular)."""
        return {}


#: A kit of any game, as the loop finds it at run time (the registry's adapters are typed by
#: the game that offers them, not by the loop that asks).
AnyKit = GameKit[Any, Any, Any]


@dataclass(frozen=True)
class Setup:
    """What makes one game besides its actions: the game's kit, configuration and seed."""

    kit: AnyKit
    config: JSON
    seed: int

    def record(self, state: Any) -> GameRecord:
        """``state``'s game as its record."""
        return GameRecord.of(self.kit.game, self.config, self.seed, state)
