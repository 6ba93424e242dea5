"""The games the platform hosts, each described by one :class:`GameKind`: what a server, a
tool or a page needs to create, rebuild, drive and show a game without knowing which game it
is.

Games are plug-ins. Each is a package that offers its :class:`GameKind` through the Python
entry-point group ``carson.games`` (``name = "package.module:ATTRIBUTE"``), so an installed
package adds a game without a change here. The platform (server, web, terminal, CLI, RL)
imports no game package; it reaches games only through :func:`games` and :func:`game_kind`.

A stored game is its name, its configuration (JSON), its seed and its actions; a
:class:`GameKind` turns those back into an engine state, decides what a seat may see (the
game's observer) and knows its seat kinds, variants and machine players. User interfaces
find a game's own presenters through :meth:`GameKind.adapter` and fall back to generic ones
when a game has none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Generic, TypeVar

from carson.core.chance import ChanceHook
from carson.core.game import JSON, Action, GameState
from carson.core.i18n import LANGUAGES, chain
from carson.core.players import Player

#: The entry-point group through which packages offer games.
ENTRY_POINT_GROUP = "carson.games"
#: The seat kind of a person (every other seat kind is played by the machine).
HUMAN = "human"

StateT = TypeVar("StateT", bound=GameState[Any])
ActionT = TypeVar("ActionT", bound=Action)
ObservationT = TypeVar("ObservationT")
#: A layer's protocol of a game's adapter (:meth:`GameKind.adapter`).
AdapterT = TypeVar("AdapterT")


class GameSetupError(ValueError):
    """A game that cannot be created as asked; the message names the problem."""


@dataclass(frozen=True)
class GameKind(Generic[StateT, ActionT, ObservationT]):
    """One game of the platform.

    ``machine_kinds`` are the seat kinds besides ``human``; ``engine_kinds`` are those among
    them that the engine itself plays (the card game's virtual players), so no player object
    moves for them. ``default_seats`` is the table a player gets without choosing (a
    ``human`` first). ``observer`` is the game's observer: the only place that decides what a
    seat — or a spectator, ``None`` — may know. ``adapters`` name the game's own user-interface
    parts by layer (``"terminal"``, ``"web"``, ``"rl"``) as ``"module:attribute"``; they are
    imported only when a layer asks for them.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    machine_kinds: tuple[str, ...]
    engine_kinds: tuple[str, ...]
    variants: tuple[str, ...]
    default_seats: tuple[str, ...]
    make_config: Callable[[Sequence[str], Sequence[str]], JSON]
    state_factory: Callable[[JSON, int], StateT]
    action_codec: Callable[[StateT, Any], ActionT]
    player_factory: Callable[[str, int, int | None], Player[ActionT] | None]
    observer: Callable[[StateT, int], ObservationT]
    phase_of: Callable[[StateT], str]
    adapters: Mapping[str, str] = field(default_factory=dict)
    #: JSON Schemas (draft 2020-12) of an action's JSON form and of ``state.view(seat)``,
    #: for the API's documentation and its conformance tests; ``None``: any JSON object.
    action_schema: Mapping[str, Any] | None = None
    view_schema: Mapping[str, Any] | None = None
    #: Where the game comes in lists of games (lower first; then by name).
    order: int = 100
    #: Whether a seat is in a secret step of several moves of its own (the board game's
    #: new-beginning purchases): a server keeps such moves as the seat's private draft, so
    #: nobody else sees them counted, until the step resolves for every seat. The game
    #: promises that the drafting seats' moves do not depend on each other's.
    drafting: Callable[[StateT, int], bool] | None = None
    #: Its random events as explicit steps (:mod:`carson.core.chance`), for chance-aware
    #: tools (OpenSpiel's chance nodes); ``None``: its chance lies in its seed only.
    chance: ChanceHook[StateT] | None = None
    #: The game's catalog, ``(package, domain)``, that translates ``title``; ``None``: the
    #: title reads the same in every language.
    title_catalog: tuple[str, str] | None = None

    def title_in(self, lang: str) -> str:
        """The game's title in ``lang`` (as it is, for a language carson does not speak)."""
        if self.title_catalog is None or lang not in LANGUAGES:
            return self.title
        return str(chain([self.title_catalog], lang).gettext(self.title))

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return (HUMAN, *self.machine_kinds)

    @property
    def seat_players(self) -> tuple[str, ...]:
        """The machine kinds that can play a person's seat (one that timed out or was left):
        not the engine's own kinds, which are decks, not players."""
        return tuple(kind for kind in self.machine_kinds if kind not in self.engine_kinds)

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
        twice = sorted({variant for variant in variants if list(variants).count(variant) > 1})
        if twice:
            raise GameSetupError(f"variant {twice[0]!r} given twice")
        for variant in variants:
            if variant not in self.variants:
                known = ", ".join(self.variants) or "none"
                raise GameSetupError(f"unknown variant {variant!r} (known: {known})")
        try:
            return self.make_config(seat_kinds, variants)
        except ValueError as error:  # a combination the game's rules refuse
            raise GameSetupError(str(error)) from None

    def new_state(self, config: JSON, seed: int) -> StateT:
        """A fresh engine state (the factory that replays use)."""
        return self.state_factory(config, seed)

    def action_from_json(self, state: StateT, data: Any) -> ActionT:
        """An action of this game from its JSON form; raises ``ValueError`` if malformed."""
        return self.action_codec(state, data)

    def make_player(
        self, kind: str, seed: int, budget_ms: int | None = None
    ) -> Player[ActionT] | None:
        """The player of a machine seat kind (``None`` for one the engine plays)."""
        return self.player_factory(kind, seed, budget_ms)

    def phase(self, state: StateT) -> str:
        """The name of what the game waits for now (``bid``, ``place``, …), for messages."""
        return self.phase_of(state)

    def drafts(self, state: StateT, seat: int) -> bool:
        """Whether ``seat``'s next move belongs to a secret step of several moves."""
        return self.drafting is not None and self.drafting(state, seat)

    def observation(self, state: StateT, seat: int) -> ObservationT:
        """What ``seat`` may see of ``state``, as this game's players take it."""
        return self.observer(state, seat)

    def adapter(self, layer: str, protocol: type[AdapterT]) -> AdapterT | None:
        """The game's own part for a user-interface ``layer``, as the layer's ``protocol`` (a
        runtime-checkable Protocol or a class of the layer), or ``None`` (the layer then uses
        its generic one). ``TypeError`` if what the game names is not one."""
        target = self.adapters.get(layer)
        if target is None:
            return None
        module, _, attribute = target.partition(":")
        loaded: object = getattr(importlib.import_module(module), attribute)
        if not isinstance(loaded, protocol):
            kind = getattr(protocol, "__name__", str(protocol))
            raise TypeError(f"adapters[{layer!r}] of the game {self.name!r} is not a {kind}")
        return loaded


AnyGameKind = GameKind[Any, Any, Any]


@cache
def games() -> Mapping[str, AnyGameKind]:
    """Every installed game by name, from the ``carson.games`` entry points (loaded once)."""
    found: dict[str, AnyGameKind] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        kind = point.load()
        if not isinstance(kind, GameKind):
            raise TypeError(f"entry point {point.value!r} is not a GameKind")
        if kind.name != point.name:
            raise TypeError(f"entry point {point.name!r} offers the game {kind.name!r}")
        found.setdefault(kind.name, kind)
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


def title_of(name: str, lang: str) -> str:
    """The title of the game ``name`` in ``lang``; its name when it is not installed here
    (a game stored by a server that had a plug-in this one lacks)."""
    kind = games().get(name)
    return name if kind is None else kind.title_in(lang)


def game_kind(name: str) -> AnyGameKind:
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(games())
        raise GameSetupError(f"unknown game {name!r}; choose from {known}") from None
