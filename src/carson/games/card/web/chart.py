"""The card game's scores after each round, from its record replayed: the platform's chart
(:mod:`carson.web.play.score_chart`) with the card game's rounds and scores."""

from __future__ import annotations

from collections.abc import Sequence

from carson.core.record import GameRecord
from carson.games.card.engine.state import CardGameState
from carson.games.card.plugin import GAME
from carson.web.kernel.adapter import Gettext
from carson.web.play.score_chart import ScoreChart, chart_of, score_history


def _round(state: CardGameState) -> int:
    return state.round


def _scores(state: CardGameState) -> list[int]:
    return [state.score(seat) for seat in range(len(state.seats))]


def card_chart(
    record: GameRecord | None, names: Sequence[str], suits: Sequence[str], gettext: Gettext
) -> ScoreChart | None:
    """The chart of a finished game (``None`` before its end or before its first round
    ended). Players are named; two of one name (virtual players of one level) are told
    apart by their suits."""
    if record is None:
        return None
    history = score_history(record, GAME.new_state, _round, _scores)
    if len(history.rounds) < 2:
        return None
    shown = [
        f"{name} ({suit})" if list(names).count(name) > 1 else name
        for name, suit in zip(names, suits, strict=True)
    ]
    return chart_of(shown, history, gettext)
