"""Whole board games between machine players: the platform's match loop
(:func:`carson.core.match.play_match`) with the board game's types, and its records."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.match import play_match
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.games.board.engine.state import BoardGameState
from carson.games.board.plugin import GAME as BOARD

__all__ = ["GAME", "new_game", "play_game", "player_seed", "record_of", "replay_record"]

GAME = BOARD.name


def new_game(config: JSON, seed: int) -> BoardGameState:
    """The factory that replays use: a fresh game from its configuration and seed."""
    return BOARD.new_state(config, seed)


def record_of(state: BoardGameState) -> GameRecord:
    return GameRecord.of(GAME, state.config.to_json(), state.seed, state)


def replay_record(record: GameRecord, upto: int | None = None) -> BoardGameState:
    state = replay(record, new_game, upto)
    assert isinstance(state, BoardGameState)
    return state


def play_game(
    seat_kinds: Sequence[str],
    seed: int,
    variants: Iterable[str] = (),
    players: dict[int, Player[Any]] | None = None,
    budget_ms: int | None = None,
) -> BoardGameState:
    """Play one game to the end; ``players`` may supply a player for some seats;
    ``budget_ms`` is the AI seats' thinking time per decision."""
    match = play_match(BOARD, seat_kinds, seed, tuple(variants), players, budget_ms)
    return match.state
