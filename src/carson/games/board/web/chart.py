"""The board game's VP after each of its rounds, from its record replayed: the platform's
chart (:mod:`carson.web.play.score_chart`) with the board game's rounds and VP track."""

from __future__ import annotations

from collections.abc import Sequence

from carson.core.record import GameRecord
from carson.games.board.engine.state import BoardGameState
from carson.games.board.plugin import GAME
from carson.web.kernel.adapter import Gettext
from carson.web.play.score_chart import ScoreChart, chart_of, score_history


def _round(state: BoardGameState) -> int:
    return state.round.number


def _vp(state: BoardGameState) -> list[int]:
    return [player.vp for player in state.players]


def board_chart(
    record: GameRecord | None, names: Sequence[str], gettext: Gettext
) -> ScoreChart | None:
    """The chart of a finished game (``None`` before its end or before its first round
    ended); the last column holds the final count's VP."""
    if record is None:
        return None
    history = score_history(record, GAME.new_state, _round, _vp)
    return chart_of(names, history, gettext) if len(history.rounds) > 1 else None
