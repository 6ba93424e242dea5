"""Playing whole board games: seat kinds, a seed, the variants, and the players that drive them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState

GAME = "board"


def new_game(config: JSON, seed: int) -> BoardGameState:
    """The factory that replays use: a fresh game from its configuration and seed."""
    return BoardGameState(BoardConfig.from_json(config), seed)


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
    from carson.games.board.players import make_player

    state = BoardGameState(BoardConfig.of(len(seat_kinds), variants), seed)
    table = {
        seat: (players or {}).get(seat) or make_player(kind, player_seed(seed, seat), budget_ms)
        for seat, kind in enumerate(seat_kinds)
    }
    while not state.is_over:
        # Simultaneous steps (votes, tiles, purchases): a seat's view never shows another
        # seat's pending choice, so taking them one at a time changes nothing.
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, table[seat].choose(BoardObservation(state, seat), legal))
    return state
