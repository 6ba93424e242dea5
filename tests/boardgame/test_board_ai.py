"""The board game's AI levels (``carson.games.board.ai.search``) as players: legal actions at
each kind of decision, reproducible with ``budget_ms=0``, no change to the real game they
observe (they search on samples, BG-11), and clearly stronger than ``random``.

The decisions come from seeded random play (:func:`play_until`), so each test sees a real
mid-game position; every search runs on its iteration budget, never the clock.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import Any

import pytest
from board_helpers import new_game, play_until

from carson.games.board.ai.search import AI_LEVELS, BoardSearchPlayer
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.state import BoardGameState
from carson.games.board.match import play_game
from carson.games.board.players import make_player

LEVELS = tuple(AI_LEVELS)
#: (decision kind, variants, rule): the first such decision with a real choice (2+ actions).
DECISIONS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("claim", (), "BG-3.8"),
    ("personality", (), "BG-4.1"),
    ("place", (), "BG-4.2"),
    ("buy_parcels", (), "BG-5.5"),
    ("tile", ("duel-tiles",), "BG-10.2"),
)


def choosing(kind: str, variants: tuple[str, ...] = (), seed: int = 3) -> BoardGameState:
    """A 3-player game at its first ``kind`` decision where the acting seat has a choice."""

    def ready(g: BoardGameState) -> bool:
        d = g.decision
        return d is not None and d.kind == kind and len(g.legal_actions(g.seats_to_act[0])) > 1

    return play_until(new_game(3, variants, seed), ready, random.Random(seed))


def fingerprint(g: BoardGameState) -> tuple[Any, ...]:
    """Everything a player could change in the real game, hidden facts and the RNG included."""
    town = g.town
    c = g.construction
    return (
        [player.copy() for player in g.players],
        (town.tiles.copy(), town.owners, sorted(town.roads), sorted(town.bridges)),
        sorted(town.road_vertices),
        g.rng.getstate(),
        list(g.actions),
        list(g.tasks),
        g.decision,
        g.pool.copy(),
        dict(g.sides),
        dict(g.build_spaces),
        dict(g.bag),
        {target: list(cows) for target, cows in g.cowboys_at.items()},
        g.initial_order.copy(),
        g.round.copy(),
        (g.duel, g.duel_winner, None if c is None else replace(c), g.finished),
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("kind", "variants", "rule"), DECISIONS)
def test_bg_11_ai_level_picks_a_legal_action_and_leaves_the_game_alone(
    level: str, kind: str, variants: tuple[str, ...], rule: str
) -> None:
    """At claim (BG-3.8), personality (BG-4.1), place (BG-4.2), buy_parcels (BG-5.5) and
    secret tile (BG-10.2) decisions each AI level returns one of the legal actions after a
    real search, and the game it observed is unchanged (BG-11: it searches on samples)."""
    g = choosing(kind, variants)
    seat = g.seats_to_act[0]
    legal = g.legal_actions(seat)
    before = fingerprint(g)
    player = make_player(level, seed=5, budget_ms=0)
    assert isinstance(player, BoardSearchPlayer)
    action = player.choose(BoardObservation(g, seat), legal)
    assert action in legal, rule
    assert player.last is not None and player.last.iterations == AI_LEVELS[level].iterations
    assert fingerprint(g) == before
    g.apply(seat, action)  # and the real game accepts it
    assert len(g.actions) == len(before[4]) + 1


@pytest.mark.parametrize(("kind", "variants"), [("place", ()), ("tile", ("duel-tiles",))])
def test_bg_11_search_is_reproducible_with_iterations_only(
    kind: str, variants: tuple[str, ...]
) -> None:
    """budget_ms=0 and the same seed give the same search (action and every root statistic),
    at a placement (BG-4.2) and at a secret duel tile whose hidden facts are re-drawn in each
    sample (BG-10.2, BG-11); the clock plays no part."""
    g = choosing(kind, variants)
    seat = g.seats_to_act[0]
    legal = g.legal_actions(seat)
    runs = []
    for _ in range(2):
        player = BoardSearchPlayer("ai-medium", seed=11, budget_ms=0)
        action = player.choose(BoardObservation(g, seat), legal)
        assert player.last is not None
        runs.append((action, player.last.iterations, player.last.stats))
    assert runs[0] == runs[1]
    assert runs[0][1] == AI_LEVELS["ai-medium"].iterations
    assert len(runs[0][2]) > 1  # more than one candidate was weighed


def test_bg_8_ai_easy_outscores_random_seats() -> None:
    """Three whole 3-player games (BG-8: most VP wins), ai-easy on seat 0, 1, 2 in turn
    against two random seats: ai-easy wins each game and its mean score is far above theirs."""
    easy: list[int] = []
    others: list[int] = []
    for game in range(3):
        seats = ["random"] * 3
        seats[game] = "ai-easy"
        result = play_game(seats, seed=200 + game, budget_ms=0).result()
        assert result is not None
        assert result.winners == frozenset({game})
        easy.append(result.scores[game])
        others += [score for seat, score in enumerate(result.scores) if seat != game]
    assert statistics.fmean(easy) >= statistics.fmean(others) + 25
