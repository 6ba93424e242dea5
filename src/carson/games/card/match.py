"""Whole card games between machine players: the platform's match loop
(:func:`carson.core.match.play_match`) with the card game's types, and its records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.match import play_match
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.games.card.engine.state import CardGameState
from carson.games.card.plugin import GAME as CARD

__all__ = ["GAME", "new_game", "play_game", "player_seed", "record_of", "replay_record"]

GAME = CARD.name


def new_game(config: JSON, seed: int) -> CardGameState:
    """The factory that replays use: a fresh game from its configuration and seed."""
    return CARD.new_state(config, seed)


def record_of(state: CardGameState) -> GameRecord:
    return GameRecord.of(GAME, state.config.to_json(), state.seed, state)


def replay_record(record: GameRecord, upto: int | None = None) -> CardGameState:
    state = replay(record, new_game, upto)
    assert isinstance(state, CardGameState)
    return state


def play_game(
    seat_kinds: Sequence[str],
    seed: int,
    players: dict[int, Player[Any]] | None = None,
    budget_ms: int | None = None,
) -> CardGameState:
    """Play one game to the end. ``seat_kinds``: a player kind (``greedy``, ``ai-hard``, …)
    or a virtual level; ``players`` may supply a player for some seats; ``budget_ms`` is the
    AI seats' thinking time per decision (default: their level's iteration budget)."""
    return play_match(CARD, seat_kinds, seed, players=players, budget_ms=budget_ms).state
