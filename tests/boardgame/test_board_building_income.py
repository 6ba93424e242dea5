"""Engine rule tests for revolvers on placing (BG-6.1.6), deferred building at step 12a
(BG-6.1.5), building income (BG-5.10, BG-6.2, BG-6.3) and attacks on buildings (BG-6.7).
"""

from __future__ import annotations

import pytest
from board_helpers import act, arena, own, put, run_tasks, target
from buildings_scenes import (
    P,
    buy,
    centre_road,
    events,
    kinds,
    rejects,
    tile,
)

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.actions import PASS, BoardAction, option
from carson.games.board.engine.options import Pick
from carson.games.board.engine.state import BoardGameState, S
from carson.games.board.engine.tasks import BuildingIncome, BuildWindow, Placement, Space
from carson.games.board.town import (
    HOUSE,
    MOUNTAIN,
)

# --- BG-6.1.6 revolvers on placing -----------------------------------------------------------

REVOLVERS = {"ranch": 1, "mine": 1, "prison": 2}


@pytest.mark.parametrize("building", BUILDING_IDS)
def test_bg_6_1_6_revolvers_when_placed(building: str) -> None:
    g = arena()
    centre_road(g)
    own(g, 0, (3, 3))
    buy(g, 0, building)
    assert g.players[0].revolvers == 1  # buying gives nothing
    act(g, 0, "build", P(3, 3))
    if g.decision is not None:
        act(g, 0, "house", P(2, 3))
    assert g.players[0].revolvers == 1 + REVOLVERS.get(building, 0)


def test_bg_6_1_6_storing_gives_no_revolvers_building_later_does() -> None:
    g = arena()
    own(g, 0, (1, 1))
    buy(g, 0, "prison")
    act(g, 0, "store")
    assert g.players[0].revolvers == 1
    centre_road(g)
    own(g, 0, (3, 3))
    run_tasks(g, BuildWindow(0))
    act(g, 0, "build_stored", BUILDING_IDS.index("prison"))
    act(g, 0, "build", P(3, 3))
    act(g, 0, "house", P(2, 3))
    assert g.players[0].revolvers == 3
    assert g.players[0].stored == []


# --- BG-6.1.5 deferred building at step 12a --------------------------------------------------


def test_bg_6_1_5_step_12a_in_turn_order_any_number() -> None:
    g = arena()
    g.round.turn_order = [2, 0, 1]
    g.players[0].stored = ["ranch", "mine"]
    g.players[2].stored = ["ranch"]
    own(g, 0, (1, 1), (5, 5))
    own(g, 2, (6, 1))
    run_tasks(g, BuildWindow(0))
    assert g.decision is not None and g.decision.kind == "stored"
    assert g.decision.seats == (2,)
    rejects(g, 0, BoardAction("build_stored", BUILDING_IDS.index("ranch")))
    assert g.legal_actions(2) == [PASS, BoardAction("build_stored", 0)]
    act(g, 2, "build_stored", BUILDING_IDS.index("ranch"))
    act(g, 2, "build", P(6, 1))
    assert g.decision is not None and g.decision.seats == (0,)
    assert g.legal_actions(0) == [
        PASS,
        BoardAction("build_stored", 0),
        BoardAction("build_stored", 1),
    ]
    act(g, 0, "build_stored", BUILDING_IDS.index("mine"))
    act(g, 0, "build", P(5, 5))
    assert g.decision is not None and g.decision.seats == (0,)  # the same player again
    act(g, 0, "build_stored", BUILDING_IDS.index("ranch"))
    act(g, 0, "build", P(1, 1))
    assert g.decision is None
    assert g.players[0].stored == [] and g.players[2].stored == []
    assert (g.players[0].revolvers, g.players[2].revolvers) == (3, 2)
    assert [g.town.tiles[P(*c)] for c in [(1, 1), (5, 5), (6, 1)]] == ["ranch", "mine", "ranch"]


def test_bg_6_1_5_a_player_may_build_some_and_keep_the_rest() -> None:
    g = arena()
    g.players[1].stored = ["ranch", "hotel", "ranch"]
    own(g, 1, (1, 1), (6, 6))
    run_tasks(g, BuildWindow(0))
    assert g.decision is not None and g.decision.seats == (1,)
    # Two ranches stored: one choice for them.
    assert kinds(g, 1, "build_stored") == {0, BUILDING_IDS.index("hotel")}
    act(g, 1, "build_stored", 0)
    act(g, 1, "build", P(6, 6))
    act(g, 1, "pass")
    assert g.decision is None
    assert sorted(g.players[1].stored) == ["hotel", "ranch"]
    assert g.town.tiles[P(6, 6)] == "ranch"


def test_bg_6_1_5_a_building_put_back_is_not_offered_again_in_the_window() -> None:
    g = arena()
    g.players[0].stored = ["hotel", "mine"]
    own(g, 0, (1, 1))
    run_tasks(g, BuildWindow(0))
    act(g, 0, "build_stored", BUILDING_IDS.index("hotel"))
    assert g.legal_actions(0) == [BoardAction("store")]  # no road access for a hotel
    act(g, 0, "store")
    assert g.decision is not None and g.decision.kind == "stored"
    assert kinds(g, 0, "build_stored") == {BUILDING_IDS.index("mine")}
    act(g, 0, "pass")
    assert g.decision is None
    assert sorted(g.players[0].stored) == ["hotel", "mine"]


def test_bg_6_1_5_step_12a_comes_after_build_3_and_before_income_parcels() -> None:
    g = arena()
    for seat, card in enumerate(("banker", "captain", "settler")):
        g.players[seat].personality = card
    for price in g.build_spaces:
        g.build_spaces[price] = None
    own(g, 0, (1, 1))
    put(g, 0, "income_parcels")
    g.build_spaces[3] = "ranch"
    put(g, 0, "build_3")
    run_tasks(g, Placement())  # everyone has passed: phase 3 runs
    assert g.decision is not None and g.decision.kind == "menu"
    act(g, 0, "option", option("take").arg)
    act(g, 0, "store")
    # Step 12a at once, before INCOME_PARCELS has paid.
    assert g.decision is not None and g.decision.kind == "stored"
    assert g.players[0].money == 15 - 3
    act(g, 0, "build_stored", BUILDING_IDS.index("ranch"))
    act(g, 0, "build", P(1, 1))
    # The rest of the round: INCOME_PARCELS $2, then the new ranch's income at
    # INCOME_BUILDINGS ((1, 1) has 8 empty neighbours: $8); the round ends.
    incomes = [e for e in events(g, "income") if e["seat"] == 0]
    assert incomes == [{"seat": 0, "amount": 2, "why": "income_parcels"}]
    assert g.players[0].money == 15 - 3 + 2 + 8
    assert g.round.number == 2


# --- BG-5.10, BG-6.2, BG-6.3 building income through the engine ------------------------------


def test_bg_6_3_income_buildings_pays_every_owner_by_the_formulas() -> None:
    g = arena()
    own(g, 0, (2, 2), tile="saloon")
    tile(g, HOUSE, (1, 1))  # unowned: +1
    own(g, 0, (2, 1), tile=HOUSE)  # own: +1
    own(g, 1, (3, 1), tile=HOUSE)  # seat 1's: 0 for seat 0
    own(g, 0, (1, 2), tile="hotel")  # own hotel: +2, pays $6
    own(g, 1, (3, 2), tile="hotel")  # seat 1's hotel: 0 for seat 0, pays seat 1 $6
    own(g, 0, (1, 3), tile="ranch")  # own ranch: +1; 5 empty neighbours → $5
    own(g, 0, (2, 3), tile="church")  # own church: +1, pays $0
    tile(g, MOUNTAIN, (3, 3))  # not a house-equivalent
    own(g, 2, (6, 6), tile="mine")
    tile(g, MOUNTAIN, (5, 5))  # unowned mountain: +3
    own(g, 0, (7, 7), tile=MOUNTAIN)  # seat 0's mountain: 0 for seat 2
    own(g, 2, (6, 5), tile=MOUNTAIN)  # own mountain: +3
    own(g, 1, (0, 7), tile="prison")  # $0
    run_tasks(g, Space(S["income_buildings"]))
    saloon = 5 * (1 + 1 + 2 + 1 + 1)
    assert [p.money for p in g.players] == [15 + saloon + 6 + 5, 15 + 6, 15 + 6]
    assert g.decision is None


def test_bg_6_3_decision_drugstore_counts_an_adjacent_own_ranch_twice() -> None:
    g = arena()
    own(g, 2, (4, 4), tile="drugstore")
    own(g, 2, (4, 5), tile="ranch")  # beside it: 1 HE and 1 ranch
    own(g, 2, (0, 0), tile="ranch")  # far away: 1 ranch
    own(g, 1, (5, 5), tile="ranch")  # seat 1's ranch: nothing for the drugstore
    run_tasks(g, BuildingIncome())
    drugstore = 3 * 1 + 3 * 2
    ranches = 6 + 3  # (4, 5): 6 empty neighbours; (0, 0): 3
    assert g.players[2].money == 15 + drugstore + ranches
    assert g.players[1].money == 15 + 6  # (5, 5): 6 empty neighbours


def test_bg_6_3_bank_counts_own_mines_anywhere() -> None:
    g = arena()
    own(g, 1, (4, 4), tile="bank")
    tile(g, HOUSE, (5, 5))  # 1 HE
    own(g, 1, (0, 0), tile="mine")
    tile(g, MOUNTAIN, (1, 0))  # the mine at (0, 0) earns 3
    own(g, 1, (7, 7), tile="mine")  # earns nothing, counts for the bank
    own(g, 0, (7, 0), tile="mine")  # seat 0's: no effect on seat 1's bank
    run_tasks(g, BuildingIncome())
    assert g.players[1].money == 15 + (3 * 1 + 3 * 2) + 3
    assert g.players[0].money == 15


def test_bg_6_3_ranch_earns_at_least_1_hotel_6_church_and_prison_nothing() -> None:
    g = arena()
    own(g, 0, (0, 0), tile="ranch")
    tile(g, MOUNTAIN, (1, 0), (0, 1), (1, 1))
    own(g, 1, (5, 5), tile="hotel")
    own(g, 2, (3, 3), tile="church")
    own(g, 2, (6, 2), tile="prison")
    run_tasks(g, BuildingIncome())
    assert [p.money for p in g.players] == [16, 21, 15]


def test_bg_5_10_building_income_needs_no_cowboy_and_is_paid_every_time() -> None:
    g = arena()
    own(g, 0, (5, 5), tile="hotel")
    run_tasks(g, Space(S["income_buildings"]), Space(S["income_buildings"]))
    assert g.players[0].money == 15 + 12


# --- BG-6.7 attacks --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("houses", "building", "owner_gets", "attacker_gets"),
    [(0, "hotel", 3, 3), (1, "saloon", 3, 2), (3, "saloon", 8, 7), (0, "church", 0, 0)],
)
def test_bg_6_7_3_bg_6_7_4_single_attacker_without_defender_succeeds_at_once(
    houses: int, building: str, owner_gets: int, attacker_gets: int
) -> None:
    g = arena()
    own(g, 0, (3, 3), tile=building)
    tile(g, HOUSE, *[(2, 2), (4, 4), (2, 4)][:houses])
    g.players[0].revolvers = 20  # strength is irrelevant: there is no duel
    put(g, 1, (3, 3))
    run_tasks(g, Space(S["income_buildings"]))
    assert not events(g, "duel")
    assert g.players[0].money == 15 + owner_gets
    assert g.players[1].money == 15 + attacker_gets
    assert g.players[1].cowboys == 2  # to the general supply
    assert not g.cowboys_at
    assert events(g, "attack")[0]["result"] == "robbed"


def test_bg_6_7_bg_5_5_cowboys_on_buildings_wait_for_income_buildings() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    own(g, 1, (5, 5), tile="saloon")
    g.players[0].revolvers = 20
    put(g, 1, (3, 3))  # attack
    put(g, 0, (3, 3))  # defence
    put(g, 2, (5, 5))  # attack, no defender
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.decision is None
    assert g.seats_at(target((3, 3))) == [1, 0] and g.seats_at(target((5, 5))) == [2]
    assert not events(g, "duel") and not events(g, "parcel")
    assert (g.town.owners[P(3, 3)], g.town.owners[P(5, 5)]) == (0, 1)
    run_tasks(g, Space(S["income_buildings"]))
    assert g.decision is not None and g.decision.kind == "order"  # two attacks
    act(g, g.seats_to_act[0], "order", P(3, 3))
    assert [p.money for p in g.players] == [15 + 6, 15, 15]  # the saloon earns $0
    assert [p.cowboys for p in g.players] == [2, 3, 2]


def test_bg_6_7_7_prison_may_be_attacked_for_nothing() -> None:
    g = arena()
    own(g, 2, (6, 6), tile="prison")
    put(g, 0, (6, 6))
    run_tasks(g, BuildingIncome())
    assert [p.money for p in g.players] == [15, 15, 15]
    assert g.players[0].cowboys == 2 and not g.cowboys_at


def test_bg_6_7_2_church_protection_attack_fails_without_duel() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    own(g, 0, (4, 4), tile="church")
    g.players[1].revolvers = 20
    put(g, 1, (3, 3))
    put(g, 2, (3, 3))
    put(g, 0, (3, 3))  # a defender, needlessly
    run_tasks(g, BuildingIncome())
    assert not events(g, "duel")
    assert events(g, "attack")[0]["result"] == "church"
    assert [p.money for p in g.players] == [15 + 6, 15, 15]
    # Attackers back to their supplies; the defender's cowboy to the general supply.
    assert [p.cowboys for p in g.players] == [2, 3, 3]
    assert not g.cowboys_at


def test_bg_6_7_2_an_opponents_church_protects_nothing() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    own(g, 2, (4, 4), tile="church")
    put(g, 1, (3, 3))
    run_tasks(g, BuildingIncome())
    assert (g.players[0].money, g.players[1].money) == (18, 18)


def test_bg_6_7_5_defender_wins_the_duel() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    g.players[0].revolvers = 20
    put(g, 0, (3, 3))
    put(g, 1, (3, 3))
    run_tasks(g, BuildingIncome())
    duel = events(g, "duel")
    assert len(duel) == 1 and duel[0]["winner"] == 0
    assert (g.players[0].money, g.players[1].money) == (21, 15)
    assert (g.players[0].cowboys, g.players[1].cowboys) == (2, 3)
    assert events(g, "attack")[0]["result"] == "defended"
    assert not g.cowboys_at


def test_bg_6_7_4_attacker_beats_the_defender() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    g.players[1].revolvers = 20
    put(g, 0, (3, 3))
    put(g, 1, (3, 3))
    run_tasks(g, BuildingIncome())
    assert events(g, "duel")[0]["winner"] == 1
    assert (g.players[0].money, g.players[1].money) == (18, 18)
    # The defender's cowboy goes back to his supply, the attacker's to the general supply.
    assert (g.players[0].cowboys, g.players[1].cowboys) == (3, 2)
    assert not g.cowboys_at


def test_bg_6_7_3_decision_several_attackers_fight_one_duel() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    g.players[2].revolvers = 20
    put(g, 1, (3, 3))
    put(g, 2, (3, 3))
    run_tasks(g, BuildingIncome())
    duel = events(g, "duel")
    assert len(duel) == 1 and duel[0]["winner"] == 2
    values = duel[0]["values"]
    assert isinstance(values, dict) and sorted(values) == [1, 2]
    assert [p.money for p in g.players] == [18, 15, 18]
    assert [p.cowboys for p in g.players] == [3, 3, 2]


def test_bg_6_7_3_defender_and_several_attackers_one_duel_of_three() -> None:
    g = arena()
    own(g, 1, (3, 3), tile="hotel")
    g.players[1].revolvers = 20
    put(g, 0, (3, 3))
    put(g, 1, (3, 3))
    put(g, 2, (3, 3))
    run_tasks(g, BuildingIncome())
    duel = events(g, "duel")
    assert len(duel) == 1
    values = duel[0]["values"]
    assert isinstance(values, dict) and sorted(values) == [0, 1, 2]
    assert [p.money for p in g.players] == [15, 21, 15]
    assert [p.cowboys for p in g.players] == [3, 2, 3]


def test_bg_6_7_6_grocer_doubling_attacked_each_gets_the_normal_income() -> None:
    g = arena()
    grocer = g.players[0]
    grocer.personality, grocer.side, grocer.choice = "grocer", "yellow", Pick.DEFER
    own(g, 0, (1, 1), tile="hotel")
    own(g, 0, (5, 5), tile="hotel")
    own(g, 0, (7, 1), tile="ranch")  # 5 empty neighbours
    put(g, 2, (5, 5))
    run_tasks(g, Space(S["income_buildings"]))
    assert g.decision is not None and g.decision.kind == "menu"
    assert g.legal_actions(0) == [
        option("money"),
        option("double:ranch"),
        option("double:hotel"),
    ]
    act(g, 0, "option", option("double:hotel").arg)
    # Unattacked hotel 12, ranch 5 (not doubled); attacked hotel: 6 each.
    assert g.players[0].money == 15 + 12 + 5 + 6
    assert g.players[2].money == 15 + 6


def test_bg_6_7_1_grocer_doubling_and_successful_attack_on_an_odd_income() -> None:
    g = arena()
    grocer = g.players[1]
    grocer.personality, grocer.side, grocer.choice = "grocer", "yellow", Pick.DEFER
    own(g, 1, (3, 3), tile="saloon")
    tile(g, HOUSE, (2, 2))  # saloon: $5, doubled $10
    put(g, 0, (3, 3))
    run_tasks(g, Space(S["income_buildings"]))
    act(g, 1, "option", option("double:saloon").arg)
    assert (g.players[0].money, g.players[1].money) == (20, 20)


def test_bg_6_7_7_defender_on_an_unattacked_building_goes_to_general_supply() -> None:
    g = arena()
    own(g, 2, (4, 4), tile="hotel")
    put(g, 2, (4, 4))
    run_tasks(g, BuildingIncome())
    assert g.players[2].money == 21
    assert g.players[2].cowboys == 2
    assert not g.cowboys_at
    assert not events(g, "duel") and not events(g, "attack")


def test_bg_4_3_9_the_first_passer_orders_several_attacks() -> None:
    g = arena()
    g.round.pass_order = [2, 0, 1]
    own(g, 0, (1, 1), tile="hotel")
    own(g, 0, (5, 5), tile="hotel")
    put(g, 1, (1, 1))
    put(g, 2, (5, 5))
    run_tasks(g, BuildingIncome())
    assert g.decision is not None and g.decision.kind == "order"
    assert g.decision.seats == (2,)
    assert kinds(g, 2, "order") == {P(1, 1), P(5, 5)}
    rejects(g, 0, BoardAction("order", P(1, 1)))
    act(g, 2, "order", P(5, 5))
    assert g.decision is None  # one left: resolved at once
    assert [e["parcel"] for e in events(g, "attack")] == [[5, 5], [1, 1]]
    assert [p.money for p in g.players] == [21, 18, 18]


# --- issue 19: what each building pays whom, in the events -----------------------------------


def _paid(g: BoardGameState) -> list[tuple[int, str, tuple[int, int], int, bool]]:
    (event,) = events(g, "building_income")
    incomes = event["incomes"]
    assert isinstance(incomes, list)
    return [
        (i["seat"], i["building"], tuple(i["parcel"]), i["amount"], i["doubled"]) for i in incomes
    ]


def test_bg_6_3_the_income_event_tells_each_building_its_owner_and_amount() -> None:
    g = arena()
    own(g, 0, (2, 2), tile="saloon")
    tile(g, HOUSE, (1, 1), (3, 3))  # the saloon: 2 HE → $10
    own(g, 1, (6, 6), tile="hotel")  # $6
    own(g, 2, (0, 7), tile="ranch")  # 3 empty neighbours → $3
    own(g, 2, (7, 0), tile="church")  # $0, still told
    own(g, 1, (5, 1), tile="hotel")
    put(g, 0, (5, 1))  # attacked: told by its "attack" event, not here
    run_tasks(g, BuildingIncome())
    assert _paid(g) == [
        (2, "church", (7, 0), 0, False),
        (0, "saloon", (2, 2), 10, False),
        (1, "hotel", (6, 6), 6, False),
        (2, "ranch", (0, 7), 3, False),
    ]
    assert events(g, "attack")[0]["income"] == 6
    assert [p.money for p in g.players] == [15 + 10 + 3, 15 + 6 + 3, 15 + 3]


def test_bg_7_2_the_income_event_tells_the_grocers_doubled_buildings() -> None:
    g = arena()
    grocer = g.players[0]
    grocer.personality, grocer.side, grocer.choice = "grocer", "yellow", Pick.DEFER
    own(g, 0, (1, 1), tile="hotel")
    own(g, 0, (7, 1), tile="ranch")  # 5 empty neighbours
    run_tasks(g, Space(S["income_buildings"]))
    act(g, 0, "option", option("double:hotel").arg)
    assert _paid(g) == [(0, "hotel", (1, 1), 12, True), (0, "ranch", (7, 1), 5, False)]


def test_bg_6_7_2_a_church_protected_attack_tells_the_income_paid() -> None:
    g = arena()
    own(g, 0, (3, 3), tile="hotel")
    own(g, 0, (4, 4), tile="church")
    put(g, 1, (3, 3))
    run_tasks(g, BuildingIncome())
    attack = events(g, "attack")[0]
    assert (attack["result"], attack["income"]) == ("church", 6)
