"""Engine rule tests for the construction spaces (BG-5.6), the incomes (BG-5.7 – BG-5.9), the
victory-point spaces (BG-5.11 – BG-5.14) and the final scoring (BG-8).
"""

from __future__ import annotations

import random

import pytest
from actions_scenes import (
    events,
    no_cowboys_left,
    rejects,
)
from board_helpers import (
    act,
    arena,
    new_game,
    own,
    play_random,
    put,
    run_tasks,
)

from carson.games.board.engine.actions import PASS, BoardAction, option
from carson.games.board.engine.state import S
from carson.games.board.engine.tasks import Final, NextRound, Space
from carson.games.board.town import HOUSE, MOUNTAIN, parcel

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


def test_bg_5_13_decision_a_stored_building_is_owned_but_scores_nothing() -> None:
    """Yucata: "für jedes Gebäude, das er besitzt"; carson (docs/boardgame-rules.md) reads it
    as the buildings standing on his parcels: one built and one stored building give 1 VP."""
    g = arena()
    own(g, 1, (4, 4), tile="saloon")
    g.players[1].stored = ["hotel"]
    put(g, 1, "vp_buildings")
    run_tasks(g, Space(S["vp_buildings"]))
    assert g.players[1].vp == 1
    told = [dict(e.data) for e in g._events if e.kind == "vp"]
    assert told == [{"seat": 1, "amount": 1, "why": "vp_buildings"}]
    assert g.players[1].stored == ["hotel"]  # still his, for a later round


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
