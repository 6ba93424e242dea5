"""Finding a game's terminal kit: its own ``"terminal"`` adapter, or the generic kit."""

from __future__ import annotations

from typing import Any

from carson.core.registry import game_kind, games
from carson.terminal.generic import GenericKit
from carson.terminal.kit import AnyKit, GameKit, Setup
from carson.terminal.texts import SHARED, Texts


def kit_for(game: str) -> AnyKit:
    """The kit of a game by name; raises :class:`~carson.core.registry.GameSetupError` for
    a game that is not installed."""
    kind = game_kind(game)
    adapter: AnyKit | None = kind.adapter("terminal", GameKit)
    return GenericKit(kind) if adapter is None else adapter


def installed_kits() -> list[AnyKit]:
    """The kit of every installed game, in the registry's order."""
    return [kit_for(name) for name in games()]


def setup_of(state: Any) -> Setup:
    """The kit, configuration and seed of a state whose game's kit can tell them (the card
    and board games' states carry them); other games' callers pass their setup."""
    for kit in installed_kits():
        found = kit.setup_of(state)
        if found is not None:
            return Setup(kit, *found)
    raise ValueError(f"no terminal kit knows a {type(state).__name__}: pass its setup")


def texts(lang: str = "en") -> Texts:
    """The shared words and every installed game's own, in ``lang``. (Kept for callers from
    before the games had their own texts; a game's screens use its kit's
    :meth:`~carson.terminal.kit.GameKit.texts`.)"""
    games = [source for kit in installed_kits() for source in kit.text_sources()]
    return Texts(lang, [*dict.fromkeys(s for s in games if s != SHARED), SHARED])
