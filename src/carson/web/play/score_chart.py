"""The end of a game on its page: each player's score after each round, as an SVG line chart
and as a table for screen readers.

The history comes from the game's record replayed (event sourcing: nothing more is stored);
the game says what a round and a score are (``round_of``, ``scores_of``), the platform draws
them. No JavaScript: the page embeds the SVG as it is, every text in it escaped here.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

import orjson
from cachetools import LRUCache

from carson.core.game import JSON, GameState
from carson.core.record import GameRecord, replay

#: The histories of the latest records drawn, by their content (a record never changes).
_HISTORIES: LRUCache[bytes, ScoreHistory] = LRUCache(maxsize=256)
_GUARD = threading.Lock()
WIDTH, HEIGHT = 320, 160
_LEFT, _RIGHT, _TOP, _BOTTOM = 30, 10, 10, 24
#: Each line's own dash pattern, so the lines are told apart without their colours.
_DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")


@dataclass(frozen=True, slots=True)
class ScoreHistory:
    """``rounds[i]``: the round ended at column ``i`` (0: the start); ``scores[i]``: each
    seat's score then. The last column is the end of the game."""

    rounds: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]


def score_history(
    record: GameRecord,
    new_state: Callable[[JSON, int], GameState[Any]],
    round_of: Callable[[Any], int],
    scores_of: Callable[[Any], Sequence[int]],
) -> ScoreHistory:
    """The scores at the start, as each round ends (when the next one begins) and at the end
    of ``record`` replayed — once per record: a finished game's page is drawn again and
    again (its players', its spectators'), and the replay was most of its cost (issue 43)."""
    key = hashlib.blake2b(orjson.dumps(record.to_json()), digest_size=16).digest()
    with _GUARD:
        known = _HISTORIES.get(key)
    if known is not None:
        return known
    state = replay(record, new_state, upto=0)
    rounds, scores = [0], [tuple(scores_of(state))]
    current = round_of(state)
    for seat, action in record.actions:
        state.apply_json(seat, action)
        now = round_of(state)
        if now != current:
            rounds.append(current)
            scores.append(tuple(scores_of(state)))
            current = now
    if state.is_over:
        final = tuple(scores_of(state))
        if rounds[-1] == current:  # the last action both ended the round and the game
            scores[-1] = final
        else:
            rounds.append(current)
            scores.append(final)
    history = ScoreHistory(tuple(rounds), tuple(scores))
    with _GUARD:
        _HISTORIES[key] = history
    return history


def score_chart(names: Sequence[str], history: ScoreHistory, title: str, description: str) -> str:
    """One line per seat (``names`` in seat order) over the rounds, the lowest and highest
    score on the left, the first and last round below; with a title and a description."""
    columns = len(history.rounds)
    values = [score for column in history.scores for score in column]
    low, high = min([0, *values]), max([1, *values])
    width, height = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM

    def xy(column: int, score: int) -> str:
        x = _LEFT + (width * column / (columns - 1) if columns > 1 else width / 2)
        y = _TOP + height * (high - score) / (high - low)
        return f"{x:.1f},{y:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'aria-labelledby="score-chart-title score-chart-desc">',
        f'<title id="score-chart-title">{escape(title)}</title>',
        f'<desc id="score-chart-desc">{escape(description)}</desc>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + height}"/>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP + height}" x2="{WIDTH - _RIGHT}" '
        f'y2="{_TOP + height}"/>',
        f'<text x="{_LEFT - 4}" y="{_TOP + 4}" text-anchor="end">{high}</text>',
        f'<text x="{_LEFT - 4}" y="{_TOP + height}" text-anchor="end">{low}</text>',
        f'<text x="{_LEFT}" y="{HEIGHT - 8}">{history.rounds[0]}</text>',
        f'<text x="{WIDTH - _RIGHT}" y="{HEIGHT - 8}" text-anchor="end">'
        f"{history.rounds[-1]}</text>",
    ]
    for seat in range(len(names)):
        points = " ".join(xy(c, history.scores[c][seat]) for c in range(columns))
        dash = _DASHES[seat % len(_DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="line series-{seat}" fill="none"{dashed} points="{points}">'
            f"<title>{escape(names[seat])}</title></polyline>"
        )
        x, y = xy(columns - 1, history.scores[-1][seat]).split(",")
        parts.append(f'<circle class="last series-{seat}" cx="{x}" cy="{y}" r="3"/>')
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class ScoreChart:
    """What the end of a game shows: the SVG, and its numbers for the table beside it."""

    svg: str
    names: tuple[str, ...]
    rounds: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]  # one per seat: its score at each column
    dashes: tuple[str, ...]


def chart_of(
    names: Sequence[str], history: ScoreHistory, gettext: Callable[[str], str]
) -> ScoreChart:
    """The chart of ``history`` in the player's language."""
    title = gettext("Scores after each round")
    description = gettext(
        "Each player's score at the start and after each round, %(rounds)s rounds."
    ) % {"rounds": history.rounds[-1]}
    svg = score_chart(names, history, title, description)
    rows = tuple(tuple(column[seat] for column in history.scores) for seat in range(len(names)))
    dashes = tuple(_DASHES[seat % len(_DASHES)] or "none" for seat in range(len(names)))
    return ScoreChart(svg, tuple(names), history.rounds, rows, dashes)
