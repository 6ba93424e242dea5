"""Engine rule tests for the action spaces WAGES to the parcel purchase (BG-5.1 – BG-5.5,
with BG-1.12 and BG-4.3.6); the later spaces and the final scoring are in
``test_board_actions_scoring.py``.

Most tests arrange a fresh state directly (an empty town, chosen cowboys, money and pieces)
and run one step of the flow with :func:`run_tasks`; duels are made certain by a strength
gap larger than a die can close (BG-4.3.4).
"""

from __future__ import annotations

from actions_scenes import (
    events,
    no_cowboys_left,
    rejects,
)
from board_helpers import (
    act,
    arena,
    deciding,
    new_game,
    own,
    play_until,
    put,
    run_tasks,
)

from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.state import SPACES, S
from carson.games.board.engine.tasks import Space
from carson.games.board.town import HOUSE, MOUNTAIN, NEIGHBOURS, NO_OWNER, parcel

# --- BG-5.1 WAGES ----------------------------------------------------------------------------


def test_bg_5_1_wages_pay_4_per_cowboy_several_per_player() -> None:
    g = arena()
    put(g, 0, "wages", 3)
    put(g, 2, "wages", 1)
    run_tasks(g, Space(S["wages"]))
    assert [p.money for p in g.players] == [15 + 12, 15, 15 + 4]
    assert g.decision is None


def test_bg_4_3_6_bg_5_1_wages_cowboys_go_to_the_general_supply() -> None:
    g = arena()
    put(g, 0, "wages", 2)
    general = g.general_cowboys(0)
    run_tasks(g, Space(S["wages"]))
    no_cowboys_left(g, "wages")
    assert g.players[0].cowboys == 1  # 3 − 2 placed, none came back
    assert g.general_cowboys(0) == general + 2


def test_bg_5_1_bg_4_2_4_several_cowboys_of_one_player_on_wages_in_play() -> None:
    g = new_game(3, seed=1)
    play_until(g, deciding("place"))
    seat = g.seats_to_act[0]
    act(g, seat, "cowboy", S["wages"])
    placed = 1
    log = []
    while g.decision is not None and g.decision.kind == "place":
        s = g.seats_to_act[0]
        if s == seat and placed < 2:
            assert BoardAction("cowboy", S["wages"]) in g.legal_actions(s)
            act(g, s, "cowboy", S["wages"])
            placed += 1
        else:
            log = g.apply(s, PASS)
    paid = [e.data for e in log if e.kind == "paid"]
    assert len(paid) == 1
    assert paid[0]["space"] == "wages"
    assert list(paid[0]["cowboys"]) == [seat, seat]


# --- BG-5.2 AMMUNITION -----------------------------------------------------------------------


def test_bg_5_2_ammunition_gives_3_strength_for_the_round() -> None:
    g = arena()
    put(g, 1, "ammunition")
    strength = g.strength(1)
    run_tasks(g, Space(S["ammunition"]))
    assert g.players[1].three_revolvers
    assert g.strength(1) == strength + 3
    assert [p.three_revolvers for p in g.players] == [False, True, False]
    no_cowboys_left(g, "ammunition")
    assert g.players[1].cowboys == 2


def test_bg_5_2_ammunition_counts_for_income_strength_and_vp_strength_later() -> None:
    g = arena()
    put(g, 0, "ammunition")
    put(g, 0, "income_strength")
    put(g, 0, "vp_strength")
    # supply: 0 cowboys + 1 revolver + 3 (tile) = 4 → $8 and 2 VP
    run_tasks(g, Space(S["ammunition"]), Space(S["income_strength"]), Space(S["vp_strength"]))
    assert g.players[0].money == 15 + 8
    assert g.players[0].vp == 2


def test_bg_5_2_ammunition_duel_winner_takes_the_tile_loser_keeps_his_cowboy() -> None:
    g = arena()
    g.players[2].revolvers = 12  # no die can close this gap
    put(g, 0, "ammunition")
    put(g, 2, "ammunition")
    run_tasks(g, Space(S["ammunition"]))
    assert g.players[2].three_revolvers and not g.players[0].three_revolvers
    assert g.players[0].cowboys == 3  # the loser's cowboy is back in his supply (BG-4.3.5)
    assert g.players[2].cowboys == 2  # the winner's went to the general supply
    no_cowboys_left(g, "ammunition")
    assert events(g, "duel")[0]["winner"] == 2


# --- BG-5.3 ROADS_3, BG-5.4 ROAD_1, BG-1.12 -------------------------------------------------


def test_bg_5_3_roads_3_gives_three_roads() -> None:
    g = arena()
    put(g, 2, "roads_3")
    general = g.general_roads()
    run_tasks(g, Space(S["roads_3"]))
    assert [p.roads for p in g.players] == [1, 1, 4]
    assert g.general_roads() == general - 3
    no_cowboys_left(g, "roads_3")


def test_bg_5_4_road_1_gives_one_road_per_cowboy() -> None:
    g = arena()
    put(g, 0, "road_1", 2)
    put(g, 1, "road_1", 1)
    run_tasks(g, Space(S["road_1"]))
    assert [p.roads for p in g.players] == [3, 2, 1]
    no_cowboys_left(g, "road_1")


def test_bg_1_12_roads_3_gives_only_what_the_general_supply_holds() -> None:
    g = arena()
    g.players[1].roads = 25 - 2 - 2  # 2 in the other supplies; 2 left in general
    assert g.general_roads() == 2
    put(g, 0, "roads_3")
    run_tasks(g, Space(S["roads_3"]))
    assert g.players[0].roads == 1 + 2
    assert g.general_roads() == 0


def test_bg_1_12_roads_on_the_board_count_against_the_25() -> None:
    g = arena()
    for edge in range(10):  # 10 roads on the board, 3 in supplies: 12 left
        g.town.add_road(edge)
    assert g.general_roads() == 12
    g.players[2].roads = 12  # now 1 left
    put(g, 0, "road_1", 3)
    run_tasks(g, Space(S["road_1"]))
    assert g.players[0].roads == 1 + 1
    assert g.general_roads() == 0


def test_bg_1_12_roads_from_an_empty_general_supply_give_nothing() -> None:
    g = arena()
    g.players[0].roads = 25 - 2
    put(g, 1, "roads_3")
    run_tasks(g, Space(S["roads_3"]))
    assert g.players[1].roads == 1
    assert not events(g, "roads")


# --- BG-5.5 parcel purchase ------------------------------------------------------------------


def test_bg_5_5_price_is_1_plus_tiles_on_and_around_and_the_marker_goes_under_the_house() -> None:
    g = arena()
    g.town.tiles[parcel(3, 3)] = HOUSE  # on the parcel
    g.town.tiles[parcel(2, 2)] = MOUNTAIN  # around it
    own(g, 1, (4, 4), tile="ranch")  # another player's building around it
    g.town.tiles[parcel(5, 3)] = MOUNTAIN  # two columns away: does not count
    put(g, 0, (3, 3))
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.decision is not None and g.decision.kind == "buy_parcels"
    assert g.legal_actions(0) == [PASS, BoardAction("buy_parcel", parcel(3, 3))]
    act(g, 0, "buy_parcel", parcel(3, 3))
    assert g.players[0].money == 15 - 4
    assert g.players[0].markers == 11
    assert g.town.owners[parcel(3, 3)] == 0
    assert g.town.tiles[parcel(3, 3)] == HOUSE  # the house lies on the marker
    assert events(g, "parcel")[0]["price"] == 4
    no_cowboys_left(g, (3, 3))
    assert g.players[0].cowboys == 2  # the cowboy went to the general supply


def test_bg_5_5_an_empty_parcel_with_empty_surroundings_costs_1() -> None:
    g = arena()
    put(g, 2, (0, 7))
    run_tasks(g, Space(S["parcel_purchase"]))
    act(g, 2, "buy_parcel", parcel(0, 7))
    assert g.players[2].money == 14
    assert g.town.owners[parcel(0, 7)] == 2


def test_bg_5_5_river_parcels_add_nothing_to_the_price() -> None:
    g = arena(variants=("river",))
    river = g.town.river
    # The land parcel with the most river neighbours.
    p = max(
        (q for q in range(64) if q not in river),
        key=lambda q: sum(n in river for n in NEIGHBOURS[q]),
    )
    assert sum(n in river for n in NEIGHBOURS[p]) >= 3
    g.cowboys_at[SPACES + p] = [(1, False)]
    g.players[1].cowboys -= 1
    run_tasks(g, Space(S["parcel_purchase"]))
    act(g, 1, "buy_parcel", p)
    assert g.players[1].money == 14


def test_bg_5_5_several_parcels_bought_one_by_one_each_at_its_price() -> None:
    g = arena()
    g.town.tiles[parcel(1, 1)] = MOUNTAIN
    put(g, 0, (1, 0))  # beside the mountain: $2
    put(g, 0, (6, 6))  # $1
    put(g, 0, (1, 1))  # the mountain itself: $2
    run_tasks(g, Space(S["parcel_purchase"]))
    assert {a.arg for a in g.legal_actions(0) if a.kind == "buy_parcel"} == {
        parcel(1, 0),
        parcel(6, 6),
        parcel(1, 1),
    }
    act(g, 0, "buy_parcel", parcel(1, 1))
    assert g.decision is not None and g.decision.kind == "buy_parcels"
    assert {a.arg for a in g.legal_actions(0) if a.kind == "buy_parcel"} == {
        parcel(1, 0),
        parcel(6, 6),
    }
    act(g, 0, "buy_parcel", parcel(6, 6))
    act(g, 0, "pass")  # declines (1, 0)
    assert g.players[0].money == 15 - 2 - 1
    assert g.town.owned_by(0) == (parcel(1, 1), parcel(6, 6))
    assert g.town.owners[parcel(1, 0)] == NO_OWNER
    assert g.town.tiles[parcel(1, 1)] == MOUNTAIN
    assert g.players[0].cowboys == 0 and not g.cowboys_at  # all three to the general supply


def test_bg_5_5_only_affordable_parcels_are_offered() -> None:
    g = arena()
    g.players[0].money = 2
    g.town.tiles[parcel(2, 2)] = HOUSE
    g.town.tiles[parcel(2, 3)] = MOUNTAIN
    put(g, 0, (3, 3))  # $3
    put(g, 0, (5, 5))  # $1
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.legal_actions(0) == [PASS, BoardAction("buy_parcel", parcel(5, 5))]
    rejects(g, 0, BoardAction("buy_parcel", parcel(3, 3)))
    act(g, 0, "buy_parcel", parcel(5, 5))
    assert g.decision is None  # $1 left, nothing else affordable
    assert g.players[0].money == 1
    assert g.town.owners[parcel(3, 3)] == NO_OWNER


def test_bg_5_5_decision_no_purchase_without_a_property_marker() -> None:
    g = arena()
    g.players[0].markers = 0
    put(g, 0, (3, 3))
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.decision is None
    assert g.town.owners[parcel(3, 3)] == NO_OWNER
    assert g.players[0].money == 15
    no_cowboys_left(g, (3, 3))
    assert g.players[0].cowboys == 2  # the cowboy still went to the general supply


def test_bg_5_5_decision_placing_on_a_parcel_without_markers_is_still_legal() -> None:
    g = new_game(3, seed=2)
    play_until(g, deciding("place"))
    seat = g.seats_to_act[0]
    g.players[seat].markers = 0
    free = next(p for p in range(64) if g.town.owners[p] == NO_OWNER and g.town.tiles[p] is None)
    assert BoardAction("cowboy", SPACES + free) in g.legal_actions(seat)


def test_bg_5_5_owned_parcels_cannot_be_bought() -> None:
    g = new_game(3, seed=3)
    play_until(g, deciding("place"))
    seat = g.seats_to_act[0]
    owned = [p for p in range(64) if g.town.owners[p] != NO_OWNER]
    assert len(owned) >= 6  # the starting parcels (BG-3.8), perhaps the Settler's
    legal = g.legal_actions(seat)
    for p in owned:
        assert BoardAction("cowboy", SPACES + p) not in legal
        rejects(g, seat, BoardAction("cowboy", SPACES + p))


def test_bg_5_5_the_winner_of_a_parcel_duel_buys_it() -> None:
    g = arena()
    g.players[1].revolvers = 12
    put(g, 0, (4, 4))
    put(g, 1, (4, 4))
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.decision is not None and g.decision.kind == "buy_parcels"
    assert g.decision.seats == (1,)
    rejects(g, 0, BoardAction("buy_parcel", parcel(4, 4)))
    act(g, 1, "buy_parcel", parcel(4, 4))
    assert g.town.owners[parcel(4, 4)] == 1
    assert (g.players[0].cowboys, g.players[1].cowboys) == (3, 2)


def test_bg_5_5_illegal_purchase_of_a_parcel_not_offered() -> None:
    g = arena()
    put(g, 0, (3, 3))
    run_tasks(g, Space(S["parcel_purchase"]))
    rejects(g, 0, BoardAction("buy_parcel", parcel(4, 4)))
    rejects(g, 1, BoardAction("buy_parcel", parcel(3, 3)))
