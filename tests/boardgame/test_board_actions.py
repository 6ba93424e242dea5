"""Engine rule tests for the action spaces (BG-5, with BG-1.12 and BG-4.3.6) and the final
scoring (BG-8).

Most tests arrange a fresh state directly (an empty town, chosen cowboys, money and pieces)
and run one step of the flow with :func:`run_tasks`; duels are made certain by a strength
gap larger than a die can close (BG-4.3.4).
"""

from __future__ import annotations

import random

import pytest
from board_helpers import (
    act,
    arena,
    deciding,
    new_game,
    own,
    play_random,
    play_until,
    put,
    run_tasks,
    target,
)

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import PASS, BoardAction, option
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.engine.tasks import Final, NextRound, Space
from carson.games.board.town import HOUSE, MOUNTAIN, NEIGHBOURS, NO_OWNER, parcel

# --- scenario helpers ------------------------------------------------------------------------


def events(g: BoardGameState, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in g._events if e.kind == kind]


def snapshot(g: BoardGameState) -> str:
    t = g.town
    pieces = (g.players, t.tiles, t.owners, sorted(t.roads), g.decision, g.tasks, g.cowboys_at)
    return repr((*pieces, g.build_spaces, g.round.pass_order))


def rejects(g: BoardGameState, seat: int, action: BoardAction) -> None:
    """The action raises IllegalActionError and leaves the state as it was."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(seat, action)
    assert snapshot(g) == before


def no_cowboys_left(g: BoardGameState, where: str | tuple[int, int]) -> None:
    assert target(where) not in g.cowboys_at


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
    assert g.town.owned_by(0) == [parcel(1, 1), parcel(6, 6)]
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


# --- BG-5.6 BUILD_p --------------------------------------------------------------------------


def test_bg_5_6_the_builder_pays_p_and_may_store_the_building() -> None:
    g = arena()
    g.build_spaces[8] = "saloon"
    put(g, 1, "build_8")
    run_tasks(g, Space(S["build_8"]))
    assert g.decision is not None and g.decision.kind == "menu"
    assert g.legal_actions(1) == [PASS, option("take")]
    act(g, 1, "option", option("take").arg)
    assert g.players[1].money == 15 - 8
    assert g.build_spaces[8] is None
    assert g.decision is not None and g.decision.kind == "construct"
    act(g, 1, "store")
    assert g.players[1].stored == ["saloon"]
    assert g.players[1].money == 7  # BG-6.1.1: paid whether built or stored
    assert g.decision is None
    no_cowboys_left(g, "build_8")


def test_bg_5_6_the_builder_may_build_at_once() -> None:
    g = arena()
    g.build_spaces[12] = "mine"
    own(g, 0, (2, 2))
    put(g, 0, "build_12")
    run_tasks(g, Space(S["build_12"]))
    act(g, 0, "option", option("take").arg)
    act(g, 0, "build", parcel(2, 2))
    assert g.town.tiles[parcel(2, 2)] == "mine"
    assert g.players[0].money == 3
    assert g.players[0].stored == []


@pytest.mark.parametrize(("price", "paid"), [(3, 2), (4, 2), (5, 3), (8, 4), (12, 6)])
def test_bg_5_6_bg_7_2_yellow_worker_pays_half_rounded_up(price: int, paid: int) -> None:
    g = arena()
    g.players[0].personality, g.players[0].side = "worker", "yellow"
    g.players[0].money = paid  # just enough for half, not for the full price
    g.build_spaces[price] = "ranch"
    put(g, 0, f"build_{price}")
    run_tasks(g, Space(S[f"build_{price}"]))
    act(g, 0, "option", option("take").arg)
    assert g.players[0].money == 0
    act(g, 0, "store")
    assert g.players[0].stored == ["ranch"]


def test_bg_5_6_red_worker_pays_the_full_price_on_a_build_space() -> None:
    g = arena()
    g.players[0].personality, g.players[0].side = "worker", "red"
    g.build_spaces[6] = "ranch"
    put(g, 0, "build_6")
    run_tasks(g, Space(S["build_6"]))
    act(g, 0, "option", option("take").arg)
    assert g.players[0].money == 15 - 6


def test_bg_5_6_bg_4_3_7_declined_building_stays_on_its_space() -> None:
    g = arena()
    g.build_spaces[10] = "hotel"
    put(g, 2, "build_10")
    run_tasks(g, Space(S["build_10"]))
    act(g, 2, "pass")
    assert g.build_spaces[10] == "hotel"
    assert g.players[2].money == 15 and g.players[2].stored == []
    no_cowboys_left(g, "build_10")
    assert g.players[2].cowboys == 2  # BG-4.3.6: to the general supply even when declined


def test_bg_5_6_too_little_money_no_purchase_and_the_building_stays() -> None:
    g = arena()
    g.players[0].money = 11
    g.build_spaces[12] = "mine"
    put(g, 0, "build_12")
    run_tasks(g, Space(S["build_12"]))
    assert g.decision is None
    assert g.build_spaces[12] == "mine"
    assert g.players[0].money == 11
    no_cowboys_left(g, "build_12")


def test_bg_5_6_after_a_duel_only_the_winner_may_buy() -> None:
    g = arena()
    g.players[0].revolvers = 12
    g.build_spaces[5] = "bank"
    put(g, 0, "build_5")
    put(g, 2, "build_5")
    run_tasks(g, Space(S["build_5"]))
    assert g.decision is not None and g.decision.seats == (0,)
    rejects(g, 2, option("take"))
    act(g, 0, "option", option("take").arg)
    assert g.players[0].money == 10 and g.players[2].money == 15


# --- BG-5.7 – BG-5.9 incomes -----------------------------------------------------------------


def test_bg_5_7_income_parcels_2_per_owned_parcel_whatever_it_holds() -> None:
    g = arena()
    own(g, 1, (0, 0))
    own(g, 1, (3, 3), tile=MOUNTAIN)
    own(g, 1, (5, 5), tile=HOUSE)
    own(g, 1, (6, 6), tile="church")
    own(g, 0, (7, 7))
    put(g, 1, "income_parcels")
    run_tasks(g, Space(S["income_parcels"]))
    assert g.players[1].money == 15 + 8
    assert g.players[0].money == 15
    no_cowboys_left(g, "income_parcels")


def test_bg_5_8_income_strength_2_per_strength_point() -> None:
    g = arena()
    p = g.players[2]
    p.revolvers = 2
    put(g, 2, "income_strength")  # 2 cowboys stay in supply
    run_tasks(g, Space(S["income_strength"]))
    assert p.money == 15 + 2 * (2 + 2)


def test_bg_5_8_bg_7_2_income_strength_counts_white_cowboy_and_gunslinger() -> None:
    g = arena()
    p = g.players[0]
    p.personality, p.side = "gunslinger", "yellow"
    p.white = True  # as if the Sheriff's cowboy were here: counts (BG-4.3.3 DECISION)
    put(g, 0, "income_strength")
    run_tasks(g, Space(S["income_strength"]))
    # 2 cowboys + white + 1 revolver + 3 (yellow Gunslinger) = 7
    assert p.money == 15 + 14


def test_bg_5_9_income_dice_pays_the_sum_of_both_dice() -> None:
    for seed in range(8):
        g = arena(seed=seed)
        put(g, 1, "income_dice")
        run_tasks(g, Space(S["income_dice"]))
        dice = events(g, "dice")[0]["dice"]
        assert isinstance(dice, list) and len(dice) == 2
        assert all(1 <= d <= 6 for d in dice)
        assert g.players[1].money == 15 + sum(dice)
        no_cowboys_left(g, "income_dice")


def test_bg_5_9_income_dice_uses_dice_even_with_duel_tiles() -> None:
    g = arena(variants=("duel-tiles",))
    money = g.players[0].money
    put(g, 0, "income_dice")
    run_tasks(g, Space(S["income_dice"]))
    assert g.decision is None  # no tile is asked for
    dice = events(g, "dice")[0]["dice"]
    assert isinstance(dice, list)
    assert g.players[0].money == money + sum(dice)


# --- BG-5.11 – BG-5.14 victory points --------------------------------------------------------


@pytest.mark.parametrize(("parcels", "vp"), [(0, 0), (1, 0), (2, 1), (5, 2), (8, 4)])
def test_bg_5_11_vp_parcels_half_the_owned_parcels(parcels: int, vp: int) -> None:
    g = arena()
    spread = [(0, 0), (2, 0), (4, 0), (6, 0), (0, 2), (2, 2), (4, 2), (6, 2)]
    own(g, 0, *spread[:parcels])  # they need not touch
    put(g, 0, "vp_parcels")
    run_tasks(g, Space(S["vp_parcels"]))
    assert g.players[0].vp == vp


def test_bg_5_12_vp_strength_half_the_strength_rounded_down() -> None:
    g = arena()
    g.players[1].revolvers = 14
    put(g, 1, "vp_strength")  # 2 cowboys + 14 revolvers = 16 → 8 VP
    put(g, 2, "vp_strength")  # a duel seat 1 cannot lose
    run_tasks(g, Space(S["vp_strength"]))
    assert g.players[1].vp == 8
    assert g.players[2].vp == 0


def test_bg_5_12_vp_strength_odd_strength() -> None:
    g = arena()
    g.players[0].revolvers = 2
    put(g, 0, "vp_strength")  # 2 cowboys + 2 revolvers + 3 tile = 7 → 3 VP
    g.players[0].three_revolvers = True
    run_tasks(g, Space(S["vp_strength"]))
    assert g.players[0].vp == 3


def test_bg_5_13_decision_vp_buildings_counts_only_buildings_on_the_board() -> None:
    g = arena()
    own(g, 2, (1, 1), tile="ranch")
    own(g, 2, (2, 4), tile="church")
    own(g, 2, (3, 3), tile=HOUSE)
    own(g, 2, (5, 5), tile=MOUNTAIN)
    own(g, 2, (6, 6))
    own(g, 0, (7, 7), tile="hotel")  # another player's
    g.players[2].stored = ["bank", "saloon"]
    put(g, 2, "vp_buildings")
    run_tasks(g, Space(S["vp_buildings"]))
    assert g.players[2].vp == 2


def test_bg_5_14_buy_any_number_of_vp_at_the_price() -> None:
    g = arena()
    g.players[0].money = 13
    put(g, 0, "buy_vp_4")
    run_tasks(g, Space(S["buy_vp_4"]))
    assert g.decision is not None and g.decision.kind == "count"
    assert g.legal_actions(0) == [BoardAction("count", k) for k in range(4)]
    rejects(g, 0, BoardAction("count", 4))
    act(g, 0, "count", 3)
    assert (g.players[0].money, g.players[0].vp) == (1, 3)
    no_cowboys_left(g, "buy_vp_4")


@pytest.mark.parametrize("price", [5, 4, 3, 2])
def test_bg_5_14_buying_zero_vp_changes_nothing(price: int) -> None:
    g = arena()
    put(g, 1, f"buy_vp_{price}")
    run_tasks(g, Space(S[f"buy_vp_{price}"]))
    assert max(a.arg for a in g.legal_actions(1)) == 15 // price
    act(g, 1, "count", 0)
    assert (g.players[1].money, g.players[1].vp) == (15, 0)


def test_bg_5_14_too_little_money_for_one_vp_asks_nothing() -> None:
    g = arena()
    g.players[1].money = 4
    put(g, 1, "buy_vp_5")
    run_tasks(g, Space(S["buy_vp_5"]))
    assert g.decision is None
    assert (g.players[1].money, g.players[1].vp) == (4, 0)
    no_cowboys_left(g, "buy_vp_5")


# --- BG-8 final scoring ----------------------------------------------------------------------


def test_bg_8_2_two_vp_per_owned_parcel_with_a_tile_and_one_per_6_dollars() -> None:
    g = arena()
    own(g, 0, (1, 1), tile="saloon")
    own(g, 0, (2, 2), tile=HOUSE)
    own(g, 0, (4, 4), tile=MOUNTAIN)
    own(g, 0, (6, 6))  # empty: 0
    g.players[0].stored = ["hotel"]  # unbuilt: 0
    g.players[0].money = 23  # 3 VP
    g.players[0].vp = 10
    g.players[1].money = 5  # 0 VP
    own(g, 1, (0, 7), (7, 0))  # empty parcels only
    g.players[2].money = 6
    run_tasks(g, Final())
    assert [p.vp for p in g.players] == [10 + 6 + 3, 0, 1]
    assert g.is_over
    assert g.players[0].money == 23  # money is counted, not spent
    final = events(g, "final")
    assert final[0] == {"seat": 0, "parcels": 6, "money": 3, "total": 19}


def test_bg_8_3_most_vp_wins() -> None:
    g = arena()
    g.round.pass_order = [0, 1, 2]
    g.players[2].vp = 5
    g.players[0].vp = 4
    run_tasks(g, Final())
    result = g.result()
    assert result is not None
    assert result.scores == (4 + 2, 0 + 2, 5 + 2)  # $15 each → 2 VP
    assert result.winners == frozenset({2})


@pytest.mark.parametrize(("pass_order", "winner"), [([2, 0, 1], 2), ([1, 0, 2], 0), ([0, 2, 1], 0)])
def test_bg_8_3_tie_goes_to_the_earlier_passer_of_round_4(
    pass_order: list[int], winner: int
) -> None:
    g = arena()
    g.round.pass_order = pass_order
    g.players[0].vp = 7
    g.players[2].vp = 5
    g.players[2].money = 27  # 4 VP instead of 2: ties seat 0 at 9
    run_tasks(g, Final())
    result = g.result()
    assert result is not None
    assert result.scores == (9, 2, 9)
    assert result.winners == frozenset({winner})


def test_bg_8_1_bg_8_2_a_played_game_ends_after_round_4_with_the_final_count() -> None:
    g = new_game(3, seed=5)
    play_random(g, random.Random(5))
    assert g.is_over and g.round.number == 4
    result = g.result()
    assert result is not None
    assert result.scores == tuple(player.vp for player in g.players)
    # Replay up to the last action, then watch the final count being added once.
    replay = new_game(3, seed=5)
    for seat, action in g.actions[:-1]:
        replay.apply(seat, action)
    assert not replay.is_over
    before = [p.vp for p in replay.players]
    seat, action = g.actions[-1]
    log = replay.apply(seat, action)
    assert replay.is_over
    final = {e.data["seat"]: e.data for e in log if e.kind == "final"}
    assert sorted(final) == [0, 1, 2]
    for s, player in enumerate(replay.players):
        earlier = sum(
            e.data["vp" if e.kind == "cash_limit" else "amount"]
            for e in log
            if e.kind in ("cash_limit", "vp") and e.data["seat"] == s
        )
        assert final[s]["parcels"] == replay.town.final_vp(s)
        assert final[s]["money"] == player.money // 6
        assert player.vp == final[s]["total"]
        assert player.vp == before[s] + earlier + final[s]["parcels"] + final[s]["money"]


def test_bg_5_2_the_ammunition_tile_goes_back_at_the_end_of_the_round() -> None:
    g = arena()
    put(g, 0, "ammunition")
    run_tasks(g, Space(S["ammunition"]))
    assert g.strength(0) == 2 + 1 + 3
    run_tasks(g, NextRound())
    assert not g.players[0].three_revolvers
    assert g.strength(0) == 2 + 1
