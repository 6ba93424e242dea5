"""Engine rule tests for buildings: construction (BG-6.1, BG-9.1, BG-9.4); step 12a, building
income and attacks are in ``test_board_building_income.py``.

The town's formulas themselves are unit-tested in ``test_town.py``; here each scenario is
arranged on a fresh state and driven through the flow (``Space(BUILD_p)``,
``BuildWindow(0)``, ``Space(INCOME_BUILDINGS)``). Duels are made certain by a
strength gap larger than a die can close (BG-4.3.4).
"""

from __future__ import annotations

import pytest
from board_helpers import act, arena, deciding, new_game, own, play_until, run_tasks
from buildings_scenes import (
    ACCESS,
    P,
    buy,
    centre_road,
    kinds,
    rejects,
    tile,
)

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.actions import GRANT_ALL, PASS, BoardAction
from carson.games.board.engine.state import BoardGameState
from carson.games.board.engine.tasks import BuildingIncome, BuildWindow
from carson.games.board.town import (
    EDGE_SIDES,
    HOUSE,
    MOUNTAIN,
    NO_OWNER,
    h_edge,
    v_edge,
)


def test_scenario_centre_road_gives_access_to_six_parcels() -> None:
    g = arena()
    centre_road(g)
    assert {p for p in range(64) if g.town.has_access(p)} == ACCESS


# --- BG-6.1.2, BG-6.1.3 where a ranch or mine may go ---------------------------------------


@pytest.mark.parametrize("building", ["ranch", "mine"])
def test_bg_6_1_2_bg_6_1_3_only_on_own_empty_parcels_no_road_needed(building: str) -> None:
    g = arena()  # no road anywhere
    own(g, 0, (1, 1), (6, 5))
    own(g, 0, (2, 2), tile=MOUNTAIN)
    own(g, 0, (3, 3), tile=HOUSE)
    own(g, 0, (4, 4), tile="ranch")
    own(g, 1, (5, 5))
    buy(g, 0, building)
    assert kinds(g, 0, "build") == {P(1, 1), P(6, 5)}
    for p in (P(2, 2), P(3, 3), P(4, 4), P(5, 5), P(0, 7)):
        rejects(g, 0, BoardAction("build", p))
    act(g, 0, "build", P(6, 5))
    assert g.town.tiles[P(6, 5)] == building
    assert g.town.owners[P(6, 5)] == 0
    assert g.decision is None and g.construction is None  # no house for these (BG-6.1.3)
    assert g.town.count_tiles(HOUSE) == 1


def test_bg_6_1_2_no_empty_own_parcel_only_storing() -> None:
    g = arena()
    own(g, 0, (1, 1), tile=MOUNTAIN)
    own(g, 1, (2, 2))
    buy(g, 0, "ranch")
    assert g.legal_actions(0) == [BoardAction("store")]
    act(g, 0, "store")
    assert g.players[0].stored == ["ranch"]


# --- BG-6.1.4 road access and the house ------------------------------------------------------


def test_bg_6_1_4_road_building_needs_access_and_places_a_free_house() -> None:
    g = arena()
    centre_road(g)
    own(g, 0, (3, 3), (6, 6))  # (6, 6) has no road access
    own(g, 0, (3, 2), tile=MOUNTAIN)
    own(g, 1, (2, 2), (4, 2))
    tile(g, HOUSE, (4, 3))  # unowned, occupied
    buy(g, 0, "saloon")
    g.players[0].roads = 0
    assert kinds(g, 0, "build") == {P(3, 3)}
    rejects(g, 0, BoardAction("build", P(6, 6)))
    money = g.players[0].money
    act(g, 0, "build", P(3, 3))
    assert g.town.tiles[P(3, 3)] == "saloon"
    assert g.decision is not None and g.decision.kind == "house"
    # Empty, road access, not the building's parcel; unowned or the builder's.
    assert g.legal_actions(0) == [BoardAction("house", P(2, 3))]
    for p in (P(2, 2), P(4, 2), P(3, 2), P(4, 3), P(6, 6), P(3, 3)):
        rejects(g, 0, BoardAction("house", p))
    act(g, 0, "house", P(2, 3))
    assert g.town.tiles[P(2, 3)] == HOUSE
    assert g.town.owners[P(2, 3)] == NO_OWNER  # the house does not make the parcel his
    assert g.players[0].money == money  # the house is free
    assert g.decision is None and g.construction is None


def test_bg_6_1_4_the_house_may_go_on_the_builders_own_parcel() -> None:
    g = arena()
    centre_road(g)
    own(g, 2, (2, 2), (4, 3))
    own(g, 0, (3, 2), (2, 3), (3, 3), (4, 2), tile=MOUNTAIN)
    buy(g, 2, "hotel")
    assert kinds(g, 2, "build") == {P(2, 2), P(4, 3)}
    act(g, 2, "build", P(4, 3))
    assert kinds(g, 2, "house") == {P(2, 2)}
    act(g, 2, "house", P(2, 2))
    assert (g.town.tiles[P(2, 2)], g.town.owners[P(2, 2)]) == (HOUSE, 2)


def test_bg_6_1_4_decision_no_house_spot_no_building_but_storing() -> None:
    g = arena()
    centre_road(g)
    own(g, 0, (3, 3))
    own(g, 1, (2, 2), (4, 2), (2, 3), (4, 3))
    tile(g, MOUNTAIN, (3, 2))
    own(g, 2, (7, 7), tile="ranch")  # seat 2 has no free parcel to ask for
    buy(g, 0, "church")
    g.players[0].roads = 0
    assert set(g.legal_actions(0)) == {BoardAction("store"), BoardAction("ask", 1)}
    rejects(g, 0, BoardAction("build", P(3, 3)))
    rejects(g, 0, BoardAction("ask", 2))
    act(g, 0, "store")
    assert g.players[0].stored == ["church"]
    assert g.town.tiles[P(3, 3)] is None


def test_bg_6_1_4_river_parcels_never_take_the_house() -> None:
    g = arena(variants=("river",))
    river = g.town.river
    # A road beside the river: some river parcel gets road access.
    edge = next(e for e in range(144) if _beside_river(g, e))
    g.town.add_road(edge)
    wet = {p for p in river if g.town.has_access(p)}
    dry = sorted(p for p in range(64) if g.town.has_access(p) and p not in river)
    assert wet and len(dry) >= 2
    g.town.set_owner(dry[0], 0)
    for p in dry[2:]:
        g.town.tiles[p] = MOUNTAIN
    buy(g, 0, "bank")
    act(g, 0, "build", dry[0])
    assert kinds(g, 0, "house") == {dry[1]}


def _beside_river(g: BoardGameState, edge: int) -> bool:
    sides = EDGE_SIDES[edge]
    return len(sides) == 2 and sum(p in g.town.river for p in sides) == 1


# --- BG-9.1 roads while building -------------------------------------------------------------


def test_bg_9_1_roads_before_the_building_create_its_access() -> None:
    g = arena()
    centre_road(g)
    own(g, 1, (5, 4))  # corners (5,4),(6,4),(5,5),(6,5): no access yet
    g.players[1].roads = 3
    buy(g, 1, "drugstore")
    assert kinds(g, 1, "build") == set()
    assert h_edge(4, 3) in kinds(g, 1, "road")
    rejects(g, 1, BoardAction("road", v_edge(5, 3)))  # does not touch the network yet
    rejects(g, 1, BoardAction("road", h_edge(0, 0)))
    act(g, 1, "road", h_edge(4, 3))
    assert g.players[1].roads == 2 and h_edge(4, 3) in g.town.roads
    assert g.decision is not None and g.decision.kind == "construct"  # more roads may follow
    assert kinds(g, 1, "build") == set()
    act(g, 1, "road", v_edge(5, 3))
    assert g.players[1].roads == 1
    assert kinds(g, 1, "build") == {P(5, 4)}
    act(g, 1, "build", P(5, 4))
    # After the building only the house: no more roads (BG-9.1 DECISION: roads come first).
    assert {a.kind for a in g.legal_actions(1)} == {"house"}
    rejects(g, 1, BoardAction("road", h_edge(5, 3)))
    act(g, 1, "house", P(4, 4))
    assert g.town.tiles[P(4, 4)] == HOUSE
    assert g.players[1].roads == 1
    assert g.general_roads() == 25 - 3 - 1 - 1 - 1


def test_bg_9_1_a_stored_building_lays_no_road() -> None:
    """Roads are laid only for a building that goes on the board: when the builder stores it
    after laying roads, they come back to his supply and off the board."""
    g = arena()
    centre_road(g)
    own(g, 1, (6, 6))  # far from the road: the roads below give it no access
    g.players[1].roads = 3
    general = g.general_roads()
    buy(g, 1, "drugstore")
    act(g, 1, "road", h_edge(4, 3))
    act(g, 1, "road", v_edge(5, 3))
    assert g.players[1].roads == 1 and v_edge(5, 3) in g.town.roads
    copy = g.clone()  # a clone knows which roads were laid for the building, too
    act(copy, 1, "store")
    act(g, 1, "store")
    assert copy.town.roads == g.town.roads and copy.players[1].roads == 3
    assert g.players[1].roads == 3 and g.players[1].stored == ["drugstore"]
    assert g.town.roads == {h_edge(3, 3)}
    assert {p for p in range(64) if g.town.has_access(p)} == ACCESS  # as before the roads
    assert g.general_roads() == general


def test_bg_9_1_step_12a_with_no_parcel_to_build_on_leaves_no_road() -> None:
    """The case players met: a stored hotel taken out at step 12a by a player with no empty
    parcel; roads are offered, but storing it again takes them back."""
    g = arena()
    centre_road(g)
    g.players[0].stored = ["hotel"]
    g.players[0].roads = 2
    run_tasks(g, BuildWindow(0))
    act(g, 0, "build_stored", BUILDING_IDS.index("hotel"))
    assert kinds(g, 0, "build") == set() and kinds(g, 0, "road")
    act(g, 0, "road", h_edge(4, 3))
    act(g, 0, "store")
    assert g.players[0].roads == 2 and g.town.roads == {h_edge(3, 3)}
    assert g.players[0].stored == ["hotel"]


def test_bg_9_1_every_offered_road_touches_the_network() -> None:
    g = arena()
    centre_road(g)
    g.players[0].roads = 1
    buy(g, 0, "hotel")
    assert kinds(g, 0, "road") == {
        h_edge(2, 3),
        h_edge(4, 3),
        v_edge(3, 2),
        v_edge(3, 3),
        v_edge(4, 2),
        v_edge(4, 3),
    }


def test_bg_9_1_no_roads_in_supply_no_road_actions() -> None:
    g = arena()
    centre_road(g)
    g.players[0].roads = 0
    buy(g, 0, "hotel")
    assert kinds(g, 0, "road") == set()
    rejects(g, 0, BoardAction("road", h_edge(4, 3)))


@pytest.mark.parametrize("building", ["ranch", "mine"])
def test_bg_9_1_no_roads_and_no_asking_for_a_ranch_or_mine(building: str) -> None:
    g = arena()
    centre_road(g)
    own(g, 0, (3, 3))
    own(g, 1, (6, 6))
    g.players[0].roads = 3
    buy(g, 0, building)
    assert set(g.legal_actions(0)) == {BoardAction("store"), BoardAction("build", P(3, 3))}
    rejects(g, 0, BoardAction("road", h_edge(4, 3)))
    rejects(g, 0, BoardAction("ask", 1))


def test_bg_9_1_no_roads_outside_construction() -> None:
    g = new_game(3, seed=4)
    play_until(g, deciding("place"))
    seat = g.seats_to_act[0]
    g.players[seat].roads = 3
    assert not any(a.kind == "road" for a in g.legal_actions(seat))
    edge = next(iter(g.town.legal_roads()))
    rejects(g, seat, BoardAction("road", edge))


# --- BG-9.4 permission for the house ---------------------------------------------------------


def permission_town() -> BoardGameState:
    """Seat 0 builds on (3,3); every other road-access parcel belongs to seat 1 or is full."""
    g = arena()
    centre_road(g)
    own(g, 0, (3, 3))
    own(g, 1, (2, 2), (4, 2), (2, 3), (0, 0))  # (0, 0): free, but no road access
    tile(g, MOUNTAIN, (3, 2))
    tile(g, HOUSE, (4, 3))  # unowned house beside (3, 3)
    g.players[0].roads = 0
    return g


def test_bg_9_4_a_granted_parcel_makes_the_building_possible() -> None:
    g = permission_town()
    buy(g, 0, "saloon")
    assert kinds(g, 0, "build") == set()
    act(g, 0, "ask", 1)
    assert g.decision is not None and g.decision.kind == "grant"
    assert g.decision.seats == (1,)
    assert g.legal_actions(1) == [
        PASS,
        *(BoardAction("grant", p) for p in (P(0, 0), P(2, 2), P(4, 2), P(2, 3))),
        GRANT_ALL,
    ]
    rejects(g, 0, BoardAction("grant", P(2, 2)))  # only the owner answers
    act(g, 1, "grant", P(4, 2))
    assert g.decision is not None and g.decision.kind == "grant"  # may grant more
    assert BoardAction("grant", P(4, 2)) not in g.legal_actions(1)
    act(g, 1, "pass")  # a subset: (4, 2) only
    assert g.decision is not None and g.decision.kind == "construct"
    assert set(g.legal_actions(0)) == {BoardAction("store"), BoardAction("build", P(3, 3))}
    rejects(g, 0, BoardAction("ask", 1))  # asked at most once per build
    act(g, 0, "build", P(3, 3))
    assert g.legal_actions(0) == [BoardAction("house", P(4, 2))]
    rejects(g, 0, BoardAction("house", P(2, 2)))
    act(g, 0, "house", P(4, 2))
    assert (g.town.tiles[P(4, 2)], g.town.owners[P(4, 2)]) == (HOUSE, 1)


def test_bg_9_4_a_granted_parcel_without_road_access_is_no_house_spot() -> None:
    g = permission_town()
    buy(g, 0, "bank")
    act(g, 0, "ask", 1)
    act(g, 1, "grant", P(0, 0))
    act(g, 1, "pass")
    assert g.legal_actions(0) == [BoardAction("store")]


def test_bg_9_4_an_empty_answer_leaves_only_storing() -> None:
    g = permission_town()
    buy(g, 0, "hotel")
    asked = g.apply(0, BoardAction("ask", 1))
    assert [(e.kind, dict(e.data)) for e in asked] == [("ask", {"seat": 0, "owner": 1})]
    answered = g.apply(1, PASS)
    assert not [e for e in answered if e.kind == "grant"]
    assert g.legal_actions(0) == [BoardAction("store")]


def test_bg_9_4_a_house_on_a_granted_parcel_counts_only_for_its_owner() -> None:
    g = permission_town()
    buy(g, 0, "saloon")
    act(g, 0, "ask", 1)
    act(g, 1, "grant", P(2, 3))
    act(g, 1, "pass")
    act(g, 0, "build", P(3, 3))
    act(g, 0, "house", P(2, 3))
    before = [p.money for p in g.players]
    run_tasks(g, BuildingIncome())
    # BG-6.2: the unowned house at (4, 3) counts, the house on seat 1's parcel does not.
    assert g.players[0].money == before[0] + 5


def test_bg_9_4_each_owner_asked_once_several_owners_possible() -> None:
    g = permission_town()
    own(g, 2, (6, 6))
    buy(g, 0, "church")
    assert kinds(g, 0, "ask") == {1, 2}
    act(g, 0, "ask", 2)
    act(g, 2, "grant", P(6, 6))  # no road access: useless, but his to give
    act(g, 2, "pass")
    assert kinds(g, 0, "ask") == {1}
    act(g, 0, "ask", 1)
    act(g, 1, "grant", P(2, 2))
    act(g, 1, "pass")
    assert kinds(g, 0, "ask") == set()
    act(g, 0, "build", P(3, 3))
    assert kinds(g, 0, "house") == {P(2, 2)}


def test_bg_9_4_grant_all_answers_with_every_free_parcel_at_once() -> None:
    g = permission_town()
    buy(g, 0, "saloon")
    act(g, 0, "ask", 1)
    act(g, 1, "grant", P(0, 0))
    events = g.apply(1, GRANT_ALL)  # the rest, in one answer
    granted = [tuple(e.data["parcel"]) for e in events if e.kind == "grant"]
    assert granted == [(2, 2), (4, 2), (2, 3)]
    assert g.construction is not None
    assert g.construction.granted == {P(0, 0), P(2, 2), P(4, 2), P(2, 3)}
    assert g.decision is not None and g.decision.kind == "construct"  # the builder's turn
    assert g.decision.seats == (0,)
    act(g, 0, "build", P(3, 3))
    assert kinds(g, 0, "house") == {P(2, 2), P(4, 2), P(2, 3)}


def test_bg_9_4_grant_all_is_offered_only_with_two_parcels_or_more() -> None:
    g = permission_town()
    own(g, 2, (6, 6))
    buy(g, 0, "church")
    act(g, 0, "ask", 2)
    assert g.legal_actions(2) == [PASS, BoardAction("grant", P(6, 6))]
    rejects(g, 2, GRANT_ALL)
    act(g, 2, "pass")
    act(g, 0, "ask", 1)
    for p in (P(0, 0), P(2, 2), P(4, 2)):
        assert GRANT_ALL in g.legal_actions(1)
        act(g, 1, "grant", p)
    assert g.legal_actions(1) == [PASS, BoardAction("grant", P(2, 3))]


def test_bg_9_4_the_grant_question_names_the_parcels_with_road_access() -> None:
    g = permission_town()
    g.town.river = frozenset({P(4, 2)})  # a river parcel never takes a house
    buy(g, 0, "saloon")
    act(g, 0, "ask", 1)
    assert g.decision is not None
    assert g.decision.get("access") == (P(2, 2), P(2, 3))  # not (0, 0): no road there
    assert g.view(1)["decision"]["access"] == [[2, 2], [2, 3]]
    act(g, 1, "grant", P(2, 2))
    assert g.decision.get("access") == (P(2, 3),)  # what is still on offer
