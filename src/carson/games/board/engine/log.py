"""A readable text log of a board game, rebuilt from its record (every action and event)."""

from __future__ import annotations

from carson.core.game import Event
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.state import BoardGameState


def board_game_log(state: BoardGameState) -> str:
    """One line per action and per public event, replayed from the game's seed."""
    config: BoardConfig = state.config
    replay = BoardGameState(config, state.seed, state.catalog)
    lines = [
        f"Carson City, {config.players} players, seed {state.seed}, "
        f"variants: {', '.join(sorted(config.variants)) or 'none'}",
        f"initial order: {', '.join(f'seat {seat}' for seat in replay.initial_order)}",
    ]
    for seat, action in state.actions:
        events = replay.apply(seat, action)
        lines.append(f"seat {seat}: {action}")
        lines += [f"    {_describe(event)}" for event in events if event.seats is None]
    result = replay.result()
    if result is not None:
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(result.scores))
        lines.append(f"final scores: {scores}; winner: seat {min(result.winners)}")
    return "\n".join(lines) + "\n"


def _describe(event: Event) -> str:
    details = ", ".join(f"{key} {value}" for key, value in event.data.items())
    return f"{event.kind}: {details}" if details else event.kind
