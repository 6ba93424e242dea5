"""The in-memory cache of game states and views (the database stays the truth)."""

from __future__ import annotations

from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState
from carson.server.play.cache import GameCache


def state(seed: int) -> CardGameState:
    return CardGameState(GameConfig.of(["player", "expert", "expert", "expert"]), seed)


def test_least_recently_used_games_leave_first() -> None:
    cache = GameCache(2)
    cache.put("a", state(1))
    cache.put("b", state(2))
    assert cache.state("a") is not None  # a is now the most recently used
    cache.put("c", state(3))
    assert cache.state("b") is None
    assert cache.state("a") is not None and cache.state("c") is not None


def test_views_belong_to_one_move_of_a_cached_game() -> None:
    cache = GameCache(2)
    view = {"seq": 0}
    cache.put_view("a", (0, False, 0), view)
    assert cache.view("a", (0, False, 0)) is None  # no state cached: nothing to go stale with
    cache.put("a", state(1))
    cache.put_view("a", (0, False, 0), view)
    assert cache.view("a", (0, False, 0)) is view
    cache.put_view("a", (1, False, 1), {"seq": 1})  # a newer move replaces the old views
    assert cache.view("a", (0, False, 0)) is None
    cache.put("a", state(1))  # a new state: its views are built afresh
    assert cache.view("a", (1, False, 1)) is None
    cache.drop("a")
    assert cache.state("a") is None
