"""The engine's public rules queries (:mod:`carson.games.board.engine.queries`) and the facts
the seat views carry for the interfaces: BG-4.2.4 spaces without duels, BG-5.6 the yellow
Worker's half price, BG-9.5 what winning every occupied place would cost."""

from __future__ import annotations

import random

from board_helpers import arena, new_game, own, play_until, put, random_step

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine import queries
from carson.games.board.engine.model import BUILD_PRICES, SPACES, DecisionKind
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import parcel


def worker_scene() -> BoardGameState:
    """Seat 0 is the yellow Worker; cowboys on construction spaces (one empty) and parcels."""
    g = arena(3)
    g.players[0].personality, g.players[0].side = "worker", "yellow"
    g.players[1].personality, g.players[1].side = "banker", "yellow"
    g.players[2].personality, g.players[2].side = "worker", "red"
    g.build_spaces = {12: "hotel", 10: "bank", 8: None, 6: "ranch", 5: "mine", 4: None, 3: "saloon"}
    put(g, 0, "build_12")  # $12 → $6 for the yellow Worker
    put(g, 0, "build_5")  # $5 → $3
    put(g, 0, "wages")  # not a building
    put(g, 1, "build_12")  # $12 for the others
    put(g, 1, "build_10")
    put(g, 2, "build_3")  # the red Worker pays in full
    put(g, 0, (3, 3))  # an unowned parcel: its price
    put(g, 1, (3, 3))
    put(g, 0, (5, 5))
    own(g, 1, (6, 6), tile="church")
    put(g, 0, (6, 6))  # an attack: nothing to pay
    return g


def test_bg_9_5_occupied_costs_of_parcels_and_buildings_at_the_seats_price() -> None:
    g = worker_scene()
    p33, p55 = g.town.price(parcel(3, 3)), g.town.price(parcel(5, 5))
    assert p33 > 0 and p55 > 0
    assert queries.occupied_costs(g, 0) == (p33 + p55, 6 + 3)
    assert queries.occupied_costs(g, 1) == (p33, 12 + 10)
    assert queries.occupied_costs(g, 2) == (0, 3)
    assert queries.occupied_costs(g, 0).total == p33 + p55 + 9
    g.build_spaces[12] = None  # bought by another: nothing left to pay there
    assert queries.occupied_costs(g, 1) == (p33, 10)


def test_bg_9_5_no_cowboys_cost_nothing() -> None:
    g = arena(3)
    assert queries.occupied_costs(g, 0) == (0, 0)


def test_bg_5_6_only_the_yellow_worker_pays_half_rounded_up() -> None:
    g = worker_scene()
    assert [queries.pays_half(g, seat) for seat in range(3)] == [True, False, False]
    assert [queries.building_price(g, 0, price) for price in BUILD_PRICES] == [6, 5, 4, 3, 3, 2, 2]
    assert [queries.building_price(g, 1, price) for price in BUILD_PRICES] == list(BUILD_PRICES)
    assert queries.building_prices(g, 0)["build_5"] == 3
    assert queries.building_prices(g, 2) == {f"build_{p}": p for p in BUILD_PRICES}


def test_bg_4_2_4_no_duel_on_wages_and_road_1_only() -> None:
    assert queries.no_duel_space_ids() == ("wages", "road_1")
    assert [SPACE_IDS[s] for s in range(len(SPACE_IDS)) if queries.no_duel(s)] == [
        "wages",
        "road_1",
    ]


def test_the_view_carries_the_queries_for_every_player() -> None:
    g = worker_scene()
    for seat in (None, 0, 1, 2):
        view = g.view(seat)
        flags = {space["id"]: space["no_duel"] for space in view["spaces"]}
        assert [space_id for space_id, flag in flags.items() if flag] == ["wages", "road_1"]
        prices = {space["id"]: space.get("price") for space in view["spaces"]}
        assert prices["build_12"] == 12 and prices["build_3"] == 3 and prices["wages"] is None
        for index, player in enumerate(view["players"]):
            costs = queries.occupied_costs(g, index)
            assert player["occupied_costs"] == {
                "parcels": costs.parcels,
                "buildings": costs.buildings,
            }
            assert player["pays_half"] == (index == 0)
            assert player["building_prices"] == queries.building_prices(g, index)


def test_the_view_names_decisions_and_choices_in_plain_json() -> None:
    g = play_until(new_game(3), lambda s: s.decision is not None and s.decision.kind == "place")
    decision = g.view(0)["decision"]
    assert decision["kind"] == "place" and type(decision["kind"]) is str
    assert g.decision is not None and g.decision.kind is DecisionKind.PLACE


def test_queries_hold_along_random_games() -> None:
    """Each player's view entry agrees with the queries at every decision of a few games."""
    for seed in range(3):
        g = new_game(3, seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not g.is_over:
            view = g.view(None)
            for index, player in enumerate(view["players"]):
                costs = queries.occupied_costs(g, index)
                assert player["occupied_costs"] == dict(costs._asdict())
                seen += costs.total > 0
            random_step(g, rng)
        assert seen > 0


def test_the_views_parcels_are_the_towns_along_random_games() -> None:
    """BG-5.5, BG-6.3: each parcel of the view, at every decision of a few games, shows the
    town's own answers for that parcel (its price asked alone, its income, its cowboys)."""
    for seed in range(3):
        g = new_game(4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            town = g.town
            for p, entry in enumerate(g.view(None)["parcels"]):
                tile = town.tiles[p]
                assert (entry["x"], entry["y"], entry["tile"]) == (p % 8, p // 8, tile)
                assert entry["owner"] == (None if town.owners[p] < 0 else town.owners[p])
                assert entry["river"] == (p in town.river)
                assert entry["price"] == town.price(p)
                built = tile not in (None, "house", "mountain")
                assert entry["income"] == (town.income(p) if built else None)
                cows = g.cowboys_at.get(SPACES + p, [])
                assert entry["cowboys"] == [{"seat": s, "white": w} for s, w in cows]
            random_step(g, rng)
