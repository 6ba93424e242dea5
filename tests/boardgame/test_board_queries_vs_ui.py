"""The engine's rules queries give the numbers the interfaces compute today by themselves
(``carson.web.board_present`` and ``carson.terminal.board_prompts``), on the same positions.

Delete this module once the interfaces call the queries (issue 18): it pins the switch.
"""

from __future__ import annotations

import random
from typing import Any

from board_helpers import new_game, random_step
from test_board_queries import worker_scene

from carson.games.board.engine import queries
from carson.games.board.engine.state import BoardGameState
from carson.terminal.board_prompts import occupied_costs as terminal_occupied_costs
from carson.web.board_present import NO_DUEL_SPACES, BoardPresenter, _half_price


def web_placed_cost(view: dict[str, Any], me: int) -> int:
    presenter = BoardPresenter("en", lambda text: text)
    return presenter._placed_cost(view, me)


def agree(g: BoardGameState) -> tuple[int, int]:
    """Check every seat; the seats with something to pay, and those paying it at half."""
    paying = halved = 0
    for seat in range(g.config.players):
        view = g.view(seat)
        costs = queries.occupied_costs(g, seat)
        assert costs == terminal_occupied_costs(g, seat)
        assert costs.total == web_placed_cost(view, seat)
        player = view["players"][seat]
        assert player["pays_half"] == _half_price(player) == queries.pays_half(g, seat)
        for space in view["spaces"]:
            assert space["no_duel"] == (space["id"] in NO_DUEL_SPACES)
            if "price" in space:  # the web's half price of a construction space (_menu)
                price = space["price"]
                paid = (price + 1) // 2 if _half_price(player) else price
                assert player["building_prices"][space["id"]] == paid
        paying += costs.total > 0
        halved += costs.buildings > 0 and queries.pays_half(g, seat)
    return paying, halved


def test_the_worker_scene_agrees_with_the_interfaces() -> None:
    assert agree(worker_scene()) == (3, 1)


def test_random_games_agree_with_the_interfaces() -> None:
    paying = halved = 0
    for seed, variants in [(0, ()), (1, ("river",)), (2, ("red-sides",)), (3, ("duel-tiles",))]:
        g = new_game(3, variants, seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.decision is not None and g.decision.kind == "place":
                seats, half = agree(g)
                paying, halved = paying + seats, halved + half
            random_step(g, rng)
    assert paying > 20 and halved > 0, (paying, halved)
