"""The game-over page's score chart (issue 25): CPU milliseconds to replay a finished game's
record and draw its chart, per game (the page does it on each view of a finished game)."""

from __future__ import annotations

from benchmarks.timing import best_rate
from carson.core.match import play_match
from carson.core.record import GameRecord
from carson.core.registry import games
from carson.games.board.web.chart import board_chart
from carson.games.card.web.chart import card_chart


def _record(game: str, seats: list[str]) -> GameRecord:
    match = play_match(games()[game], seats, 7)
    return GameRecord.of(game, match.config, match.seed, match.state)


def main() -> None:
    card = _record("card", ["greedy", "greedy", "beginner", "beginner"])
    board = _record("board", ["random"] * 4)
    names = ["a", "b", "c", "d"]

    def card_once() -> int:
        card_chart(card, names, names, lambda text: text)
        return 1

    def board_once() -> int:
        board_chart(board, names, lambda text: text)
        return 1

    print("Score chart of a finished game: replay + SVG, CPU ms per chart (best of 5)")
    for label, once, actions in (("card, 4 seats", card_once, len(card.actions)),
                                 ("board, 4 seats", board_once, len(board.actions))):  # fmt: skip
        print(f"  {label:<16} {1000 / best_rate(once):>7.2f} ms  ({actions} actions)")
