"""Playing whole games: a table of seat kinds, a seed, and the players that drive them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carson.core.game import JSON
from carson.core.players import Player, player_seed
from carson.core.record import GameRecord, replay
from carson.games.card.engine.actions import CardAction
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.players import engine_kind, make_player

GAME = "card"


def new_game(config: JSON, seed: int) -> CardGameState:
    """The factory that replays use: a fresh game from its configuration and seed."""
    return CardGameState(GameConfig.from_json(config), seed)


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
    config = GameConfig.of([engine_kind(kind) for kind in seat_kinds])
    state = CardGameState(config, seed)
    table: dict[int, Player[Any]] = {}
    for seat, kind in enumerate(seat_kinds):
        player = (players or {}).get(seat) or make_player(kind, player_seed(seed, seat), budget_ms)
        if player is not None:
            table[seat] = player
    while not state.is_over:
        # Simultaneous bids: each seat decides on its own observation, which never shows
        # another seat's pending bid, so taking them one at a time changes nothing.
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        action: CardAction = table[seat].choose(SeatObservation(state, seat), legal)
        state.apply_unchecked(seat, action)
    return state
