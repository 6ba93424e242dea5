"""What a game adds to the web pages: the :class:`WebGame` protocol.

A game offers its web part through its ``GameKind.adapters["web"]``; the pages check it
against :class:`WebGame` and use the generic pages (:mod:`carson.web.play.generic`) for a game
without one. The platform never names a game: tabs, seat kinds and variants come from the
registry, the labels and the game's own templates from its adapter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from fastapi import APIRouter
from jinja2 import BaseLoader

from carson.core.game import JSON, Event
from carson.core.record import GameRecord
from carson.core.registry import AnyGameKind

Gettext = Callable[[str], str]


@dataclass(frozen=True)
class Fragment:
    """A template and the data it is rendered with (besides the page's common context)."""

    template: str
    context: JSON = field(default_factory=dict)


@dataclass(frozen=True)
class TableRequest:
    """Everything a game needs to draw one seat's table.

    ``page`` is the seat's view as ``GET /api/games/{id}`` gives it; ``seen`` is the game's
    observation of the seat (its ``GameKind.observation``); ``query`` the page's query
    parameters (a previewed placement, a chosen mode …); ``events`` the stored events the
    seat may see so far, ``(seq, event)`` oldest first (seq 0: the setup), in their JSON
    form (lists for tuples, string keys), for the move log; ``record`` the game's record
    once it is over (for the scores after each round), else ``None``. ``log_from``: the
    move log shows the events of the moves after it (0: all, the setup's too); the events
    given start there too, but for a finished game, whose result may read them all."""

    game_id: str
    page: Mapping[str, Any]
    seen: object
    query: Mapping[str, str]
    lang: str
    gettext: Gettext
    error: str | None = None
    events: Sequence[tuple[int, Event]] = ()
    record: GameRecord | None = None
    log_from: int = 0
    #: The moves a machine made for a person whose time ran out: the log says so.
    machine_moves: frozenset[int] = frozenset()

    @property
    def log_events(self) -> Sequence[tuple[int, Event]]:
        """The events the move log shows: those of the moves after :attr:`log_from`."""
        if not self.log_from:
            return self.events
        return [(seq, event) for seq, event in self.events if seq > self.log_from]


@dataclass(frozen=True)
class ReplayRequest:
    """One moment of a finished game as the seat saw it (``page``, with no legal actions),
    the seat's observation of the final state (``final``), the step and the number of
    actions; ``events`` as in :class:`TableRequest`, up to that step; ``query`` the page's
    query parameters (the move log's filter)."""

    game_id: str
    page: Mapping[str, Any]
    final: object
    step: int
    total: int
    lang: str
    gettext: Gettext
    events: Sequence[tuple[int, Event]] = ()
    query: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class NewGameForm:
    """How the home page offers a game: its heading, its introduction (a template), the
    machine seat kinds it offers
    as opponents (in that order; the first is preselected), the ids of its two forms
    (``<prefix>play-now``, ``<prefix>play-friends``) and its own variant fields."""

    heading: str
    intro: str | None
    opponents: Sequence[str]
    id_prefix: str
    variants: Fragment | None = None


@runtime_checkable
class WebGame(Protocol):
    """A game's web part. ``loader`` finds the game's templates (in one namespace with the
    platform's: names must not clash); ``router`` adds the game's own pages (or ``None``);
    ``list_args`` are the ``arg_<key>`` form fields of a posted action that take every value
    of the field as a list; ``messages`` the game's catalog of its pages' sentences,
    ``(package, domain)``, read before the platform's for the game's pages (every ``gettext``
    handed to the adapter reads it)."""

    @property
    def loader(self) -> BaseLoader: ...

    @property
    def router(self) -> APIRouter | None: ...

    @property
    def list_args(self) -> frozenset[str]: ...

    @property
    def messages(self) -> tuple[str, str]: ...

    def label(self, gettext: Gettext) -> str:
        """The game's short name (tabs, the list of one's games)."""
        ...

    def new_game_form(self, lang: str, gettext: Gettext) -> NewGameForm: ...

    def variants(self, form: Mapping[str, str]) -> list[str]:
        """The variants chosen in a posted new-game form."""
        ...

    def seat_label(self, kind: str, lang: str, gettext: Gettext) -> str | None:
        """A seat kind as players read it, or ``None`` for the platform's label."""
        ...

    def variant_label(self, variant: str, lang: str, gettext: Gettext) -> str | None:
        """A variant (one of the ``GameKind``'s) as players read it, or ``None`` for its
        name."""
        ...

    def table(self, request: TableRequest) -> Fragment:
        """The table of a seat: a template with an element ``#board`` carrying ``data-game``,
        ``data-seq`` and ``data-status`` (live updates swap it)."""
        ...

    def replay(self, request: ReplayRequest) -> Fragment:
        """The whole replay page of one moment."""
        ...

    def rules(self, lang: str, gettext: Gettext) -> Fragment | None:
        """The game's part of the rules page, if it has one."""
        ...

    def links(self, gettext: Gettext) -> Sequence[tuple[str, str]]:
        """Extra links of the page header (path, label): the game's own pages."""
        ...


@runtime_checkable
class NamedMoves(Protocol):
    """A game's web adapter that names its actions in its own words (the hint box, the
    analysis); a game without it gets the platform's generic line."""

    def action_label(
        self, action: Any, page: Mapping[str, Any] | None, lang: str, gettext: Gettext
    ) -> str | None:
        """``action`` (its JSON form) as the game's pages word it, or ``None`` for one the
        game does not name; ``page`` is the seat's view at the decision (as ``GET
        /api/games/{id}`` gives it: a hint's; an analysed decision's, replayed), else
        ``None``."""
        ...


def web_game(kind: AnyGameKind) -> WebGame | None:
    """The game's web part, or ``None`` when it has none (the generic pages then)."""
    return kind.adapter("web", WebGame)
